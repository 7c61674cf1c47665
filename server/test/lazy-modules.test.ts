import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLazyLoaded } from '../src/lib/lazy';
import { call, createTestApp, createUser, type TestApp, uniqueEmail } from './harness';
import { createResumable } from './resumable';
import { multipart, png } from './uploads';

/*
 * Issue 14: the modules few requests need are loaded by the first of them, not at start, so an
 * idle server does not hold them. Start is checked in a fresh process (lazy-start.ts); then each
 * module is used through its route here. CommonJS packages show in require's cache however they
 * were imported; the others by the flag of their loader (lib/lazy.ts). ioredis loads only with
 * REDIS_URL (plugins/limits.test.ts connects through it).
 */
const LAZY = [
  'pdf-lib',
  '@pdf-lib/fontkit',
  'qrcode',
  '@zxcvbn-ts/language-common',
  'nodemailer',
  '@simplewebauthn/server',
  '@digitalbazaar/vc-bitstring-status-list',
  '@tus/server',
  'csv-parse',
  'file-type',
  'ioredis',
  '@node-rs/argon2',
];

const inRequireCache = (pkg: string) =>
  Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${pkg}/`));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('modules loaded on first use', () => {
  it('a server starts without the PDF, passkey, credential, mail, password, upload and import libraries', async () => {
    const script = fileURLToPath(new URL('./lazy-start.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, 'fastify', ...LAZY], {
      timeout: 150_000,
    });
    const line = stdout.split('\n').find((l) => l.startsWith('LAZY '));
    const loaded = JSON.parse(line!.slice('LAZY '.length)) as Record<string, boolean>;
    // Loaded by every start: proves the check sees a package that is there.
    expect(loaded.fastify).toBe(true);
    expect(Object.entries(loaded).filter(([pkg, yes]) => yes && pkg !== 'fastify')).toEqual([]);
  }, 180_000);

  it('loads each on the first request that needs it, which succeeds', async () => {
    // Signing up hashes the password.
    const admin = await createUser(t, { isAdmin: true });
    expect(isLazyLoaded('@node-rs/argon2')).toBe(true);
    // Adding a passkey needs a step-up (issue 30, F1).
    const member = await createUser(t, { steppedUp: true });

    const options = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/auth/mfa/passkeys/registration-options',
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(isLazyLoaded('@simplewebauthn/server')).toBe(true);

    const issued = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: {
        userEmail: member.email,
        certificateNo: `CRA-LAZY-${Date.now()}`,
        name: 'Certified Recycling Advocate',
        validTill: new Date(Date.now() + 365 * 86_400_000).toISOString(),
      },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const id = (issued.json() as { _id: string })._id;
    const pdf = await call(t.app, member.cookie, { method: 'GET', url: `/api/certificates/${id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(inRequireCache('pdf-lib')).toBe(true);

    // Revoking re-signs the certificate's status list.
    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${id}/revoke`,
      payload: { reason: 'Checking the status list' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(isLazyLoaded('@digitalbazaar/vc-bitstring-status-list')).toBe(true);

    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Common', email: uniqueEmail('common'), certificateNo: 'CRA-NONE', password: 'password1' },
    });
    expect(signup.statusCode).toBe(400);
    expect(inRequireCache('@zxcvbn-ts/language-common')).toBe(true);

    const image = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/upload-file',
      ...multipart({ filename: 'photo.png', contentType: 'image/png', data: await png() }),
    });
    expect(image.statusCode, image.body).toBe(201);
    expect(isLazyLoaded('file-type')).toBe(true);

    const resumable = await createResumable(t.app, member.cookie, { length: 1000 });
    expect(resumable.statusCode, resumable.body).toBe(201);
    expect(isLazyLoaded('@tus/server')).toBe(true);

    const imported = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates/import',
      ...multipart({
        field: 'file',
        filename: 'certificates.csv',
        contentType: 'text/csv',
        data: `userEmail,certificateNo,name,status,validTill\n${uniqueEmail('imported')},CRA-LAZY-CSV-${Date.now()},Certified Recycling Advocate,Active,2030-01-01\n`,
      }),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(isLazyLoaded('csv-parse')).toBe(true);
  });
});
