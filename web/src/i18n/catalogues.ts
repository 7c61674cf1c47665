import type { Language } from '@portal/contract/languages';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from './messages/en';

/**
 * Issue 34: the web app's catalogues. The core words (the guest screens, the dashboard's frame)
 * are in the main bundle in English; each screen's own words are a set of their own (`defineWords`),
 * whose English travels in the screen's chunk. Spanish, Arabic and the pseudo-locale load on first
 * use, each its own chunk, so that a reader downloads one language and the screens they open.
 */

/** A translation of a set of words: every key of its English, as ICU MessageFormat. */
export type TranslationOf<Source> = Record<keyof Source, string>;

/**
 * Messages by key: as written (the unit tests), or compiled to ASTs by the build
 * (scripts/compile-messages.ts), which react-intl formats without a parser.
 */
export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>;

/** The pseudo-locale of the tests (accented and a third longer): never offered to a person. */
export const PSEUDO = 'en-XA';
export type UiLanguage = Language | typeof PSEUDO;
type Loader = () => Promise<Catalogue>;
type Loaders = Record<Exclude<UiLanguage, 'en'>, Loader>;

const pseudo = (source: Catalogue) => async () => (await import('./pseudo')).pseudoCatalogue(source);

/** A set of words: a screen's or a feature's, with its English at hand and its translations to load. */
export interface Words<Key extends string> {
  readonly name: string;
  readonly loaders: Loaders;
  /** Only a type: the keys the set's screens may ask `useT` for. */
  readonly keys?: Key;
}

const CORE: Words<never> = {
  name: 'core',
  loaders: {
    es: async () => (await import('./messages/es')).default,
    ar: async () => (await import('./messages/ar')).default,
    [PSEUDO]: pseudo(en),
  },
};

/** Each language's messages, every set loaded so far in one object: what react-intl looks keys up in. */
const messages = new Map<UiLanguage, Catalogue>([['en', { ...en }]]);
/** The sets loaded (or loading) in each language. */
const sets = new Map<UiLanguage, Map<string, Promise<void> | true>>([['en', new Map([['core', true]])]]);
/** Every set a screen has defined so far: a language chosen later loads them all at once. */
const defined: Words<string>[] = [CORE];

function add(language: UiLanguage, name: string, catalogue: Catalogue) {
  // One object per language, grown in place: react-intl looks each key up when it formats.
  messages.set(language, Object.assign(messages.get(language) ?? {}, catalogue) as Catalogue);
  if (!sets.has(language)) sets.set(language, new Map());
  sets.get(language)!.set(name, true);
}

/**
 * A screen's words: its English is added at once (it is in the screen's chunk already), its other
 * languages when first needed. Each feature defines its set once, in its `words.ts`.
 */
export function defineWords<Source extends Record<string, string>>(
  name: string,
  english: Source,
  translations: Record<Exclude<Language, 'en'>, () => Promise<{ default: TranslationOf<Source> }>>,
): Words<Extract<keyof Source, string>> {
  const words: Words<Extract<keyof Source, string>> = {
    name,
    loaders: {
      es: async () => (await translations.es()).default,
      ar: async () => (await translations.ar()).default,
      [PSEUDO]: pseudo(english),
    },
  };
  add('en', name, english);
  defined.push(words as Words<string>);
  return words;
}

/** Whether a set's words are ready in a language. */
export const hasWords = (words: Words<string>, language: UiLanguage) => sets.get(language)?.get(words.name) === true;

/** Loads a set's words in a language once; the same promise for every caller meanwhile. */
export function loadWords(words: Words<string>, language: UiLanguage): Promise<void> {
  const state = sets.get(language)?.get(words.name);
  if (state === true) return Promise.resolve();
  if (state) return state;
  const loading = words.loaders[language as Exclude<UiLanguage, 'en'>]().then(
    (catalogue) => add(language, words.name, catalogue),
    (err: unknown) => {
      sets.get(language)?.delete(words.name);
      throw err;
    },
  );
  if (!sets.has(language)) sets.set(language, new Map());
  sets.get(language)!.set(words.name, loading);
  return loading;
}

/** A language's messages once its core words have loaded (English always has). */
export const loadedCatalogue = (language: UiLanguage): Catalogue | undefined =>
  hasWords(CORE, language) ? messages.get(language) : undefined;

/** Loads a language: its core words and those of every screen opened so far, together. */
export async function loadCatalogue(language: UiLanguage): Promise<Catalogue> {
  await Promise.all(defined.map((words) => loadWords(words, language)));
  return messages.get(language)!;
}

/** For the SSR build, which renders every language synchronously (prerender.tsx). */
export function provideCatalogue(language: UiLanguage, catalogue: Catalogue, name = CORE.name) {
  add(language, name, catalogue);
}
