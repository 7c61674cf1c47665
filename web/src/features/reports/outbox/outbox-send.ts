import type { ReportFields } from '@portal/contract';
import { ApiError } from '../../../lib/api';
import { deleteRecord, type DeviceRecord, putRecord, readRecords } from '../../../lib/device-store';
import { toast } from '../../../lib/toast';
import { sendReport } from '../api/use-reports';
import { writeLastSent } from './outbox-store';
import { say } from './words';

type Media = 'image' | 'video';

/** A report waiting on this device: its answers, and which of its sealed files is which. */
interface OutboxReport {
  values: ReportFields;
  media: Media[];
}

/**
 * Issue 18: keeps a submitted report, its photo and its video together on the device (sealed),
 * under the report's Idempotency-Key, until the server confirms it.
 */
export async function queueReport(
  userId: string,
  key: string,
  values: ReportFields,
  media: { image: File | null; video: File | null },
) {
  const roles = (['image', 'video'] as const).filter((role) => media[role]);
  await putRecord(
    'outbox',
    userId,
    key,
    { values, media: [...roles] } satisfies OutboxReport,
    roles.map((role) => media[role]!),
  );
}

/**
 * Answers that a retry alone will not change: the member must look (a file refused, a field the
 * server rejects). Anything else (offline, 401 until signed in again, 409 while a copy is being
 * processed, 429, 5xx) is retried later, with the same key, so it is filed once.
 */
const needsTheMember = (err: unknown) => err instanceof ApiError && [400, 403, 404, 413, 415, 422].includes(err.status);

/** A report in the outbox as its list shows it: never its other answers or its files. */
export interface OutboxEntry {
  key: string;
  clientName: string;
  /** When it was put in the outbox (ms since the epoch). */
  queuedAt: number;
}

const entryOf = (record: DeviceRecord<OutboxReport>): OutboxEntry => ({
  key: record.id,
  clientName: record.value.values.clientName,
  queuedAt: record.updatedAt,
});

/** The member's waiting reports, oldest first, without opening their files. */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const { records } = await readRecords<OutboxReport>('outbox', userId, { files: false });
  return records.reverse().map(entryOf);
}

export interface SendResult {
  failure: string | null;
  /** The report that was refused, when `failure` is about one. */
  failedKey?: string;
}

/**
 * Sends the member's waiting reports, oldest first, and stops at the first that does not go. The
 * Web Locks API keeps two tabs from sending the same outbox at once (the Idempotency-Key would
 * still make one report of it); a tab that finds the lock taken leaves the work to the other.
 * `onSending` hears of each report as it starts, `onSent` as the server confirms it.
 */
export async function sendOutbox(
  userId: string,
  onSent: (entry: OutboxEntry) => void,
  onSending?: (entry: OutboxEntry) => void,
): Promise<SendResult> {
  const work = async (): Promise<SendResult> => {
    const { records, discarded } = await readRecords<OutboxReport>('outbox', userId);
    const failure = discarded ? say('reports.outbox.discarded') : null;
    for (const record of records.reverse()) {
      onSending?.(entryOf(record));
      const file = (role: Media) => {
        const stored = record.files[record.value.media.indexOf(role)];
        return stored ? new File([stored.blob], stored.name, { type: stored.type }) : null;
      };
      try {
        await sendReport({
          userId,
          key: record.id,
          values: record.value.values,
          image: file('image'),
          video: file('video'),
        });
      } catch (err) {
        if (needsTheMember(err)) {
          return {
            failure: say('reports.outbox.notSent', { reason: (err as ApiError).message }),
            failedKey: record.id,
          };
        }
        return { failure };
      }
      await deleteRecord('outbox', userId, record.id);
      writeLastSent(userId, Date.now());
      onSent(entryOf(record));
      toast.success(say('reports.outbox.success'), say('reports.outbox.submitted'));
    }
    return { failure };
  };
  if (!('locks' in navigator)) return work();
  return navigator.locks.request(`portal-outbox:${userId}`, { ifAvailable: true }, (lock) =>
    lock ? work() : { failure: null },
  );
}
