import fs from 'node:fs';
import path from 'node:path';
import {
  type ArabicDigits,
  INTL_LOCALE,
  intlLocale,
  isLanguage,
  type Language,
  LANGUAGES,
  textDirection,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import Negotiator from 'negotiator';
import ar from '../i18n/ar';
import en, { type Catalogue, type MessageKey } from '../i18n/en';
import es from '../i18n/es';

/**
 * Issue 34 (decision 0082): the server's words, from ICU MessageFormat catalogues formatted by
 * FormatJS's intl-messageformat, with dates through `Intl` in the reader's language.
 */
export type { MessageKey };

export const CATALOGUES: Record<Language, Catalogue> = { en, es, ar };

/** A deployment's own wording (DATA_DIR/messages/{language}.json), over the shipped catalogues. */
let overrides: Partial<Record<Language, Partial<Catalogue>>> = {};
const compiled = new Map<string, IntlMessageFormat>();

type Values = Record<string, string | number>;

export interface Words {
  language: Language;
  dir: 'ltr' | 'rtl';
  /** A message as text (escape it for HTML). */
  t(key: MessageKey, values?: Values): string;
  /** A calendar day in UTC: 'March 3, 2027', '3 de marzo de 2027'. */
  day(date: Date | string): string;
  /** A moment to the second, in UTC. */
  moment(date: Date | string): string;
}

let digits: ArabicDigits = 'latin';
/** The locale a language's dates and numbers are formatted in, with the board's digits for Arabic. */
const localeOf = (language: Language) => intlLocale(language, digits);

const formatters = new Map<Language, { day: Intl.DateTimeFormat; moment: Intl.DateTimeFormat }>();

/** ARABIC_DIGITS: how Arabic pages, mails and documents write numbers (the server's configuration). */
export function setArabicDigits(value: ArabicDigits) {
  if (value === digits) return;
  digits = value;
  formatters.clear();
  compiled.clear();
}
function formattersOf(language: Language) {
  let found = formatters.get(language);
  if (!found) {
    const locale = localeOf(language);
    found = {
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
      moment: new Intl.DateTimeFormat(locale, {
        dateStyle: 'long',
        timeStyle: 'medium',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }),
    };
    formatters.set(language, found);
  }
  return found;
}

function format(language: Language, key: MessageKey, values?: Values): string {
  const source = overrides[language]?.[key] ?? CATALOGUES[language][key];
  const id = `${language}\u0000${source}`;
  let message = compiled.get(id);
  if (!message) compiled.set(id, (message = new IntlMessageFormat(source, localeOf(language))));
  return String(message.format(values));
}

export function wordsFor(language: Language): Words {
  const { day, moment } = formattersOf(language);
  return {
    language,
    dir: textDirection(language),
    t: (key, values) => format(language, key, values),
    day: (date) => day.format(new Date(date)),
    moment: (date) => `${moment.format(new Date(date))} UTC`,
  };
}

/** A mail's first line: "Hello Ana," or, without a name, "Hello there,". */
export const greeting = (words: Words, name: string) =>
  name.trim() ? words.t('mail.greeting', { name }) : words.t('mail.greetingNoName');

/** Items of a sentence joined in the language ("a, b" or "a، b"). */
export const joinList = (words: Words, items: string[]) => items.join(words.t('mail.listSeparator'));

/**
 * The reader's language (issue 34): `?lang=`, else the `lang` cookie, else the best of
 * Accept-Language (RFC 9110 §12.5.4, by `negotiator`), else English. An unknown value falls back
 * silently to the next.
 */
export function requestLanguage(req: FastifyRequest): Language {
  const asked = (req.query as { lang?: unknown } | undefined)?.lang;
  if (isLanguage(asked)) return asked;
  const cookie = req.cookies?.lang;
  if (isLanguage(cookie)) return cookie;
  const negotiated = new Negotiator({ headers: { 'accept-language': req.headers['accept-language'] } }).language([
    ...LANGUAGES,
  ]);
  return isLanguage(negotiated) ? negotiated : 'en';
}

/**
 * Reads a deployment's overrides from `dir/{language}.json` (a flat object of keys and ICU
 * messages). A file that is not such an object, an unknown key, or a message that does not parse
 * stops the start with the file and key named: a wrong word on a public page is worse than none.
 */
export function loadMessageOverrides(dir: string): string[] {
  const next: typeof overrides = {};
  const loaded: string[] = [];
  for (const language of LANGUAGES) {
    const file = path.join(dir, `${language}.json`);
    if (!fs.existsSync(file)) continue;
    const problem = (what: string) => new Error(`${file}: ${what}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw problem(`not JSON (${(err as Error).message})`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw problem('not an object of messages');
    const messages: Partial<Catalogue> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (!(key in en)) throw problem(`unknown message key "${key}"`);
      if (typeof value !== 'string') throw problem(`the message "${key}" is not a string`);
      try {
        new IntlMessageFormat(value, INTL_LOCALE[language]);
      } catch (err) {
        throw problem(`the message "${key}" is not ICU MessageFormat (${(err as Error).message})`);
      }
      messages[key as MessageKey] = value;
    }
    next[language] = messages;
    loaded.push(file);
  }
  overrides = next;
  compiled.clear();
  return loaded;
}
