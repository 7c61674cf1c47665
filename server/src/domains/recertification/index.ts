/** What other domains may use of recertification (they import this file, never the domain's others). */
export { evidenceOfCertificates } from './repository';
export { readRenewalTimes, renewalInProgress, renewalProgress } from './progress';
