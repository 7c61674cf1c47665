/** What other domains may use of the users (they import this file, never the domain's others). */
export { languageOfAddress } from './repository';
