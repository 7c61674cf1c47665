import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Issue 18: the outbox is kicked when the connection comes back. A kick that arrives while a send
 * is still busy (with an upload the network just cut) must not be lost: it runs once that send
 * ends. Before, it was dropped, and with the retry timer backed off the outbox could wait minutes.
 */

const waiting = vi.hoisted(() => ({ count: 1 }));
const sendOutbox = vi.hoisted(() => vi.fn<(userId: string, onSent: () => void) => Promise<{ failure: null }>>());

vi.mock('../../../lib/device-store', () => ({
  deviceStoreAvailable: () => true,
  countRecords: async () => waiting.count,
}));
vi.mock('./outbox-send', () => ({ sendOutbox }));

const { useOutbox } = await import('./outbox-store');

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
        onSent();
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
});
