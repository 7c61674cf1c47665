import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  codeFrom,
  createTestApp,
  createUser,
  GOOD_PASSWORD,
  lastMail,
  registerCertificate,
  type TestApp,
  uniqueEmail,
} from '../../test/harness';
import { mailText, type SmtpCapture, startSmtpCapture } from '../../test/smtp';
import { outbox, users } from '../db/schema';

let smtp: SmtpCapture;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsFor = (email: string) => smtp.mails.filter((m) => m.to.includes(email));

async function signUp(email: string, password = GOOD_PASSWORD) {
  const certificateNo = await registerCertificate(t, email);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Mia', email, certificateNo, password },
  });
}

describe('mail through the outbox and a real SMTP server', () => {
  it('delivers the verification mail and clears its body from the outbox', async () => {
    const email = uniqueEmail();
    expect((await signUp(email)).statusCode).toBe(201);
    const queued = await lastMail(t, email);
    const code = codeFrom(queued?.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(mailsFor(email)).toHaveLength(0);

    await t.app.mail.deliverPending();
    const received = mailsFor(email);
    expect(received).toHaveLength(1);
    expect(mailText(received[0]!)).toContain(code);
    expect(received[0]!.raw).toMatch(/^Subject: Your verification code/m);

    const row = await lastMail(t, email);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.text).toBeNull();
    expect(row?.lastError).toBeNull();

    // Delivered once: another run sends nothing more.
    await t.app.mail.deliverPending();
    expect(mailsFor(email)).toHaveLength(1);
  });

  it('keeps a refused mail pending with a backoff and delivers it on a later run', async () => {
    const { email } = await createUser(t);
    smtp.refusing = true;
    try {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      await t.app.mail.deliverPending();
    } finally {
      smtp.refusing = false;
    }
    expect(mailsFor(email)).toHaveLength(0);
    const pending = await lastMail(t, email);
    expect(pending?.sentAt).toBeNull();
    expect(pending?.attempts).toBe(1);
    expect(pending?.lastError).toMatch(/451|temporarily/i);
    expect(pending?.text).toMatch(/reset-password\//);
    expect(pending!.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    // Not due yet: the relay is not hammered.
    await t.app.mail.deliverPending();
    expect(mailsFor(email)).toHaveLength(0);

    t.clock.advanceMinutes(1);
    await t.app.mail.deliverPending();
    const received = mailsFor(email);
    expect(received).toHaveLength(1);
    expect(mailText(received[0]!)).toContain('/reset-password/');
    const sent = await lastMail(t, email);
    expect(sent?.sentAt).toBeInstanceOf(Date);
    expect(sent?.text).toBeNull();
    expect(sent?.attempts).toBe(2);
  });

  it('backs off longer after each refusal', async () => {
    const { email } = await createUser(t);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    smtp.refusing = true;
    const delays: number[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const before = t.clock.now().getTime();
        await t.app.mail.deliverPending();
        const row = await lastMail(t, email);
        expect(row?.attempts).toBe(i + 1);
        delays.push(row!.nextAttemptAt.getTime() - before);
        t.clock.advanceMinutes(delays[i]! / 60_000 + 0.01);
      }
    } finally {
      smtp.refusing = false;
    }
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(delays[2]).toBeGreaterThan(delays[1]!);
    await t.app.mail.deliverPending();
    expect(mailsFor(email)).toHaveLength(1);
  });

  it('a sign-up whose transaction fails creates nothing and sends nothing, and logs no secret', async () => {
    // The database refuses the session of this one sign-up, after its mail was queued.
    await t.database.db.execute(sql`
      create or replace function refuse_test_session() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from users where id = new.user_id and email like 'tx-fail.%') then
          raise exception 'refused by the test: internal detail';
        end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_test_session before insert on sessions
      for each row execute function refuse_test_session()`);

    const email = uniqueEmail('tx-fail');
    const password = 'Failing-Transaction-Password-5';
    const res = await signUp(email, password);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong. Please try again.' });
    expect(res.body).not.toMatch(/internal detail|sessions|insert|Failed query/);

    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, email))).toHaveLength(0);
    await t.app.mail.deliverPending();
    expect(mailsFor(email)).toHaveLength(0);

    const logs = t.logs.join('\n');
    expect(logs).toContain('refused by the test');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain('$argon2');
    // The failed query is logged without its parameters (the session's token hash among them).
    expect(logs).not.toContain('params:');
    expect(logs).not.toContain('"params"');
  });
});

/** Issue 34: the mails a member receives are in their language, as the SMTP server receives them. */
describe('mail in the member’s language', () => {
  const received = async (email: string) => {
    await t.app.mail.deliverPending();
    const [mail] = mailsFor(email).slice(-1);
    return simpleParser(mail!.raw);
  };

  it('a guest signing up in Spanish becomes a Spanish member and gets the code in Spanish', async () => {
    const email = uniqueEmail('es');
    const certificateNo = await registerCertificate(t, email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      payload: { name: 'Lucía Ramírez', email, certificateNo, password: GOOD_PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ user: { language: string } }>().user.language).toBe('es');

    const mail = await received(email);
    expect(mail.subject).toBe('Su código de verificación');
    expect(mail.text).toContain('Hola, Lucía Ramírez:');
    expect(mail.text).toContain('Su código de verificación para el portal de');
    expect(mail.text).toContain('válido durante 10 minutos');
    expect(codeFrom(mail.text)).toMatch(/^\d{6}$/);
    expect(mail.text).not.toMatch(/Your verification code|Hello/);
  });

  it('a member who chose Spanish gets the renewal reminder in Spanish, dates included', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const member = await createUser(t, { name: 'Mateo Cruz' });
    const chosen = await call(t.app, member.cookie, {
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      payload: { name: 'Mateo Cruz', language: 'es' },
    });
    expect(chosen.statusCode).toBe(200);
    const validTill = new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    const issued = await call(t.app, admin.cookie, {
      method: 'POST',
      url: '/api/certificates',
      payload: { userEmail: member.email, certificateNo: `CRA-ES-${Date.now()}`, name: 'Advocate', validTill },
    });
    expect(issued.statusCode).toBe(201);
    await t.app.reminders.run();

    const mail = await received(member.email);
    const day = new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${validTill}T00:00:00Z`),
    );
    expect(mail.subject).toMatch(/^Recordatorio de renovación: Advocate vence en \d días$/);
    expect(mail.text).toContain('Hola, Mateo Cruz:');
    expect(mail.text).toContain(
      `Su certificado «Advocate» (N.º ${issued.json<{ certificateNo: string }>().certificateNo}) es válido hasta el ${day}.`,
    );
    expect(mail.text).not.toMatch(/Renewal reminder|Hello|valid until/);
    // The inbox item too.
    const inbox = await call(t.app, member.cookie, { method: 'GET', url: '/api/inbox' });
    expect(inbox.json<{ items: { title: string }[] }>().items[0]!.title).toMatch(/^«Advocate» vence en \d días$/);
  });
});
