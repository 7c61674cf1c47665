import { defineWords } from '../../i18n/catalogues';
import type { useT } from '../../i18n/use-t';
import en from './messages/en';

/** Issue 34: the certificates screens' words (the member's and the admin's); its English travels with them. */
export const certificatesWords = defineWords('certificates', en, {
  es: () => import('./messages/es'),
  ar: () => import('./messages/ar'),
});

/** A key of the certificates' words. */
export type CertificatesKey = keyof typeof en;
/** The `t` of `useT(certificatesWords)`, for helpers that build text outside a component. */
export type CertificatesT = ReturnType<typeof useT<CertificatesKey>>['t'];
