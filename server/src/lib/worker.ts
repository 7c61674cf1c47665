import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread from its module's TypeScript source URL (`new URL('./x-worker.ts',
 * import.meta.url)`): the built script of that name next to dist/main.js (scripts/build.mjs
 * bundles every worker there), or else the source itself through a starter that registers tsx,
 * as tests and development run the sources (a worker thread gets no loader of its own).
 */
export function startWorker(source: URL, options: WorkerOptions = {}): Worker {
  const built = new URL(source.href.replace(/\.ts$/, '.js'));
  if (fs.existsSync(built)) return new Worker(built, options);
  return new Worker(new URL('./worker-dev.mjs', import.meta.url), {
    ...options,
    argv: [fileURLToPath(source)],
  });
}
