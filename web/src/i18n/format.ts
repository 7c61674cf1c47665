import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { hasWords, loadedCatalogue, type UiLanguage, type Words } from './catalogues';
import type { MessageKey } from './messages/en';

/**
 * Issue 34: a message for code that runs outside any screen and cannot call `useT`: the API
 * client's own failures, a toast of a report sent in the background, a passkey's refusal. In the
 * language the screens speak (app/i18n-provider.tsx sets it as it renders), or in English while the
 * message's set has not loaded in that language, and in the build's renders, which have no provider.
 */

let current: { language: UiLanguage; locale: string } = { language: 'en', locale: 'en-US' };

/** The screens' language and its Intl locale (with the board's digits), as the provider renders them. */
export function setMessageLanguage(language: UiLanguage, locale: string) {
  if (language !== current.language || locale !== current.locale) current = { language, locale };
}

/** The language the screens speak, for code outside them. */
export const messageLanguage = () => current.language;

const cache = createIntlCache();
const intls = new Map<string, IntlShape>();

function intlIn(language: UiLanguage, locale: string): IntlShape {
  const id = `${language} ${locale}`;
  let intl = intls.get(id);
  if (!intl) {
    // The catalogue is one object per language, grown in place: sets loaded later are found in it.
    intl = createIntl({ locale, messages: loadedCatalogue(language), defaultLocale: 'en-US' }, cache);
    intls.set(id, intl);
  }
  return intl;
}

/** A core message, or one of `words` (a feature's set), in the screens' language. */
export function formatMessage<Key extends string = never>(
  key: MessageKey | Key,
  values?: Record<string, string | number>,
  words?: Words<Key>,
): string {
  const { language, locale } = current;
  const ready = loadedCatalogue(language) && (!words || hasWords(words, language));
  return (ready ? intlIn(language, locale) : intlIn('en', 'en-US')).formatMessage({ id: key }, values);
}
