/** What other domains may use of the reports (they import this file, never the domain's others). */
export { lockReportsAfter, openRow, resealRow, toRowValues, writeResealed } from './repository';
