import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the Trash screen's words; its English travels with the screen. */
export const trashWords = defineWords('trash', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
