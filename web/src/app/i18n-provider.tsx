import { intlLocale } from '@portal/contract/languages';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { useAuth } from '../features/auth/store';
import { loadCatalogue, loadedCatalogue, PSEUDO, type UiLanguage } from '../i18n/catalogues';
import { setDateLocale } from '../lib/dates';
import { setMessageLanguage } from '../i18n/format';
import { directionOf, readArabicDigits, uiLanguage, UiLanguageContext, useLanguageStore } from '../i18n/language';

/** The language of the screens: the signed-in member's profile's, else the guest's (i18n/language.ts). */
export function useUiLanguage(): UiLanguage {
  const guest = useLanguageStore((s) => s.guest);
  const member = useAuth((s) => (s.isAuthenticated && s.user?.isVerified ? s.user.language : undefined));
  return uiLanguage(guest, member);
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Issue 34: every screen's words, in the reader's language (react-intl, decision 0082), and
 * `<html lang dir>` with them: Arabic is right to left everywhere, the /rtl dashboard in every
 * language. A language whose catalogue has not loaded yet shows in English until it has (main.tsx
 * loads the first one before the first render).
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const wanted = useUiLanguage();
  const rtlLayout = useLanguageStore((s) => s.rtlLayout);
  const [, setLoads] = useState(0);
  const ready = loadedCatalogue(wanted);
  const language = ready ? wanted : 'en';
  const digits = useLanguageStore((s) => s.arabicDigits);
  const locale = language === PSEUDO ? 'en-US' : intlLocale(language, digits);
  // Before the children render: lib/dates and formatMessage speak the screens' language.
  setDateLocale(locale);
  setMessageLanguage(language, locale);
  useEffect(() => {
    if (!ready) void loadCatalogue(wanted).then(() => setLoads((n) => n + 1));
  }, [ready, wanted]);
  useEffect(() => {
    // ARABIC_DIGITS: the board may write Arabic with Arabic-Indic digits (Latin until it says so).
    if (language === 'ar') void readArabicDigits();
  }, [language]);
  useIsomorphicLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = language;
    html.dir = rtlLayout ? 'rtl' : directionOf(language);
  }, [language, rtlLayout]);
  return (
    <IntlProvider locale={locale} messages={loadedCatalogue(language)} defaultLocale="en-US">
      <UiLanguageContext.Provider value={language}>{children}</UiLanguageContext.Provider>
    </IntlProvider>
  );
}
