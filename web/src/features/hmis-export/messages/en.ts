/**
 * Issue 34: the HMIS Export screen's words in English, the source (docs/translations.md). The
 * zip's files, columns and the server's problem messages follow HUD's specification: not translated.
 */
const en = {
  'hmisExport.check.title': 'Check a period',
  'hmisExport.check.intro':
    'The zip follows the HUD HMIS CSV specification, FY2026. A report is in the period when it was filed on a day from From to To, both included (days in UTC). Reports whose client did not consent to share with HMIS are never exported.',
  'hmisExport.check.form': 'Period',
  'hmisExport.from': 'From',
  'hmisExport.to': 'To',
  'hmisExport.check.submit': 'Check',
  'hmisExport.checkFailed': 'Unable to check the period.',
  'hmisExport.download.title': 'Download',
  'hmisExport.reason': 'Reason',
  'hmisExport.reasonHint': 'Why you are exporting; recorded with the export',
  'hmisExport.download.ready': 'The zip holds the reports checked above.',
  'hmisExport.download.notReady': 'Check the period first: the download opens once no problems remain.',
  'hmisExport.download.submit': 'Download zip',
  'hmisExport.downloaded.title': 'HMIS export downloaded',
  'hmisExport.downloaded.message': '{fileName} is in your downloads.',
  'hmisExport.downloadFailed': 'Unable to export. Please try again.',
  /** The contract's messages (HMIS_EXPORT_MESSAGES), from the form's check or the server's answer. */
  'hmisExport.issue.period': '"From" must be on or before "To"',
  'hmisExport.issue.periodTooLong': 'The period may span at most {days, number, ::group-off} days',
  'hmisExport.issue.date': 'Enter a valid date (YYYY-MM-DD)',
  'hmisExport.issue.reason': 'Say why you are exporting',
  'hmisExport.issue.problems': 'Some reports break the HMIS CSV rules: fix them or exclude them, then export again',
  /** `from` and `to` are days as the date boxes write them (YYYY-MM-DD), as HUD's files do. */
  'hmisExport.result.title': 'Check result: {from} to {to}',
  'hmisExport.stat.toExport': 'Reports to export',
  'hmisExport.stat.withoutConsent': 'Reports without consent (never exported)',
  'hmisExport.stat.excluded': 'Excluded',
  'hmisExport.rows.caption': 'Rows per file',
  'hmisExport.rows.file': 'File',
  'hmisExport.rows.rows': 'Rows',
  'hmisExport.rows.total': 'Total',
  'hmisExport.refused': 'Export refused',
  'hmisExport.problems.title': 'Problems found',
  'hmisExport.problems.text':
    '{count, plural, one {One report breaks} other {# reports break}} the HMIS CSV rules. Fix them in All Reports, or exclude them from this export.',
  'hmisExport.noProblems': 'No problems left: the period can be exported.',
  'hmisExport.problems.caption': 'Problems',
  'hmisExport.problems.exclude': 'Exclude',
  'hmisExport.problems.client': 'Client',
  'hmisExport.problems.file': 'File',
  'hmisExport.problems.column': 'Column',
  'hmisExport.problems.message': 'Message',
  'hmisExport.problems.excluded': 'Excluded from this export',
  'hmisExport.problems.excludeClient': 'Exclude {name}',
  /** Two reports of clients with the same name: `id` is the start of the report's id. */
  'hmisExport.problems.excludeReport': 'Exclude {name} (report {id})',
  'hmisExport.past.title': 'Past exports',
  'hmisExport.past.loading': 'Loading past exports',
  'hmisExport.past.loadFailed': 'Unable to fetch past exports. Please try again.',
  'hmisExport.past.emptyTitle': 'No exports yet.',
  'hmisExport.past.emptyText': 'Every download of the HMIS CSV zip is listed here.',
  'hmisExport.past.who': 'Who',
  'hmisExport.past.when': 'When',
  'hmisExport.past.why': 'Why',
  'hmisExport.past.period': 'Period',
  'hmisExport.past.totalRows': 'Total rows',
  'hmisExport.past.range': '{from} to {to}',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
