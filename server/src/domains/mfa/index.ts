/** What other domains may use of two-factor sign-in (they import this file, never the domain's others). */
export { PENDING_SECRET_FIELD, resealTotpSecrets, SECRET_FIELD } from './service';
export { lockTotpSecretsAfter, writeTotpSecrets } from './repository';
