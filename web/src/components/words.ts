import { defineWords } from '../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the shared components' words (`common.ui.*`); the frame's own are in the core set. */
export const commonWords = defineWords('common', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});

export type CommonKey = keyof typeof en;
