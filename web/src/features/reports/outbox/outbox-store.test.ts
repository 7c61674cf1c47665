import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 18: the outbox is kicked when the connection comes back. A kick that arrives while a send
 * is still busy (with an upload the network just cut) must not be lost: it runs once that send
 * ends. Before, it was dropped, and with the retry timer backed off the outbox could wait minutes.
 */

const waiting = vi.hoisted(() => ({ count: 1 }));
type Entry = { key: string; clientName: string; queuedAt: number };
const sendOutbox = vi.hoisted(() =>
  vi.fn<
    (
      userId: string,
      onSent: (entry: Entry) => void,
      onSending?: (entry: Entry) => void,
    ) => Promise<{ failure: string | null; failedKey?: string }>
  >(),
);
const entries = vi.hoisted(() => ({ list: [] as Entry[] }));

vi.mock('../../../lib/device-store', () => ({
  deviceStoreAvailable: () => true,
  countRecords: async () => waiting.count,
}));
vi.mock('./outbox-send', () => ({ sendOutbox, listOutbox: async () => entries.list }));

const { outboxItems, useOutbox } = await import('./outbox-store');

afterEach(() => {
  useOutbox.getState().stop();
  sendOutbox.mockReset();
  vi.useRealTimers();
});

describe('the outbox store', () => {
  it('runs a send asked for while one was running, once that one ends', async () => {
    vi.useFakeTimers();
    let cut!: () => void;
    // The first send hangs on an upload, then fails (offline); the second one goes through.
    sendOutbox
      .mockImplementationOnce(() => new Promise((resolve) => (cut = () => resolve({ failure: null }))))
      .mockImplementationOnce(async (_userId, onSent) => {
        waiting.count = 0;
        onSent({ key: 'k', clientName: 'Pat', queuedAt: 1 });
        return { failure: null };
      });

    const first = useOutbox.getState().send('member-1');
    await vi.waitFor(() => expect(sendOutbox).toHaveBeenCalledTimes(1));
    expect(useOutbox.getState().sending).toBe(true);
    // Back online while the first send is still busy.
    await useOutbox.getState().send('member-1');
    expect(sendOutbox).toHaveBeenCalledTimes(1);

    cut();
    await first;
    // At once, not after the retry timer.
    expect(sendOutbox).toHaveBeenCalledTimes(2);
    expect(useOutbox.getState()).toMatchObject({ waiting: 0, sending: false });
  });

  it('lists each waiting report with its state: sending, then refused with the reason, and what this tab sent', async () => {
    const pat = { key: 'pat', clientName: 'Pat Field', queuedAt: 1 };
    const sam = { key: 'sam', clientName: 'Sam Refused', queuedAt: 2 };
    waiting.count = 2;
    entries.list = [pat, sam];
    const seen: string[] = [];
    sendOutbox.mockImplementationOnce(async (_userId, onSent, onSending) => {
      onSending!(pat);
      seen.push(outboxItems(useOutbox.getState()).find((i) => i.key === 'pat')?.state ?? 'none');
      waiting.count = 1;
      entries.list = [sam];
      onSent(pat);
      onSending!(sam);
      return { failure: 'A report was not sent: The client’s date of birth is invalid', failedKey: 'sam' };
    });
    await useOutbox.getState().send('member-1');
    expect(seen).toEqual(['sending']);
    expect(outboxItems(useOutbox.getState())).toEqual([
      { ...sam, state: 'failed' },
      { ...pat, state: 'sent', sentAt: expect.any(Number) },
    ]);
    expect(useOutbox.getState().failure).toBe('A report was not sent: The client’s date of birth is invalid');
    waiting.count = 1;
  });
});
