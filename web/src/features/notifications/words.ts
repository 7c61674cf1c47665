import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the member's inbox's and the admin notifications screens' words; their English travels with them. */
export const notificationsWords = defineWords('notifications', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
