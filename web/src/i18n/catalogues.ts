import type { Language } from '@portal/contract/languages';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en, { type Catalogue as Source } from './messages/en';

/**
 * Issue 34: the web app's catalogues. English is in the main bundle (the source, and what the
 * prerendered pages fall back to); Spanish, Arabic and the pseudo-locale load on first use, each
 * its own chunk, so that a reader downloads one language.
 */

/**
 * Messages by key: as written (the unit tests), or compiled to ASTs by the build
 * (scripts/compile-messages.ts), which react-intl formats without a parser.
 */
export type Catalogue = Source | Record<keyof Source, MessageFormatElement[]>;

/** The pseudo-locale of the tests (accented and a third longer): never offered to a person. */
export const PSEUDO = 'en-XA';
export type UiLanguage = Language | typeof PSEUDO;

const loaders: Record<Exclude<UiLanguage, 'en'>, () => Promise<Catalogue>> = {
  es: async () => (await import('./messages/es')).default,
  ar: async () => (await import('./messages/ar')).default,
  [PSEUDO]: async () => (await import('./pseudo')).pseudoCatalogue(en as Source),
};

const loaded = new Map<UiLanguage, Catalogue>([['en', en]]);

/** The catalogue of a language once it has loaded (English always has). */
export const loadedCatalogue = (language: UiLanguage): Catalogue | undefined => loaded.get(language);

export async function loadCatalogue(language: UiLanguage): Promise<Catalogue> {
  const ready = loaded.get(language);
  if (ready) return ready;
  const catalogue = await loaders[language as Exclude<UiLanguage, 'en'>]();
  loaded.set(language, catalogue);
  return catalogue;
}

/** For the SSR build, which renders every language synchronously (prerender.tsx). */
export function provideCatalogue(language: UiLanguage, catalogue: Catalogue) {
  loaded.set(language, catalogue);
}
