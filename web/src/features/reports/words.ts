import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/**
 * Issue 34: the intake form's and the reports screens' words; their English travels with the
 * screens. The outbox, which the top bar shows, has a small set of its own (outbox/words.ts).
 */
export const reportsWords = defineWords('reports', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
