// Starts a worker from its TypeScript source where there is no build (tests and development):
// a worker thread gets no loader of its own, so tsx is registered here first (lib/worker.ts).
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
await import(pathToFileURL(process.argv[2]).href);
