import crypto from 'node:crypto';
import http from 'node:http';
import type { Proc } from './process';

const MB = 1024 * 1024;

/** An ISO media (MP4) head that file-type recognises; the rest of the file is filler. */
function mp4Head(): Buffer {
  const box = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + data.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, data]);
  };
  return box(
    'ftyp',
    Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isommp41', 'latin1')]),
  );
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
  const first = mp4Head();
  const fileBytes = sizeMb * MB;
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
