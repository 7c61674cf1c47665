import { parentPort } from 'node:worker_threads';
import { remux, type VideoType } from './video-remux';

/**
 * One remux per worker (video.ts). It says 'ready' once loaded, so that the time limit counts
 * the remux and not the start; the answer is whether the file was a video, now rewritten.
 */
parentPort!.once('message', (job: { source: string; target: string; type: VideoType }) => {
  void remux(job.source, job.target, job.type).then((ok) => parentPort!.postMessage(ok));
});
parentPort!.postMessage('ready');
