/**
 * Issue 34: the languages the portal speaks. English is the source of every message; Spanish and
 * Arabic are translations. Arabic reads right to left.
 */
export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The writing direction of a language, for `<html dir>`. */
export const textDirection = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');

/**
 * The locale `Intl` formats a language's dates and numbers with. Arabic is written with Latin
 * digits by default (the Unicode `nu` extension, BCP 47 / UTS #35), as most Arabic-speaking
 * readers of a US board's documents expect.
 */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US', ar: 'ar-u-nu-latn' };

/** Each language by its own name, for a language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };
