import { emptyReport, type ReportFields, type ReportFieldsInput } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  DeviceLocked,
  deleteRecord,
  deviceStoreAvailable,
  openDrafts,
  putRecord,
  readRecords,
  unlockDevice,
} from '../../../lib/device-store';
import type { ReportsKey } from '../messages/en';

/**
 * Issue 18: the report form is saved to the device as the member types, at most SAVE_AFTER_MS
 * after a change (the issue asks for at least every 2 s), and at once when the page is hidden
 * (`visibilitychange`: the member switched app, or the tab is being closed or frozen) or left.
 */
export const SAVE_AFTER_MS = 1000;

export interface DraftSummary {
  id: string;
  clientName: string;
  updatedAt: number;
}

interface DraftValue {
  values: ReportFieldsInput;
}

/**
 * The drafts of the signed-in member on this device, and the one being edited. The id of the
 * draft being edited is also its report's Idempotency-Key.
 */
export function useReportDrafts(
  form: UseFormReturn<ReportFieldsInput, unknown, ReportFields>,
  userId: string | undefined,
) {
  const available = !!userId && deviceStoreAvailable();
  const [currentId, setCurrentId] = useState<string>(() => crypto.randomUUID());
  /** The same id, for the callbacks that run after a render (saves, submits). */
  const current = useRef(currentId);
  const [drafts, setDrafts] = useState<DraftSummary[]>([]);
  // Issue 34: what the page says of the drafts, as messages it translates.
  const [notice, setNotice] = useState<ReportsKey | null>(null);
  const [problem, setProblem] = useState<ReportsKey | null>(null);
  const dirty = useRef(false);
  /** Whether what is on screen is on the device too: 'saved' once a save caught up with the typing. */
  const [saveState, setSaveState] = useState<'idle' | 'pending' | 'saved'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Every store operation in order, so a late save never brings back a draft just discarded. */
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const enqueue = useCallback(<T>(op: () => Promise<T>) => {
    const next = queue.current.then(op, op);
    queue.current = next.catch(() => undefined);
    return next;
  }, []);

  const refresh = useCallback(async () => {
    if (!available) return [];
    const { records, discarded } = await readRecords<DraftValue>('drafts', userId);
    if (discarded) setProblem('reports.drafts.discarded');
    setDrafts(records.map((r) => ({ id: r.id, clientName: r.value.values.clientName ?? '', updatedAt: r.updatedAt })));
    return records;
  }, [available, userId]);

  const save = useCallback(
    () =>
      enqueue(async () => {
        clearTimeout(timer.current);
        timer.current = undefined;
        if (!available || !dirty.current) return;
        dirty.current = false;
        try {
          await putRecord('drafts', userId, current.current, { values: form.getValues() } satisfies DraftValue);
          if (!dirty.current) setSaveState('saved');
          await refresh();
        } catch {
          dirty.current = true;
          setProblem('reports.drafts.saveFailed');
        }
      }),
    [available, enqueue, form, refresh, userId],
  );

  // On arrival: the newest draft comes back into the form. Issue 30 (F6): the device's key opens
  // only with the server's secret; after a restart with no connection the drafts wait, and come
  // back when the connection does, unless the member has begun typing meanwhile.
  useEffect(() => {
    if (!available) return;
    openDrafts(userId);
    let cancelled = false;
    const restore = () =>
      enqueue(async () => {
        try {
          await unlockDevice(userId);
          window.removeEventListener('online', retry);
          setProblem(null);
          const [newest] = await refresh();
          if (cancelled || !newest || dirty.current || timer.current) return;
          current.current = newest.id;
          setCurrentId(newest.id);
          form.reset({ ...emptyReport(), ...newest.value.values });
          setNotice('reports.drafts.restored');
        } catch (err) {
          setProblem(err instanceof DeviceLocked ? 'reports.drafts.locked' : 'reports.drafts.unreadable');
        }
      });
    const retry = () => void restore();
    window.addEventListener('online', retry);
    void restore();
    return () => {
      cancelled = true;
      window.removeEventListener('online', retry);
    };
  }, [available, enqueue, form, refresh, userId]);

  // Every change marks the draft; it is written at most SAVE_AFTER_MS later.
  useEffect(() => {
    if (!available) return;
    // Only what the member changes: a reset (a draft opened, a new one begun) is no edit.
    const subscription = form.watch((_values, { type }) => {
      if (type !== 'change') return;
      dirty.current = true;
      setSaveState('pending');
      timer.current ??= setTimeout(() => void save(), SAVE_AFTER_MS);
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') void save();
    };
    const onLeave = () => void save();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    return () => {
      subscription.unsubscribe();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      // Leaving the page (or the session ending) keeps what was typed last.
      void save();
    };
  }, [available, form, save]);

  /** Starts a new, empty draft (after a submit, or when the current one is discarded). */
  const startNew = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    dirty.current = false;
    current.current = crypto.randomUUID();
    setCurrentId(current.current);
    form.reset(emptyReport());
    setSaveState('idle');
  }, [form]);

  const discard = useCallback(
    (id: string) =>
      enqueue(async () => {
        if (id === current.current) startNew();
        if (available) await deleteRecord('drafts', userId, id);
        setNotice(null);
        await refresh();
      }),
    [available, enqueue, refresh, startNew, userId],
  );

  /** Opens another draft of this device; the one being edited is saved first. */
  const openDraft = useCallback(
    async (id: string) => {
      await save();
      await enqueue(async () => {
        const records = await refresh();
        const draft = records.find((r) => r.id === id);
        if (!draft) return;
        current.current = draft.id;
        setCurrentId(draft.id);
        form.reset({ ...emptyReport(), ...draft.value.values });
        dirty.current = false;
      });
    },
    [enqueue, form, refresh, save],
  );

  /** The report of the current draft was confirmed by the server, or handed to the outbox. */
  const finish = useCallback(
    () =>
      enqueue(async () => {
        const done = current.current;
        startNew();
        setNotice(null);
        if (available) await deleteRecord('drafts', userId, done);
        await refresh();
      }),
    [available, enqueue, refresh, startNew, userId],
  );

  return {
    saveState,
    drafts,
    currentId,
    notice,
    problem,
    dismissProblem: () => setProblem(null),
    discard,
    openDraft,
    finish,
    save,
  };
}
