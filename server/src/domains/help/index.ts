/** What other domains may use of the help page (they import this file, never the domain's others). */
export { startingHelpContent } from './starting-content';
