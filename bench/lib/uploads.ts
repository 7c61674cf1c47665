import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Proc } from './process';

const MB = 1024 * 1024;

/**
 * The head of a playable video of `bytes` bytes: the tests' one-second clip, then the header of a
 * `free` box (ISO/IEC 14496-12 §8.1.2, skipped by players) that the filler fills. Uploads are
 * remuxed without their metadata (issue 12), so a head that only looks like an MP4 is refused.
 */
function playableHead(bytes: number): Buffer {
  const clip = fs.readFileSync(path.join(import.meta.dirname, '../../server/test/fixtures/clip.mp4'));
  const free = Buffer.alloc(8);
  free.writeUInt32BE(bytes - clip.length, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([clip, free]);
}

/**
 * Streams a `sizeMb` video to POST /api/upload-file as multipart, generated on the fly (the
 * bench never holds the file), watching the server's RSS; answers status, time and RSS growth.
 */
export function uploadVideo(
  server: Proc,
  token: string,
  sizeMb: number,
  watch?: { baseMb: number; peak: { mb: number } },
): Promise<{ status: number; ms: number }> {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = crypto.randomBytes(MB);
  const fileBytes = sizeMb * MB;
  const first = playableHead(fileBytes);
  const total = head.length + fileBytes + tail.length;

  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = watch ? setInterval(() => (watch.peak.mb = Math.max(watch.peak.mb, server.rssMb())), 50) : undefined;
    const req = http.request(
      `${server.url}/api/upload-file`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          origin: server.url,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          clearInterval(timer);
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 });
        });
      },
    );
    req.on('error', (err) => {
      clearInterval(timer);
      reject(err);
    });
    let sent = 0;
    const write = () => {
      let ok = true;
      if (sent === 0) {
        req.write(head);
        req.write(first);
        sent = first.length;
      }
      while (ok && sent < fileBytes) {
        const n = Math.min(MB, fileBytes - sent);
        ok = req.write(n === MB ? filler : filler.subarray(0, n));
        sent += n;
      }
      if (sent >= fileBytes) req.end(tail);
      else req.once('drain', write);
    };
    write();
  });
}
