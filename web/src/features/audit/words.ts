import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the Audit Log screen's words; its English travels with the screen. */
export const auditWords = defineWords('audit', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
