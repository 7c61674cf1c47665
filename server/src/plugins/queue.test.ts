import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/harness';
import { certificates, inboxItems, outbox } from '../db/schema';
import { queueDatabase } from './queue';

/**
 * Decision 0009: the job queue (pg-boss) runs in the app's own database, PGlite or PostgreSQL,
 * creates its schema itself at start, and runs the background jobs: here the reminder run and
 * the outbox delivery it kicks, as the real server does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workers: true });
});
afterAll(() => t.close());

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the job queue', () => {
  it('reports itself running on /readyz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', queue: 'running' });
  });

  it('has created its own schema and one queue per background job', async () => {
    const { rows } = (await t.database.db.execute(sql`select name from pgboss.queue order by name`)) as unknown as {
      rows: { name: string }[];
    };
    expect(rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['mail-delivery', 'renewal-reminders', 'upload-sweep']),
    );
  });

  it('runs the reminder job when kicked, and the mail job it kicks delivers the mail', async () => {
    const holder = await createUser(t);
    const [cert] = await t.database.db
      .insert(certificates)
      .values({
        userEmail: holder.email,
        certificateNo: 'CRA-Q1',
        name: 'Queued Reminder',
        validTill: new Date(t.clock.now().getTime() + 3 * 86_400_000),
        holderId: holder.user.id,
        claimedAt: new Date(),
      })
      .returning();
    t.app.queue.kick('renewal-reminders');
    const item = await until('the inbox item', async () => {
      const [row] = await t.database.db.select().from(inboxItems).where(eq(inboxItems.certificateId, cert!.id));
      return row;
    });
    expect(item.kind).toBe('renewal-reminder');
    // Without SMTP_URL the mail job marks it kept in the dev outbox: it ran.
    const mail = await until('the delivered mail', async () => {
      const [row] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.to, holder.email))
        .then((rows) => rows.filter((r) => r.sentAt !== null));
      return row;
    });
    expect(mail.subject).toContain('Queued Reminder');
    const sent = await t.database.db.select().from(outbox).where(isNotNull(outbox.sentAt));
    expect(sent.length).toBeGreaterThan(0);
  });
});

describe('without workers (the tests’ default)', () => {
  it('reports the queue off, and ready', async () => {
    const quiet = await createTestApp();
    try {
      const res = await quiet.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.json()).toEqual({ status: 'ready', queue: 'off' });
    } finally {
      await quiet.close();
    }
  });
});

describe('a job that outlives the queue', () => {
  it('does not reach the closed database: its completion is dropped, not an unhandled rejection', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const app = await createTestApp(
      {},
      {
        workers: true,
        beforeReady: (instance) => {
          instance.queue.define('test-outlives-stop', {
            atStart: true,
            async run() {
              started();
              await released;
              throw new Error('the database went away');
            },
          });
        },
      },
    );
    const logs = app.logs;
    await running;
    // The stop waits its 10 s for the job, gives up, and the database is closed; then the job ends.
    await app.close();
    release();
    await vi.waitFor(() => expect(logs.join('\n')).toMatch(/job queue statement after stop dropped/), {
      timeout: 5_000,
    });
  });
});

describe('queueDatabase', () => {
  it('forwards statements while the queue runs, and drops them once it has stopped', async () => {
    let stopped = false;
    const dropped: string[] = [];
    const database = { executeSql: vi.fn(async () => ({ rows: [{ one: 1 }] })) };
    const db = queueDatabase(
      database,
      () => stopped,
      (text) => dropped.push(text),
    );
    expect(await db.executeSql('select 1', [])).toEqual({ rows: [{ one: 1 }] });
    stopped = true;
    expect(await db.executeSql('update pgboss.job set state = $1', ['failed'])).toEqual({ rows: [{ count: 0 }] });
    expect(database.executeSql).toHaveBeenCalledTimes(1);
    expect(dropped).toEqual(['update pgboss.job set state = $1']);
  });
});
