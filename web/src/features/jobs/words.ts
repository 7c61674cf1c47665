import { defineWords } from '../../i18n/catalogues';
import en from './messages/en';

/** Issue 34: the job board's and the admin jobs screens' words; their English travels with the screens. */
export const jobsWords = defineWords('jobs', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});
