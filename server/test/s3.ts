/**
 * An S3-API server for tests (s3rver, in this process, on a free loopback port, over a temporary
 * folder), so that the S3 driver is tested with nothing installed beside npm's packages.
 */
import type { Server } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodeCrypto from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/*
 * s3rver encrypts the continuation tokens of truncated listings with single DES, which the
 * OpenSSL 3 of Node 17+ keeps in its legacy provider: every listing past one page answers 500.
 * In this test process only, its 'des' is served by triple DES with the same key three times
 * (the same 8-byte blocks and IV), so paging works as on S3. See decision 0010.
 */
for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
  const original = nodeCrypto[name] as (algorithm: string, key: Buffer, iv: Buffer) => unknown;
  Object.assign(nodeCrypto, {
    [name]: (algorithm: string, key: Buffer, iv: Buffer) =>
      algorithm === 'des' ? original('des-ede3-cbc', Buffer.concat([key, key, key]), iv) : original(algorithm, key, iv),
  });
}

/** s3rver's built-in key pair; the driver reads credentials from the standard AWS variables. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
process.env.AWS_ACCESS_KEY_ID = CREDENTIALS.accessKeyId;
process.env.AWS_SECRET_ACCESS_KEY = CREDENTIALS.secretAccessKey;
// The SDK warns once per process that its releases after January 2027 need Node 22 (decision 0010).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** A STORAGE_URL for this server's bucket, under `prefix`. */
  storageUrl(prefix?: string): string;
  /** A client of this server (to look at the bucket from outside the driver). */
  client: S3Client;
  /** Takes the server down (every connection cut) and answers how to bring it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'portal-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  let port = 0;
  let server: S3rver | undefined;

  async function start() {
    if (server) return;
    server = new S3rver({ address: '127.0.0.1', port, directory, silent: true });
    port = (await server.run()).port;
  }
  async function stop() {
    if (!server) return;
    const closing = server.close();
    // close() waits for keep-alive connections, which the SDK's agent holds open.
    (server as unknown as { httpServer?: Server }).httpServer?.closeAllConnections();
    await closing;
    server = undefined;
  }

  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    storageUrl: (prefix = '') =>
      `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    client,
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
