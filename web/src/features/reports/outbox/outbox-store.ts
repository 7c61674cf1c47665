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
    if (get().sending) return;
    const store = await import('../../../lib/device-store');
    if (!store.deviceStoreAvailable() || (await store.countRecords('outbox', userId)) === 0) {
      set({ lastSentAt: readLastSent(userId) });
      return;
    }
    set({ sending: true });
    clearTimeout(retryTimer);
    try {
      const { sendOutbox } = await import('./outbox-send');
      const result = await sendOutbox(userId, () => {
        retries = 0;
        void get().refresh(userId);
      });
      set({ failure: result.failure });
    } finally {
      set({ sending: false });
      await get().refresh(userId);
    }
    // Still waiting, with nothing for the member to mend: the server or the network was away
    // while the device thought it was online. Try again, each time waiting longer (up to 2 min).
    if (get().waiting && !get().failure) {
      retryTimer = setTimeout(() => void get().send(userId), Math.min(2 ** retries++ * 2000, 120_000));
    }
  },

  stop: () => {
    clearTimeout(retryTimer);
    retries = 0;
    set({ waiting: 0, lastSentAt: null, failure: null });
  },
}));
