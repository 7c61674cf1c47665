/** What other domains may use of the renewal reminders (they import this file, never the domain's others). */
export { readOffsets } from './repository';
