/** What other domains may use of sign-in (they import this file, never the domain's others). */
export { recordLogin } from './repository';
