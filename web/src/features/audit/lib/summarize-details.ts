const MAX = 120;
/** Ids and timestamps say nothing the other columns do not. */
const NOISE = new Set(['_id', 'id', 'createdAt', 'updatedAt']);

const short = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const entries = (record: Record<string, unknown>) =>
  Object.entries(record)
    .filter(([key]) => !NOISE.has(key))
    .map(([key, value]) => `${key}: ${short(value)}`)
    .join('; ');

/**
 * One line for the table: the changed fields of an update, what a creation set or a deletion
 * removed, or the other details (a reveal's reason).
 */
export function summarizeDetails(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const { before, after } = details;
  let text: string;
  if (isRecord(before) && isRecord(after)) {
    const fields = Object.keys({ ...before, ...after });
    text = fields.length ? `changed: ${fields.join(', ')}` : 'no change';
  } else if (isRecord(after)) {
    text = `new: ${entries(after)}`;
  } else if (isRecord(before)) {
    text = `was: ${entries(before)}`;
  } else {
    text = entries(details);
  }
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}
