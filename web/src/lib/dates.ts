/**
 * Every date and time the web app shows, in one format per language (issues 35 and 34): Intl's
 * medium date ("Mar 15, 2031" in en-US, "15 mar 2031" in es-US) and short time, in the language
 * the screens speak (app/i18n-provider.tsx sets it) and the reader's own time zone. Built once per
 * language: toLocaleDateString builds a new formatter per call.
 */
function formatters(locale: string | undefined) {
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    moment: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
  };
}

let current = formatters(undefined);
let currentLocale: string | undefined;

/** The screens' language changed: dates follow (a BCP 47 tag, `ar-EG` say, with its digits). */
export function setDateLocale(locale: string) {
  if (locale === currentLocale) return;
  currentLocale = locale;
  current = formatters(locale);
}

/** An instant: an ISO string from the server, or milliseconds kept on the device. */
type Instant = string | number;

/** The day of an instant (a revocation, a sign-up), where the reader is. */
export const formatDay = (at: Instant) => current.day.format(new Date(at));

/** An instant, to the minute, where the reader is: an audit row, a deletion, a filing. */
export const formatMoment = (at: Instant) => current.moment.format(new Date(at));

/** The time of day of an instant today: when a new code can be sent, a link runs out, a draft was saved. */
export const formatTimeOfDay = (at: Instant) => current.time.format(new Date(at));

/**
 * A calendar day: a date input's YYYY-MM-DD, or a day the server keeps as one instant of it in UTC
 * (validTill its last millisecond, awardedOn its first). The day is its first 10 characters, as
 * the edit form reads it, whatever the reader's time zone (at UTC+3 the last millisecond of the
 * 15th in UTC is already the 16th).
 */
export function formatCalendarDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return current.day.format(new Date(y!, m! - 1, d));
}

/** Today in the reader's own time zone, as a date input writes it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
