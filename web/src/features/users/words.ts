import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the admin's user list and its dialogs; its English travels with the screen. */
export const usersWords = defineWords('users', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
