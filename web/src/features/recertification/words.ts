import { defineWords } from '../../i18n/catalogues';
import type { useT } from '../../i18n/use-t';
import en from './messages/en';

/** Issue 34: the recertification screens' words; their English travels with the screens. */
export const recertificationWords = defineWords('recertification', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});

/** `t` of these words, for a helper outside a component that says something in the reader's language. */
export type RecertificationT = ReturnType<typeof useT<keyof typeof en>>['t'];
