import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the Two-Factor Sign-In screen's words; its English travels with the screen. */
export const twoFactorWords = defineWords('twoFactor', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
