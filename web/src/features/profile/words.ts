import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the profile screen's words; their English travels with the screen. */
export const profileWords = defineWords('profile', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
