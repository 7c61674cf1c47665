/**
 * A day the server keeps as one instant of it in UTC (validTill its last millisecond, awardedOn
 * its first), in the reader's locale. The calendar day is its first 10 characters, as the edit
 * form reads it, whatever the reader's time zone.
 */
export function formatCalendarDay(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d).toLocaleDateString();
}

/** Today in the reader's own time zone, as a date input writes it (YYYY-MM-DD). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
