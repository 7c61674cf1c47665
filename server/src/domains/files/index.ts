/** What other domains may use of the uploads (they import this file, never the domain's others). */
export { assertSpreadsheet, centralDirectory, entryStart, UPLOAD_MESSAGES, unsupported } from './content';
export { cleanName } from './ingest';
export { fileUrl, NOT_OUR_FILE } from './plugin';
export { insertUpload } from './repository';
