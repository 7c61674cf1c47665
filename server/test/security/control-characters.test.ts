import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/db/client';
import { users } from '../../src/db/schema';
import {
  call,
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  registerCertificate,
  type TestApp,
  uniqueEmail,
} from '../harness';

/**
 * Issue 12 (L5): a name is one line. Names go verbatim into mails ("Hello {name},"), PDFs and
 * credentials, so control characters (line breaks, NUL, …) are cleaned out of every name the
 * API accepts: each run of them becomes one space, and the name is trimmed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const INJECTED = 'Eve\r\nSubject: Urgent\n\nClick https://evil.example/login now';
const CLEANED = 'Eve Subject: Urgent Click https://evil.example/login now';

/** The lines of a mail's text, for looking at where each one starts. */
const linesOf = (text: string | null | undefined) => (text ?? '').split(/\r?\n/);

describe('names with control characters', () => {
  it('sign-up: the name is cleaned and the mail gets no injected line', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: INJECTED, email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.name).toBe(CLEANED);
    const lines = linesOf((await lastMail(t, email))?.text);
    expect(lines[0]).toBe(`Hello ${CLEANED},`);
    expect(lines.filter((l) => /^(Subject:|Click)/.test(l))).toEqual([]);
  });

  it('sign-up: NUL and other control characters are cleaned, not stored or refused', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: ' Ann\u0000Lee\u0007\u0085 ', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user.name).toBe('Ann Lee');
  });

  it('a name of control characters only is refused like an empty one', async () => {
    const email = uniqueEmail();
    const certificateNo = await registerCertificate(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: '\n\u0000\t', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('name: Full Name is required');
  });

  it('profile and admin edits clean the name too', async () => {
    const member = await createUser(t);
    const own = await call(t.app, member.cookie, {
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      payload: { name: 'Mo\nX-Header: 1' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().name).toBe('Mo X-Header: 1');

    const admin = await createUser(t, { isAdmin: true });
    const edited = await call(t.app, admin.cookie, {
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      payload: {
        email: member.email,
        name: 'Mo\u2028Line',
        certificateNo: 'CRA-1',
        gender: 'Male',
        job: 'Advocate',
        age: 40,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().name).toBe('Mo Line');
  });

  it('certificate and holder names are cleaned: the revocation mail gets no injected line', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const holder = uniqueEmail('holder');
    const created = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: {
        userEmail: holder,
        certificateNo: 'CRA-CTRL-1',
        name: 'Certified Recycling Advocate\n\nReason: none',
        holderName: INJECTED,
        validTill: '2099-01-01',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Certified Recycling Advocate Reason: none', holderName: CLEANED });
    const revoked = await call(t.app, admin.cookie, {
      method: 'POST',
      url: `/api/certificates/${created.json()._id}/revoke`,
      payload: { reason: 'Lapsed', notifyHolder: true },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const lines = linesOf((await lastMail(t, holder))?.text);
    expect(lines[0]).toBe(`Hello ${CLEANED},`);
    expect(lines.filter((l) => /^(Subject:|Click|Reason: none)/.test(l))).toEqual([]);
  });

  it("a report's client name is one line in the admin list", async () => {
    const member = await createUser(t);
    const admin = await createUser(t, { isAdmin: true });
    const filed = await call(t.app, member.cookie, {
      method: 'POST',
      url: '/api/reports',
      payload: { clientName: INJECTED },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const list = await call(t.app, admin.cookie, { method: 'GET', url: '/api/reports?q=Subject' });
    expect(list.json().map((r: { clientName: string }) => r.clientName)).toContain(CLEANED);
  });

  it('names stored before the contract cleaned them are cleaned by migration 0007', async () => {
    const { user } = await createUser(t, { name: ' Old\r\nName\u0007\u2028 ' });
    const kept = await createUser(t, { name: 'José  Ñúñez 山田' });
    const statements = fs
      .readFileSync(path.join(migrationsFolder(), '0007_email_throttles.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => s.includes('UPDATE "users"'));
    expect(statements).toHaveLength(1);
    await t.database.db.execute(sql.raw(statements[0]!));
    const nameOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.name;
    expect(await nameOf(user.id)).toBe('Old Name');
    expect(await nameOf(kept.user.id)).toBe('José  Ñúñez 山田');
  });
});
