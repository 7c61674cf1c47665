// Starts the video worker from its TypeScript source where there is no build (tests and
// development): a worker thread gets no loader of its own, so tsx is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./video-worker.ts');
