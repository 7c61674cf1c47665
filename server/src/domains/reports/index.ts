/** What other domains may use of the reports (they import this file, never the domain's others). */
export { openRow, resealRow, toRowValues } from './repository';
