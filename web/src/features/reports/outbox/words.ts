import { defineWords } from '../../../i18n/catalogues';
import { formatMessage } from '../../../i18n/format';
import en, { type OutboxKey } from './messages/en';

/**
 * Issue 34: the outbox's words. A set of their own, apart from the intake form's: the outbox's
 * status is in the dashboard's top bar on every screen, and its words come with the frame.
 */
export const outboxWords = defineWords('reports-outbox', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});

/**
 * What the outbox says away from any screen: the toast of a report sent in the background, why a
 * report was not sent. In the screens' language once the outbox's words have loaded there (the
 * outbox's status, in every signed-in screen's top bar, loads them), in English before that.
 */
export const say = (key: OutboxKey, values?: Record<string, string>) => formatMessage(key, values, outboxWords);
