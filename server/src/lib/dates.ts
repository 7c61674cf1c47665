/**
 * Every date the server writes for people (the verification page, its preview image, the PDF and
 * the mails) in one format (issue 35): the UTC day, as 'March 3, 2027', which is the day a
 * certificate's validTill names wherever it is read. One formatter for the process:
 * toLocaleDateString builds a new one per call (about 0.1 ms each, five per page).
 */
const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
export const calendarDay = (date: Date | string) => DAY.format(new Date(date));

/** A moment, to the second, in UTC: 'November 27, 2026 at 14:03:12 UTC'. */
const MOMENT = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'medium',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
export const utcMoment = (date: Date | string) => `${MOMENT.format(new Date(date))} UTC`;
