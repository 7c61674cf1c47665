/** What other domains may use of the credentials (they import this file, never the domain's others). */
export { stands, statesRecord } from './credential';
export { default as credentialsPlugin } from './plugin';
export { type ResignOptions, type ResignProgress, resignCredentials } from './resign';
export { credentialSigner } from './signer';
export { default as credentialRoutes } from './routes';
