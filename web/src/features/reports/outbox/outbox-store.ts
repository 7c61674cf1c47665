import { create } from 'zustand';
import type { OutboxEntry } from './outbox-send';

/**
 * The outbox of issue 18 as the screens show it: how many reports wait on this device, when one
 * was last sent, and why sending stopped if it failed for a reason a retry alone will not mend.
 * The sealed reports themselves are in the device store; the sending code is loaded when there is
 * something to send (outbox-send.ts), so the top bar that shows this stays small.
 */
/** A report on the outbox list (issue 35): waiting, being sent, refused, or sent from this tab. */
export interface OutboxItem extends OutboxEntry {
  state: 'waiting' | 'sending' | 'failed' | 'sent';
  /** When `sent`: the time the server confirmed it. */
  sentAt?: number;
}

/** Sent reports this tab remembers (in memory only: client names are not kept in clear on the device). */
const SENT_KEPT = 10;

export interface OutboxState {
  waiting: number;
  lastSentAt: number | null;
  failure: string | null;
  sending: boolean;
  /** The waiting reports, oldest first (read when the count changes; empty while the device is locked). */
  entries: OutboxEntry[];
  /** The report being sent now, and the one the server refused (with `failure` as the reason). */
  sendingKey: string | null;
  failedKey: string | null;
  /** Reports sent since this tab opened, newest first. */
  sent: (OutboxEntry & { sentAt: number })[];
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
  entries: [],
  sendingKey: null,
  failedKey: null,
  sent: [],

  refresh: async (userId) => {
    const store = await import('../../../lib/device-store');
    if (!store.deviceStoreAvailable()) return;
    const waiting = await store.countRecords('outbox', userId);
    set({ waiting, lastSentAt: readLastSent(userId) });
    if (!waiting) return set({ entries: [] });
    try {
      const { listOutbox } = await import('./outbox-send');
      set({ entries: await listOutbox(userId) });
    } catch {
      // Locked until the member signs in again (decision 0034): the count still shows.
    }
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
      const result = await sendOutbox(
        userId,
        (entry) => {
          retries = 0;
          set((state) => ({
            sendingKey: null,
            sent: [{ ...entry, sentAt: Date.now() }, ...state.sent].slice(0, SENT_KEPT),
          }));
          void get().refresh(userId);
        },
        (entry) =>
          set((state) => ({
            sendingKey: entry.key,
            failedKey: null,
            entries: state.entries.some((e) => e.key === entry.key) ? state.entries : [...state.entries, entry],
          })),
      );
      set({ failure: result.failure, failedKey: result.failedKey ?? null });
    } catch {
      // The device store failed under the send: tried again below, like a lost connection.
    } finally {
      set({ sending: false, sendingKey: null });
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
    set({ waiting: 0, lastSentAt: null, failure: null, entries: [], sendingKey: null, failedKey: null, sent: [] });
  },
}));

/** The outbox as one list: what waits (with its state), then what this tab sent. */
export function outboxItems(state: Pick<OutboxState, 'entries' | 'sendingKey' | 'failedKey' | 'sent'>): OutboxItem[] {
  const waiting = state.entries.map((entry): OutboxItem => ({
    ...entry,
    state: entry.key === state.sendingKey ? 'sending' : entry.key === state.failedKey ? 'failed' : 'waiting',
  }));
  const pending = new Set(state.entries.map((e) => e.key));
  return [
    ...waiting,
    ...state.sent.filter((s) => !pending.has(s.key)).map((s): OutboxItem => ({ ...s, state: 'sent' })),
  ];
}
