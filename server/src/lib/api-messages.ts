import type { Language } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../i18n/en';
import { type MessageKey, requestLanguage, type Words } from './i18n';

/**
 * Issue 34: the API's error messages in the reader's language. The server and the contract write
 * them in English; the error handler (plugins/errors.ts) looks each one up here by its exact
 * English text and answers with the catalogue's message of the same key (`api.*`). A text that is
 * not known (a message of a domain, one Fastify wrote) stays as it is, in English. An English
 * answer is never touched: its text is the one the code wrote, to the byte.
 */

/** The language of an API answer: the signed-in member's profile's, else the request's. */
export const answerLanguage = (req: FastifyRequest): Language => req.auth?.user.language ?? requestLanguage(req);

/**
 * The messages without arguments, by their English text: the English catalogue's own texts (the
 * shipped ones: a deployment's overrides change what a reader sees, not what is looked up).
 */
const EXACT = new Map<string, MessageKey>();
for (const [key, source] of Object.entries(en) as [MessageKey, string][]) {
  if (!key.startsWith('api.')) continue;
  const message = new IntlMessageFormat(source, 'en-US');
  const ast = message.getAst();
  // A message that is one literal (or none at all: ICU's quoting aside) has no arguments.
  if (ast.every((element) => element.type === 0)) EXACT.set(String(message.format()), key);
}

/**
 * The messages with a variable part: the English text as a pattern, and the names of the
 * arguments its groups are, in order. Each group's text goes into the translation as it was
 * written (a number is not formatted again; a list of codes stays a list of codes).
 */
const PATTERNS: { pattern: RegExp; key: MessageKey; names: string[] }[] = [
  { pattern: /^Language must be one of: (.+)$/, key: 'api.v.language', names: ['languages'] },
  { pattern: /^Sort by one of (.+)$/, key: 'api.v.sortBy', names: ['columns'] },
  { pattern: /^Status must be one of (.+)$/, key: 'api.v.statusOneOf', names: ['statuses'] },
  { pattern: /^Status is one of (.+)$/, key: 'api.v.renewalStatusOneOf', names: ['statuses'] },
  { pattern: /^At most (\d+) characters$/, key: 'api.v.atMostCharacters', names: ['max'] },
  { pattern: /^At most (\d+) records can be restored at once$/, key: 'api.v.restoreAtMost', names: ['max'] },
  // zod's own messages (zod/v4/locales/en), for a check whose schema gives none.
  { pattern: /^Too big: expected string to have <=(\d+) characters$/, key: 'api.zod.tooLong', names: ['max'] },
  { pattern: /^Too small: expected string to have >=(\d+) characters$/, key: 'api.zod.tooShort', names: ['min'] },
  { pattern: /^Too big: expected array to have <=(\d+) items$/, key: 'api.zod.tooManyItems', names: ['max'] },
  { pattern: /^Too small: expected array to have >=(\d+) items$/, key: 'api.zod.tooFewItems', names: ['min'] },
  { pattern: /^Too big: expected number to be <=(\S+)$/, key: 'api.zod.atMost', names: ['max'] },
  { pattern: /^Too big: expected number to be <(\S+)$/, key: 'api.zod.below', names: ['max'] },
  { pattern: /^Too small: expected number to be >=(\S+)$/, key: 'api.zod.atLeast', names: ['min'] },
  { pattern: /^Too small: expected number to be >(\S+)$/, key: 'api.zod.above', names: ['min'] },
  {
    pattern: /^Invalid input: expected (\w+), received (\w+)$/,
    key: 'api.zod.invalidType',
    names: ['expected', 'received'],
  },
  { pattern: /^Invalid option: expected one of (.+)$/, key: 'api.zod.invalidOption', names: ['options'] },
  { pattern: /^Invalid input: expected (.+)$/, key: 'api.zod.invalidLiteral', names: ['value'] },
  { pattern: /^Unrecognized key: (.+)$/, key: 'api.zod.unrecognizedKey', names: ['keys'] },
  { pattern: /^Unrecognized keys: (.+)$/, key: 'api.zod.unrecognizedKeys', names: ['keys'] },
  { pattern: /^Invalid string: must match pattern (.+)$/, key: 'api.zod.pattern', names: ['pattern'] },
  { pattern: /^Invalid number: must be a multiple of (\S+)$/, key: 'api.zod.multipleOf', names: ['divisor'] },
];

/** zod's names of the formats it checks (`Invalid UUID`), by the `format` of its issue. */
const FORMATS: Record<string, string> = {
  UUID: 'uuid',
  'email address': 'email',
  URL: 'url',
  'ISO datetime': 'datetime',
  'ISO date': 'date',
  'ISO time': 'time',
  'base64url-encoded string': 'base64url',
};

/** The key and arguments of an English message, or undefined for one not in the catalogues. */
export function messageKeyOf(english: string): { key: MessageKey; values: Record<string, string> } | undefined {
  const exact = EXACT.get(english);
  if (exact) return { key: exact, values: {} };
  for (const { pattern, key, names } of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  const format = /^Invalid (.+)$/.exec(english)?.[1];
  if (format && FORMATS[format]) return { key: 'api.zod.invalidFormat', values: { format: FORMATS[format] } };
  return undefined;
}

/**
 * An API message in the reader's words: English as written, another language from its catalogue.
 * An error answer never fails for its words: a deployment's message that does not format (one
 * that names an argument the English does not have) gives the English text.
 */
export function translateMessage(words: Words, english: string): string {
  if (words.language === 'en') return english;
  const found = messageKeyOf(english);
  if (!found) return english;
  try {
    return words.t(found.key, found.values);
  } catch {
    return english;
  }
}
