/**
 * Every date and time the web app shows, in one format per locale (issue 35): Intl's medium date
 * ("Mar 15, 2031" in en-US) and short time, in the reader's own locale and time zone. Built once:
 * toLocaleDateString builds a new formatter per call.
 */
const DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const MOMENT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** An instant: an ISO string from the server, or milliseconds kept on the device. */
type Instant = string | number;

/** The day of an instant (a revocation, a sign-up), where the reader is. */
export const formatDay = (at: Instant) => DAY.format(new Date(at));

/** An instant, to the minute, where the reader is: an audit row, a deletion, a filing. */
export const formatMoment = (at: Instant) => MOMENT.format(new Date(at));

/** The time of day of an instant today: when a new code can be sent, a link runs out, a draft was saved. */
export const formatTimeOfDay = (at: Instant) => TIME.format(new Date(at));

/**
 * A calendar day: a date input's YYYY-MM-DD, or a day the server keeps as one instant of it in UTC
 * (validTill its last millisecond, awardedOn its first). The day is its first 10 characters, as
 * the edit form reads it, whatever the reader's time zone (at UTC+3 the last millisecond of the
 * 15th in UTC is already the 16th).
 */
export function formatCalendarDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return DAY.format(new Date(y!, m! - 1, d));
}

/** Today in the reader's own time zone, as a date input writes it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
