/** What other domains may use of the trash (they import this file, never the domain's others). */
export type { Described, TrashKind } from './plugin';
