import { create } from 'zustand';

/**
 * The outbox of issue 18 as the screens show it: how many reports wait on this device, when one
 * was last sent, and why sending stopped if it failed for a reason a retry alone will not mend.
 * The sealed reports themselves are in the device store; the sending code is loaded when there is
 * something to send (outbox-send.ts), so the top bar that shows this stays small.
 */
export interface OutboxState {
  waiting: number;
  lastSentAt: number | null;
  failure: string | null;
  sending: boolean;
  /** Re-reads how many reports wait for this member. */
  refresh(userId: string): Promise<void>;
  /** Sends what waits (once per device at a time, across tabs); a no-op when nothing does. */
  send(userId: string): Promise<void>;
  /** Stops trying again (the member signed out). */
  stop(): void;
}

const lastSentKey = (userId: string) => `portal-outbox-last-sent:${userId}`;

export const readLastSent = (userId: string) => {
  const value = Number(localStorage.getItem(lastSentKey(userId)));
  return Number.isFinite(value) && value > 0 ? value : null;
};
export const writeLastSent = (userId: string, at: number) => localStorage.setItem(lastSentKey(userId), String(at));

let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retries = 0;
/**
 * A send asked for while one runs (the connection came back, the form queued a report): it runs
 * once the current one ends, instead of being dropped. Dropping it lost the `online` kick when a
 * send was still busy with an upload the network had cut, and the outbox then waited for its
 * retry timer, whose delay doubles up to 2 min.
 */
let again = false;

export const useOutbox = create<OutboxState>()((set, get) => ({
  waiting: 0,
  lastSentAt: null,
  failure: null,
  sending: false,

  refresh: async (userId) => {
    const store = await import('../../../lib/device-store');
    if (!store.deviceStoreAvailable()) return;
    set({ waiting: await store.countRecords('outbox', userId), lastSentAt: readLastSent(userId) });
  },

  send: async (userId) => {
    if (get().sending) {
      again = true;
      return;
    }
    const store = await import('../../../lib/device-store');
    if (!store.deviceStoreAvailable() || (await store.countRecords('outbox', userId)) === 0) {
      set({ lastSentAt: readLastSent(userId) });
      return;
    }
    set({ sending: true });
    clearTimeout(retryTimer);
    again = false;
    try {
      const { sendOutbox } = await import('./outbox-send');
      const result = await sendOutbox(userId, () => {
        retries = 0;
        void get().refresh(userId);
      });
      set({ failure: result.failure });
    } catch {
      // The device store failed under the send: tried again below, like a lost connection.
    } finally {
      set({ sending: false });
      await get().refresh(userId);
    }
    if (!get().waiting || get().failure) return;
    // Asked for again while this one ran: now, with the connection that came back.
    if (again) {
      again = false;
      retries = 0;
      return get().send(userId);
    }
    // Still waiting, with nothing for the member to mend: the server or the network was away
    // while the device thought it was online. Try again, each time waiting longer (up to 2 min).
    retryTimer = setTimeout(() => void get().send(userId), Math.min(2 ** retries++ * 2000, 120_000));
  },

  stop: () => {
    clearTimeout(retryTimer);
    retries = 0;
    again = false;
    set({ waiting: 0, lastSentAt: null, failure: null });
  },
}));
