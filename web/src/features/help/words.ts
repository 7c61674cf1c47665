import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the help page's and its admin editor's words; their English travels with the screens. */
export const helpWords = defineWords('help', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
