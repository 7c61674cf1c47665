/** Issue 34: the Renewal Reminders screen's words in English, the source (docs/translations.md). */
const en = {
  'reminders.loading': 'Loading renewal reminders',
  'reminders.loadFailed': 'Unable to fetch the renewal reminders. Please try again.',
  'reminders.title': 'Renewal Reminders',
  'reminders.intro':
    "Each holder of an active certificate gets one reminder, by e-mail and in their portal inbox, at each of these numbers of days before the certificate's valid-till date. 0 means on the day it expires. A certificate issued or renewed inside a window gets that window's reminder and the later ones. Up to {max} offsets, each from 0 to {days} days.",
  'reminders.none': 'No reminders are sent.',
  'reminders.offset': 'Reminder {index}: days before expiry',
  'reminders.remove': 'Remove reminder {index}',
  'reminders.add': 'Add reminder',
  'reminders.reset': 'Reset to default',
  'reminders.save': 'Save',
  'reminders.checkOffsets': 'Check the offsets',
  'reminders.saved.title': 'Renewal reminders saved',
  /** `when` is the offsets as a list: "60 days before, 30 days before, and on the day". */
  'reminders.saved.message': 'Holders are reminded {when}.',
  'reminders.saved.never': 'Holders are reminded never.',
  /** One offset of that list. */
  'reminders.saved.offset': '{days, plural, =0 {on the day} one {# day before} other {# days before}}',
  /** The contract's messages (REMINDER_MESSAGES), from the form's check or the server's answer. */
  'reminders.issue.offset': 'Each offset is a whole number of days from 0 to {days}',
  'reminders.issue.tooMany': 'At most {max} offsets',
  'reminders.issue.duplicate': 'Each offset may appear only once',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
