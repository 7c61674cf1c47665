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

/** Issue 34, ARABIC_DIGITS: how Arabic pages write numbers, Latin (0-9, the default) or Arabic-Indic (٠-٩). */
export const ARABIC_DIGITS = ['latin', 'arabic-indic'] as const;
export type ArabicDigits = (typeof ARABIC_DIGITS)[number];

/** The locale of a language with the deployment's digits for Arabic (`ar-u-nu-arab`, UTS #35 numbering systems). */
export const intlLocale = (language: Language, digits: ArabicDigits = 'latin'): string =>
  language === 'ar' && digits === 'arabic-indic' ? 'ar-u-nu-arab' : INTL_LOCALE[language];

/** Each language by its own name, for a language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };
