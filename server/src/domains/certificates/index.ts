/** What other domains may use of the certificates (they import this file, never the domain's others). */
export { verificationUrl } from './certificate';
