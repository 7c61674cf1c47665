import { createElement, Fragment, type ReactNode, useCallback } from 'react';
import { useIntl } from 'react-intl';
import { hasWords, loadWords, type Words } from './catalogues';
import { useLanguage } from './language';
import type { MessageKey } from './messages/en';

/** Arguments of a rich message: text, elements, or a function that wraps a tag's text (`<link>…</link>`). */
type Values = Record<string, string | number | Date | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * Issue 34: a message of the catalogues, by key (a key missing from the English does not compile).
 * `t` gives text; `rich` also takes elements as values (a link inside a sentence). A screen passes
 * its own set of words (its feature's `words.ts`); the core words need none. While a set's words
 * load in the reader's language, the screen suspends (its route's loader shows).
 */
export function useT<Key extends string = never>(words?: Words<Key>) {
  const language = useLanguage();
  // Suspense's contract as React.lazy keeps it: the promise thrown, the render retried once it settles.
  if (words && !hasWords(words, language)) throw loadWords(words, language);
  const intl = useIntl();
  const t = useCallback(
    (key: MessageKey | Key, values?: Record<string, string | number | Date>) => intl.formatMessage({ id: key }, values),
    [intl],
  );
  const rich = useCallback(
    (key: MessageKey | Key, values: Values): ReactNode => {
      const parts: ReactNode = intl.formatMessage({ id: key }, values);
      // Spread as children, not a list: the parts need no keys.
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
    [intl],
  );
  /** A calendar day the server keeps as an instant in UTC (a certificate's valid-till), in the language. */
  const day = useCallback((iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone: 'UTC' }), [intl]);
  return { t, rich, day, intl };
}

/** What a table or a detail shows where there is no value: the same in every language. */
export const NO_VALUE = '—';
