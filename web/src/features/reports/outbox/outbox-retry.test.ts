import 'fake-indexeddb/auto';
import { notificationsStore } from '@mantine/notifications';
import { emptyReport, type ReportFields } from '@portal/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRecords, wipeDrafts } from '../../../lib/device-store';
import { queueReport } from './outbox-send';
import { readLastSent, useOutbox } from './outbox-store';

/**
 * Issue 18: the outbox as the screens see it (the store of outbox-store.ts), on a real IndexedDB
 * (fake-indexeddb) with our own modules as they are. Only the network is faked, and the timer of
 * the next attempt (Vitest's fake setTimeout and Date: the retry waits are minutes, not to be slept).
 */

const MEMBER = 'member-outbox-retry';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const server = {
  signedIn: MEMBER as string | null,
  secret: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  /** The status of each next POST /api/reports, in turn; 201 once they are used up. */
  answers: [] as number[],
  /** The client name of every POST /api/reports, filed or not. */
  received: [] as string[],
};

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/api/device-key') {
    return server.signedIn
      ? json(200, { userId: server.signedIn, key: server.secret })
      : json(401, { message: 'Unauthorized' });
  }
  if (url === '/api/reports' && init?.method === 'POST') {
    server.received.push((JSON.parse(String(init.body)) as { clientName: string }).clientName);
    const status = server.answers.shift() ?? 201;
    return status === 201
      ? json(201, { _id: `report-${server.received.length}` })
      : json(status, { message: `Refused with ${status}` });
  }
  return json(404, { message: 'Not found' });
}

const report = (clientName: string) => ({ ...emptyReport(), clientName }) as ReportFields;
const outbox = () => useOutbox.getState();
const NOW = new Date('2026-03-02T09:30:00.000Z').getTime();

/** Queues a report as the form does; the clock moves on a second, so that the order is plain. */
async function queue(clientName: string) {
  await queueReport(MEMBER, crypto.randomUUID(), report(clientName), { image: null, video: null });
  vi.setSystemTime(Date.now() + 1_000);
}

/** Whether a timer of a next attempt is set (jsdom's storage events, due at once, are let go first). */
function retrySet() {
  vi.advanceTimersByTime(0);
  return vi.getTimerCount() > 0;
}

/** The real setTimeout, taken before the tests fake it. */
const realSetTimeout = globalThis.setTimeout;

/**
 * Waits (in real time, up to 20 s) until `check` holds. Not vi.waitFor: under fake timers it moves
 * the fake clock on at every try, and the waits between attempts are measured on that clock.
 */
async function until(check: () => boolean) {
  for (let tries = 0; tries < 4_000 && !check(); tries++) await new Promise((resolve) => realSetTimeout(resolve, 5));
  expect(check()).toBe(true);
}

/**
 * The attempt that made the `n`th request has ended: `sending` is back to false, the waiting count
 * read again and, after it, the next timer set, unless nothing waits or the member must look.
 */
async function attemptsMade(n: number) {
  await until(() => server.received.length >= n);
  expect(server.received).toHaveLength(n);
  await until(() => {
    const { sending, waiting, failure } = outbox();
    return !sending && (waiting === 0 || failure !== null || retrySet());
  });
}

/** Moves the fake clock on to the timer of the next attempt, which starts it; answers how far. */
async function nextAttemptAfter(): Promise<number> {
  expect(retrySet()).toBe(true);
  const before = Date.now();
  await vi.advanceTimersToNextTimerAsync();
  return Date.now() - before;
}

// The API client parses answers with the contract's schemas: a while to load on a busy machine.
beforeAll(() => import('@portal/contract'), 60_000);

beforeEach(async () => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  server.signedIn = MEMBER;
  server.answers = [];
  // A clean outbox: every earlier test's report sent.
  await useOutbox.getState().send(MEMBER);
  useOutbox.getState().stop();
  localStorage.clear();
  notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  server.received = [];
  // Only the timers and the clock: IndexedDB (fake-indexeddb) runs on setImmediate, left real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  useOutbox.getState().stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the outbox store on the device', () => {
  it('counts the reports waiting, sends them, and remembers when one was last sent', async () => {
    await queue('Ada Waiting');
    await queue('Ben Waiting');
    await outbox().refresh(MEMBER);
    expect(outbox()).toMatchObject({ waiting: 2, lastSentAt: null, failure: null, sending: false });

    await outbox().send(MEMBER);
    expect(server.received).toEqual(['Ada Waiting', 'Ben Waiting']);
    expect(await countRecords('outbox', MEMBER)).toBe(0);
    expect(outbox()).toMatchObject({ waiting: 0, lastSentAt: NOW + 2_000, failure: null, sending: false });
    expect(readLastSent(MEMBER)).toBe(NOW + 2_000);
    // The member is told of each report that went.
    expect(notificationsStore.getState().notifications.map((n) => [n.title, n.message])).toEqual([
      ['Success', 'Form submitted successfully'],
      ['Success', 'Form submitted successfully'],
    ]);
    expect(retrySet()).toBe(false);
  });

  it('with nothing waiting, asks the server nothing and shows when one was last sent', async () => {
    localStorage.setItem(`portal-outbox-last-sent:${MEMBER}`, String(NOW - 60_000));
    await outbox().send(MEMBER);
    expect(server.received).toEqual([]);
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
    expect(outbox()).toMatchObject({ waiting: 0, lastSentAt: NOW - 60_000, sending: false });
    expect(retrySet()).toBe(false);
  });

  it('reads a missing or spoilt time of the last send as never', async () => {
    for (const stored of [null, '', 'soon', '-5', '0', 'Infinity']) {
      if (stored === null) localStorage.removeItem(`portal-outbox-last-sent:${MEMBER}`);
      else localStorage.setItem(`portal-outbox-last-sent:${MEMBER}`, stored);
      expect(readLastSent(MEMBER), String(stored)).toBeNull();
      await outbox().refresh(MEMBER);
      expect(outbox().lastSentAt, String(stored)).toBeNull();
    }
    localStorage.setItem(`portal-outbox-last-sent:${MEMBER}`, '1');
    expect(readLastSent(MEMBER)).toBe(1);
  });

  it('tries again while the server is away, waiting twice as long each time, up to 2 minutes', async () => {
    await queue('Cy Retried');
    server.answers = [503, 503, 503, 503, 503, 503, 503, 503];
    await outbox().send(MEMBER);
    expect(server.received).toHaveLength(1);
    expect(outbox()).toMatchObject({ waiting: 1, failure: null, sending: false });

    const waits = [];
    for (let attempt = 2; attempt <= 9; attempt++) {
      waits.push(await nextAttemptAfter());
      await attemptsMade(attempt);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 120_000]);
    // The ninth attempt was filed: nothing waits, and no timer is left.
    expect(outbox()).toMatchObject({ waiting: 0, failure: null });
    expect(retrySet()).toBe(false);
  });

  it('waits 2 seconds again after a report went, however long it waited before', async () => {
    await queue('Dee First');
    await queue('Eli Second');
    // Dee fails twice, then goes; Eli fails after her.
    server.answers = [503, 503, 201, 503];
    await outbox().send(MEMBER);
    expect(await nextAttemptAfter()).toBe(2_000);
    await attemptsMade(2);
    expect(await nextAttemptAfter()).toBe(4_000);
    await attemptsMade(4);
    expect(server.received).toEqual(['Dee First', 'Dee First', 'Dee First', 'Eli Second']);
    expect(outbox().waiting).toBe(1);
    expect(await nextAttemptAfter()).toBe(2_000);
    await attemptsMade(5);
    expect(server.received).toEqual(['Dee First', 'Dee First', 'Dee First', 'Eli Second', 'Eli Second']);
    expect(outbox().waiting).toBe(0);
  });

  it.each([400, 403, 404, 413, 415, 422])(
    'stops trying once the server refuses a report for a reason the member must mend (%i)',
    async (status) => {
      await queue('Flo Refused');
      server.answers = [status];
      await outbox().send(MEMBER);
      expect(outbox()).toMatchObject({
        waiting: 1,
        failure: `A report was not sent: Refused with ${status}`,
        sending: false,
      });
      expect(retrySet()).toBe(false);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(server.received).toHaveLength(1);
      // The member looks, and sends again by hand.
      await outbox().send(MEMBER);
      expect(outbox()).toMatchObject({ waiting: 0, failure: null });
    },
  );

  it.each([401, 409, 429, 500])(
    'tries a report again later after a %i, without troubling the member',
    async (status) => {
      await queue('Gus Later');
      server.answers = [status];
      await outbox().send(MEMBER);
      expect(outbox()).toMatchObject({ waiting: 1, failure: null });
      expect(await nextAttemptAfter()).toBe(2_000);
      await attemptsMade(2);
      expect(server.received).toEqual(['Gus Later', 'Gus Later']);
      expect(outbox()).toMatchObject({ waiting: 0, failure: null });
    },
  );

  it('tries again later when the device is locked (signed out), and sends once the member is back', async () => {
    await queue('Hal Locked');
    await wipeDrafts(MEMBER);
    server.signedIn = null;
    await outbox().send(MEMBER);
    expect(server.received).toEqual([]);
    expect(outbox()).toMatchObject({ waiting: 1, failure: null, sending: false });

    server.signedIn = MEMBER;
    expect(await nextAttemptAfter()).toBe(2_000);
    await attemptsMade(1);
    expect(server.received).toEqual(['Hal Locked']);
    expect(outbox()).toMatchObject({ waiting: 0, failure: null });
  });

  it('stops trying when the member signs out, and forgets what it showed', async () => {
    await queue('Ivy Stopped');
    server.answers = [503];
    await outbox().send(MEMBER);
    expect(outbox().waiting).toBe(1);
    outbox().stop();
    expect(outbox()).toMatchObject({ waiting: 0, lastSentAt: null, failure: null });
    expect(retrySet()).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(server.received).toHaveLength(1);
    expect(await countRecords('outbox', MEMBER)).toBe(1);
  });
});
