import { type ArabicDigits, isLanguage, LANGUAGES, textDirection } from '@portal/contract/languages';
import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { fetchPublicConfig } from '../lib/public-config';
import { loadCatalogue, PSEUDO, type UiLanguage } from './catalogues';

/**
 * Issue 34: the language the screens speak. A guest's is `?lang=`, else the `lang` cookie, else
 * the browser's languages, else English: the order the server follows for the pages it renders
 * (server/src/lib/i18n.ts). A member's is their profile's (app/i18n-provider.tsx).
 */

const COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 3600;

const isUiLanguage = (value: unknown): value is UiLanguage => isLanguage(value) || value === PSEUDO;

function readCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
}

/** The first of the browser's languages that the portal speaks, by its primary subtag (es-MX → es). */
function browserLanguage(): UiLanguage | undefined {
  if (typeof navigator === 'undefined') return undefined;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** A guest's language, before any screen renders. */
export function guestLanguage(): UiLanguage {
  if (typeof window === 'undefined') return 'en';
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isUiLanguage(asked)) return asked;
  const cookie = readCookie();
  if (isUiLanguage(cookie)) return cookie;
  return browserLanguage() ?? 'en';
}

interface LanguageState {
  /** What the guest chose, or their browser's; a signed-in member's profile comes first. */
  guest: UiLanguage;
  /** The spec's /rtl/* dashboard is right to left in every language (app/layouts/dashboard-layout.tsx). */
  rtlLayout: boolean;
  /** How the Arabic screens write numbers (the server's ARABIC_DIGITS). */
  arabicDigits: ArabicDigits;
}

export const useLanguageStore = create<LanguageState>(() => ({
  guest: guestLanguage(),
  rtlLayout: false,
  arabicDigits: 'latin',
}));

/** Reads the board's ARABIC_DIGITS from /api/config (asked once per page load), for the Arabic screens. */
export async function readArabicDigits() {
  const config = await fetchPublicConfig().catch(() => undefined);
  if (config?.arabicDigits) useLanguageStore.setState({ arabicDigits: config.arabicDigits });
}

/**
 * A language chosen in the switcher: remembered in the `lang` cookie (which the server reads for
 * the pages and mails of a guest), loaded, then shown. A signed-in member's choice is also saved
 * to their profile, by the caller.
 */
export async function chooseGuestLanguage(language: UiLanguage) {
  await loadCatalogue(language);
  document.cookie = `${COOKIE}=${language}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
  useLanguageStore.setState({ guest: language });
}

export const directionOf = (language: UiLanguage) => (language === PSEUDO ? 'ltr' : textDirection(language));

/**
 * The language of the screens: a signed-in member's profile's, else the guest's. The pseudo-locale
 * of the tests outranks the profile: it is never a member's own choice.
 */
export const uiLanguage = (guest: UiLanguage, member: UiLanguage | undefined): UiLanguage =>
  guest === PSEUDO ? guest : (member ?? guest);

/** The language the screens are in (set by app/i18n-provider.tsx). */
export const UiLanguageContext = createContext<UiLanguage>('en');
export const useLanguage = () => useContext(UiLanguageContext);

export { LANGUAGES, isUiLanguage };
