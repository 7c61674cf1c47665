/**
 * Issue 34: the outbox's words in English, the source (docs/translations.md). A set of their own:
 * the outbox's status sits in the dashboard's top bar, which should not carry the intake form's words.
 */
const en = {
  'reports.outbox.label': 'Outbox',
  'reports.outbox.close': 'Close',
  'reports.outbox.retry': 'Retry',
  'reports.outbox.sending': 'Sending…',
  'reports.outbox.waiting': '{count} waiting',
  'reports.outbox.waitingLastSent': '{count} waiting · last sent {time}',
  'reports.outbox.allSent': 'All sent · last sent {time}',
  'reports.outbox.allSentNever': 'All sent · ',
  'reports.outbox.offline': 'You are offline: these reports are sent when you are back online.',
  'reports.outbox.empty': 'Nothing waits on this device.',
  'reports.outbox.hidden':
    '{count, plural, one {1 report waits on this device; sign in online to see it.} other {# reports wait on this device; sign in online to see them.}}',
  'reports.outbox.list': 'Reports on this device',
  'reports.outbox.noClientName': 'No client name',
  'reports.outbox.savedAt': 'Saved {time}',
  'reports.outbox.sentAt': 'Sent {time}',
  'reports.outbox.state.waiting': 'Waiting',
  'reports.outbox.state.sending': 'Sending…',
  'reports.outbox.state.failed': 'Not sent',
  'reports.outbox.state.sent': 'Sent',
  // Said where no screen may be (outbox-send.ts, api/resumable-upload.ts): see `say` in ../words.ts.
  'reports.outbox.success': 'Success',
  'reports.outbox.submitted': 'Form submitted successfully',
  'reports.outbox.discarded': 'A report saved on this device could not be read, so it was discarded.',
  'reports.outbox.notSent': 'A report was not sent: {reason}',
  'reports.outbox.uploadUnanswered': 'The upload was finished without its answer',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
/** A key of the outbox's words. */
export type OutboxKey = keyof typeof en;
export default en satisfies Catalogue;
