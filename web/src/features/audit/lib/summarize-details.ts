import en from '../messages/en';

const MAX = 120;
/** Ids and timestamps say nothing the other columns do not. */
const NOISE = new Set(['_id', 'id', 'createdAt', 'updatedAt']);

type DetailsKey = 'audit.details.changed' | 'audit.details.noChange' | 'audit.details.new' | 'audit.details.was';

/** The words of a summary, by key: the screen's `t` (useT), in the reader's language. */
export type SayDetails = (key: DetailsKey, values?: Record<string, string>) => string;

/** Without a screen (the unit tests), the English messages, whose only arguments are plain. */
const english: SayDetails = (key, values = {}) =>
  en[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

const short = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The field names are the record's, as stored: not translated.
const entries = (record: Record<string, unknown>) =>
  Object.entries(record)
    .filter(([key]) => !NOISE.has(key))
    .map(([key, value]) => `${key}: ${short(value)}`)
    .join('; ');

/**
 * One line for the table: the changed fields of an update, what a creation set or a deletion
 * removed, or the other details (a reveal's reason).
 */
export function summarizeDetails(details: Record<string, unknown> | null, say: SayDetails = english): string {
  if (!details) return '';
  const { before, after } = details;
  let text: string;
  if (isRecord(before) && isRecord(after)) {
    const fields = Object.keys({ ...before, ...after });
    text = fields.length ? say('audit.details.changed', { fields: fields.join(', ') }) : say('audit.details.noChange');
  } else if (isRecord(after)) {
    text = say('audit.details.new', { entries: entries(after) });
  } else if (isRecord(before)) {
    text = say('audit.details.was', { entries: entries(before) });
  } else {
    text = entries(details);
  }
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}
