import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { startWorker } from '../../lib/worker';
import { unsupported } from './content';
import type { VideoType } from './video-remux';

export type { VideoType } from './video-remux';

/** A remux copies at about 80 MB/s here; ten times that long, and never under 10 s. */
const timeLimitMs = (bytes: number) => Math.max(10_000, (bytes / (8 * 1024 * 1024)) * 1000);

/**
 * Issue 12 (M3, M4): a video is kept only if its container really holds a playable video track,
 * and it is kept without metadata. Title, location (QuickTime `©xyz`, `mdta` keys), device,
 * creation time and any other tag, as well as tracks that are neither video nor audio, stay
 * behind (video-remux.ts); the new container's creation time is the time of the upload.
 * Anything else is refused with 415.
 *
 * The demuxer parses hostile bytes: on some random input it loops for ever without yielding.
 * So it runs in a worker thread with a time limit and bounded memory, and a file that outlasts
 * the limit is refused while the server's own thread never stops answering.
 */
export async function remuxWithoutMetadata(
  source: string,
  target: string,
  type: VideoType,
  log: FastifyBaseLogger,
): Promise<void> {
  const { size } = await fs.promises.stat(source);
  const worker = startWorker(new URL('./video-worker.ts', import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  try {
    const ok = await new Promise<boolean>((resolve, reject) => {
      let limit: NodeJS.Timeout | undefined;
      const settle = (answer: boolean) => {
        clearTimeout(limit);
        resolve(answer);
      };
      worker.on('message', (message: 'ready' | boolean) => {
        if (message !== 'ready') return settle(message);
        // The clock starts once the worker has loaded: only the remux is timed.
        limit = setTimeout(() => {
          log.warn({ size, type }, 'video refused: its container took too long to read');
          settle(false);
        }, timeLimitMs(size));
        worker.postMessage({ source, target, type });
      });
      worker.once('error', (err: Error & { code?: string }) => {
        clearTimeout(limit);
        // A container that makes the demuxer exhaust its memory is not a video we keep.
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          log.warn({ size, type }, 'video refused: reading its container took too much memory');
          return resolve(false);
        }
        reject(err);
      });
    });
    if (!ok) throw unsupported();
  } finally {
    await worker.terminate();
  }
}
