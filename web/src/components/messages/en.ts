/** Issue 34: the shared components' words in English, the source (docs/translations.md). */
const en = {
  'common.ui.close': 'Close',
  'common.ui.cancel': 'Cancel',
  'common.ui.edit': 'Edit',
  'common.ui.delete': 'Delete',
  'common.ui.loadingQrCode': 'Loading QR code',

  // `verb` is the screen's own ("Delete", "Renew"); `noun` a plural, lower case ("users").
  'common.ui.bulk.all': 'All {total}',
  'common.ui.bulk.allMatching': 'All {total} matching',
  'common.ui.bulk.actionAll': '{verb} all {total}',
  'common.ui.bulk.actionAllMatching': '{verb} all {total} matching',
  'common.ui.bulk.actionSelected': '{verb} selected ({count})',
  'common.ui.bulk.clear': 'Clear selection',
  'common.ui.bulk.hintTicked': 'Tick rows for bulk actions.',
  'common.ui.bulk.hint': 'Tick rows, or all, for bulk actions.',
  'common.ui.bulkDelete.title': 'Delete {noun}',
  'common.ui.bulkDelete.message': 'Move {count} {noun} to the trash? They can be restored from the Trash for 30 days.',
  'common.ui.bulkDelete.done': 'Deleted',
  'common.ui.bulkDelete.failed': 'Not deleted',
  'common.ui.bulkDelete.error': 'Unable to delete. Please try again.',

  // `record` is the screen's: "this job", "your profile"; `label` a field's name, `value` their value.
  'common.ui.conflict.title': 'Someone else changed {record} since you opened it.',
  'common.ui.conflict.nothingSaved': 'Nothing was saved. Their values:',
  'common.ui.conflict.values': 'Their values',
  'common.ui.conflict.field': '{label}: {value}',
  'common.ui.conflict.empty': '(empty)',
  'common.ui.conflict.reloadHint': 'Reload puts their values into the form; then make your change again and save.',

  'common.ui.address.state': 'State',
  'common.ui.address.country': 'Country',
  'common.ui.address.postalCode': 'Postal Code',

  // `path` is the address asked for, as code.
  'common.ui.notFound.title': 'Page not found',
  'common.ui.notFound.text': 'The page you asked for does not exist: {path}',
  'common.ui.notFound.hint': 'If you followed a link from an e-mail or a certificate, check that it was copied whole.',
  'common.ui.notFound.dashboard': 'Go to your dashboard',
  'common.ui.notFound.home': 'Go to the home page',
  'common.ui.notFound.login': 'Login',

  // `label` is the screen's ("Filters"); `active` how many of them are set.
  'common.ui.list.toolsActive': '{label} ({active})',
  'common.ui.list.first': 'First page',
  'common.ui.list.previous': 'Previous page',
  'common.ui.list.next': 'Next page',
  'common.ui.list.last': 'Last page',
  'common.ui.list.page': 'Page {page}',
  'common.ui.list.exportCsv': 'Export CSV',

  // A certificate's recertification state (the contract's values).
  'common.ui.recertificationState':
    '{state, select, Active {Active} Expiring {Expiring} Grace {Grace} Lapsed {Lapsed} Revoked {Revoked} other {{state}}}',

  // `time` is minutes and seconds left: 1:59.

  // A delete's toast and its Undo (hooks/use-undo-delete.tsx); `type` is the contract's trash type.
  'common.ui.error': 'Error',
  'common.ui.undo.action': 'Undo',
  'common.ui.undo.restored': 'Restored',
  'common.ui.undo.back':
    '{count, plural, one {The {type, select, user {user} certificate {certificate} report {report} job {job} other {notification}} is back.} other {The # {type, select, user {users} certificate {certificates} report {reports} job {jobs} other {notifications}} are back.}}',
  'common.ui.undo.failed': 'Unable to undo the delete. Please try again.',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
