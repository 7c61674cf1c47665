/** What other domains may use of the certificates (they import this file, never the domain's others). */
export { verificationUrl } from './certificate';
export {
  addMonths,
  type CertificateRow,
  findCertificate,
  findCertificateForUpdate,
  updateCertificate,
} from './repository';
// Issue 33: the CE activities' import reads its file as the certificate import does.
export { type ImportFormat, ImportProblems, readSheet, type ReadOptions, type XlsxLimits } from './import';
export { importContext, keepImportFile, withImportFile } from './import-file';
