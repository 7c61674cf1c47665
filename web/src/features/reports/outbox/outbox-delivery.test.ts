import 'fake-indexeddb/auto';
import { emptyReport, type ReportFields } from '@portal/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countRecords, DeviceLocked, readRecords, wipeDrafts } from '../../../lib/device-store';
import { listOutbox, queueReport, sendOutbox } from './outbox-send';

/**
 * Issue 18 and issue 30 (F6): the outbox on a real IndexedDB (fake-indexeddb) with Node's WebCrypto
 * and our own modules as they are: the device store, the sender, the API client. Only the network
 * is faked: a server that files reports under their Idempotency-Key and gives the device key secret
 * to the signed-in member alone. A report whose send fails must stay on the device and go on the
 * next attempt; before this test, a sender that dropped it on a failed send passed every unit test.
 */

const MEMBER = 'member-outbox';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Answer = 'filed' | 'unavailable' | 'offline' | 'signed out' | 'refused';
const server = {
  signedIn: MEMBER as string | null,
  secret: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url'),
  /** How the next POST /api/reports is answered. */
  reports: 'filed' as Answer,
  /** Every report the server received: its Idempotency-Key and client name, and whether it was filed. */
  received: [] as { key: string | null; clientName: string; filed: boolean }[],
};

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url === '/api/device-key') {
    return server.signedIn
      ? json(200, { userId: server.signedIn, key: server.secret })
      : json(401, { message: 'Unauthorized' });
  }
  if (url === '/api/reports' && init?.method === 'POST') {
    if (server.reports === 'offline') throw new TypeError('Failed to fetch');
    // The header is a structured-field string (contract: idempotencyKeyValue): "uuid".
    const key = new Headers(init.headers).get('idempotency-key')?.replace(/^"|"$/g, '') ?? null;
    const body = JSON.parse(String(init.body)) as { clientName: string };
    const filed = server.reports === 'filed';
    server.received.push({ key, clientName: body.clientName, filed });
    if (filed) return json(201, { _id: `report-${server.received.length}` });
    if (server.reports === 'signed out') return json(401, { message: 'Unauthorized' });
    if (server.reports === 'refused') return json(422, { message: 'The client’s date of birth is invalid' });
    return json(503, { message: 'Service unavailable' });
  }
  return json(404, { message: 'Not found' });
}

const report = (clientName: string) => ({ ...emptyReport(), clientName }) as ReportFields;
const waiting = () => countRecords('outbox', MEMBER);

// The API client parses answers with the contract's schemas: a while to load on a busy machine.
beforeAll(() => import('@portal/contract'), 60_000);

beforeEach(async () => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  server.signedIn = MEMBER;
  server.reports = 'filed';
  server.received = [];
  // A clean outbox: every earlier test's report sent.
  await sendOutbox(MEMBER, () => undefined);
  server.received = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the outbox on the device', () => {
  it.each<Answer>(['unavailable', 'offline', 'signed out'])(
    'keeps a report whose send fails (%s) and sends it, once filed, on the next attempt',
    async (failure) => {
      const key = crypto.randomUUID();
      await queueReport(MEMBER, key, report('Pat Field'), { image: null, video: null });
      const sent = vi.fn();

      server.reports = failure;
      await expect(sendOutbox(MEMBER, sent)).resolves.toEqual({ failure: null });
      expect(await waiting()).toBe(1);
      expect(sent).not.toHaveBeenCalled();
      const { records } = await readRecords<{ values: ReportFields }>('outbox', MEMBER);
      expect(records.map((r) => [r.id, r.value.values.clientName])).toEqual([[key, 'Pat Field']]);

      server.reports = 'filed';
      await expect(sendOutbox(MEMBER, sent)).resolves.toEqual({ failure: null });
      expect(await waiting()).toBe(0);
      expect(sent).toHaveBeenCalledTimes(1);
      expect(sent).toHaveBeenCalledWith({ key, clientName: 'Pat Field', queuedAt: expect.any(Number) });
      // Every attempt carried the same key, so the server files it once.
      expect(server.received.every((r) => r.key === key)).toBe(true);
      expect(server.received.filter((r) => r.filed)).toEqual([{ key, clientName: 'Pat Field', filed: true }]);
    },
  );

  it('keeps a report the server refuses for a reason the member must see, with that reason', async () => {
    const key = crypto.randomUUID();
    await queueReport(MEMBER, key, report('Sam Refused'), { image: null, video: null });
    server.reports = 'refused';
    await expect(sendOutbox(MEMBER, vi.fn())).resolves.toEqual({
      failure: 'A report was not sent: The client’s date of birth is invalid',
      failedKey: key,
    });
    // The outbox list names it, from its answers alone.
    expect(await listOutbox(MEMBER)).toEqual([{ key, clientName: 'Sam Refused', queuedAt: expect.any(Number) }]);
    expect(await waiting()).toBe(1);
  });

  it('sends the reports in the order they were queued, and stops at the first that fails', async () => {
    const first = crypto.randomUUID();
    const second = crypto.randomUUID();
    await queueReport(MEMBER, first, report('First'), { image: null, video: null });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await queueReport(MEMBER, second, report('Second'), { image: null, video: null });
    server.reports = 'unavailable';
    await sendOutbox(MEMBER, vi.fn());
    expect(server.received.map((r) => r.clientName)).toEqual(['First']);
    expect(await waiting()).toBe(2);
    server.reports = 'filed';
    await sendOutbox(MEMBER, vi.fn());
    expect(server.received.filter((r) => r.filed).map((r) => r.clientName)).toEqual(['First', 'Second']);
    expect(await waiting()).toBe(0);
  });

  it('delivers a killed tab’s report after the member signs in again; signed out, it waits intact', async () => {
    const key = crypto.randomUUID();
    await queueReport(MEMBER, key, report('Killed Tab'), { image: null, video: null });
    // The logout (or a tab killed and opened again): the unwrapped key is no longer in memory.
    await wipeDrafts(MEMBER);
    server.signedIn = null;
    await expect(sendOutbox(MEMBER, vi.fn())).rejects.toBeInstanceOf(DeviceLocked);
    expect(server.received).toEqual([]);
    expect(await waiting()).toBe(1);

    server.signedIn = MEMBER;
    await expect(sendOutbox(MEMBER, vi.fn())).resolves.toEqual({ failure: null });
    expect(server.received).toEqual([{ key, clientName: 'Killed Tab', filed: true }]);
    expect(await waiting()).toBe(0);
  });
});

describe('what the outbox keeps on the device', () => {
  it('tells the member of a report that could not be read, discards it, and sends the others', async () => {
    const spoilt = crypto.randomUUID();
    await queueReport(MEMBER, spoilt, report('Spoilt'), { image: null, video: null });
    await queueReport(MEMBER, crypto.randomUUID(), report('Readable'), { image: null, video: null });
    // The sealed bytes of one record change on the disk (a broken write, a tampering).
    await rewriteRow(spoilt, (row) => ({ ...row, value: { ...row.value, data: new ArrayBuffer(40) } }));
    await expect(sendOutbox(MEMBER, vi.fn())).resolves.toEqual({
      failure: 'A report saved on this device could not be read, so it was discarded.',
    });
    expect(server.received.map((r) => r.clientName)).toEqual(['Readable']);
    expect(await waiting()).toBe(0);
  });
});

type Row = { id: string; value: { iv: Uint8Array; data: ArrayBuffer } };
/** Changes one stored record behind the device store's back, in IndexedDB itself. */
async function rewriteRow(id: string, change: (row: Row) => Row) {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('portal-device');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('open failed'));
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('outbox', 'readwrite');
    const store = tx.objectStore('outbox');
    const get = store.get(id);
    get.onsuccess = () => store.put(change(get.result as Row));
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('write failed'));
  });
  db.close();
}
