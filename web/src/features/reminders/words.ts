import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the Renewal Reminders screen's words; its English travels with the screen. */
export const remindersWords = defineWords('reminders', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
