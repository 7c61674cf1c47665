import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 18: two tabs of one member send the same outbox. The Web Locks API lets one of them send
 * and the other leave the work to it, so a waiting report is sent (and removed) once; the
 * Idempotency-Key is the server's second line, tested there.
 */

const sendReport = vi.hoisted(() => vi.fn<(input: { key: string }) => Promise<unknown>>());
const deleteRecord = vi.hoisted(() => vi.fn(async () => undefined));

vi.mock('../../../lib/device-store', () => ({
  readRecords: async () => ({
    records: [{ id: 'report-key-1', value: { values: { clientName: 'Pat' }, media: [] }, files: [] }],
    discarded: 0,
  }),
  deleteRecord,
  putRecord: async () => undefined,
}));
vi.mock('../api/use-reports', () => ({ sendReport }));
vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn() } }));

const { sendOutbox } = await import('./outbox-send');

/** The Web Locks API as an origin shares it between tabs: one holder per name, `ifAvailable` answers null. */
function lockManager() {
  const held = new Set<string>();
  return {
    async request<T>(
      name: string,
      options: { ifAvailable?: boolean },
      callback: (lock: object | null) => Promise<T> | T,
    ) {
      if (held.has(name) && options.ifAvailable) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'locks', { value: lockManager(), configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'locks');
  sendReport.mockReset();
  deleteRecord.mockClear();
});

describe('sending the outbox from two tabs at once', () => {
  it('sends each waiting report once: the tab that finds the lock taken sends nothing', async () => {
    let answer!: () => void;
    sendReport.mockImplementation(() => new Promise((resolve) => (answer = () => resolve({}))));
    const sent = vi.fn();

    const first = sendOutbox('member-1', sent);
    await vi.waitFor(() => expect(sendReport).toHaveBeenCalledTimes(1));
    // The second tab, while the first is still sending.
    await expect(sendOutbox('member-1', sent)).resolves.toEqual({ failure: null });
    expect(sendReport).toHaveBeenCalledTimes(1);

    answer();
    await expect(first).resolves.toEqual({ failure: null });
    expect(sendReport).toHaveBeenCalledTimes(1);
    expect(sendReport.mock.calls[0]![0]).toMatchObject({ key: 'report-key-1' });
    expect(deleteRecord).toHaveBeenCalledTimes(1);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('lets another member’s tab send at the same time (the lock is per member)', async () => {
    let answer!: () => void;
    sendReport.mockImplementationOnce(() => new Promise((resolve) => (answer = () => resolve({}))));
    sendReport.mockImplementationOnce(async () => ({}));
    const first = sendOutbox('member-1', vi.fn());
    await vi.waitFor(() => expect(sendReport).toHaveBeenCalledTimes(1));
    await sendOutbox('member-2', vi.fn());
    expect(sendReport).toHaveBeenCalledTimes(2);
    answer();
    await first;
  });
});
