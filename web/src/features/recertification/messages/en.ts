/**
 * Issue 34: the recertification screens' words in English, the source (docs/translations.md): the
 * member's Renewal tab, the board's renewals queue and its recertification rules.
 */
const en = {
  // Shared by several screens of the feature.
  'recertification.hours': '{hours, plural, one {# hour} other {# hours}}',
  'recertification.renewalStatus':
    '{status, select, Submitted {Submitted} Audit {Audit} Returned {Returned} Approved {Approved} Rejected {Rejected} other {{status}}}',
  'recertification.close': 'Close',
  'recertification.done': 'Done',
  'recertification.save': 'Save',
  'recertification.approve': 'Approve',
  'recertification.reject': 'Reject',
  'recertification.reason': 'Reason: {reason}',
  'recertification.submitted': 'Submitted: {day}',
  'recertification.counted': 'Counted: {hours, plural, one {# hour} other {# hours}}',
  'recertification.activityCount': 'Activities: {count}, {without} without evidence',
  'recertification.activities': 'Activities',

  // One activity (activity-summary.tsx).
  'recertification.activity.status':
    '{status, select, Pending {Pending} Approved {Approved} Rejected {Rejected} other {{status}}}',
  'recertification.activity.line': '{provider} · {day} · {hours} · {category}',
  'recertification.activity.rejected': 'Rejected: {reason}',
  'recertification.activity.viewEvidence': 'View evidence of {title}',
  'recertification.activity.noEvidence': 'No evidence',

  // Apply for renewal (apply-dialog.tsx).
  'recertification.apply.attestation':
    'I attest that the activities I logged are true and complete, that I completed them myself, and that I can show the evidence of each if my application is drawn for audit.',
  'recertification.apply.attestationMissing': 'Confirm the attestation to apply',
  'recertification.apply.submittedTitle': 'Application submitted',
  'recertification.apply.submittedAudit':
    'Your application was drawn for audit: the board checks the evidence of every activity.',
  'recertification.apply.submittedReview': 'The board reviews your application and tells you its decision.',
  'recertification.apply.title': 'Apply for renewal',
  'recertification.apply.submit': 'Submit application',
  'recertification.apply.failed': 'The application could not be sent. Please try again.',
  'recertification.apply.intro':
    'You apply to renew “{name}” with the activities of this cycle. Until the board decides, they cannot be changed.',

  // The audit draw (audit-sample-dialog.tsx).
  'recertification.audit.drawn':
    '{selected} of {of, plural, one {# application} other {# applications}} drawn for audit',
  'recertification.audit.title': 'Draw audit sample',
  'recertification.audit.draw': 'Draw',
  'recertification.audit.failed': 'The sample could not be drawn. Please try again.',
  'recertification.audit.intro':
    'Applications that are Submitted are drawn at random; those drawn are marked Audit and need evidence on every activity before they can be approved.',
  'recertification.audit.percent': 'Share to draw (%)',

  // Decisions on the ticked applications (bulk-decision-dialog.tsx).
  'recertification.bulk.approveTitle': 'Approve applications',
  'recertification.bulk.rejectTitle': 'Reject applications',
  'recertification.bulk.approvedResult':
    '{succeeded} of {total, plural, one {# application} other {# applications}} approved.',
  'recertification.bulk.rejectedResult':
    '{succeeded} of {total, plural, one {# application} other {# applications}} rejected.',
  'recertification.bulk.notApproved': 'Not approved',
  'recertification.bulk.notRejected': 'Not rejected',
  'recertification.bulk.notApprovedList': 'Not approved:',
  'recertification.bulk.notRejectedList': 'Not rejected:',
  'recertification.bulk.failure': '{label}: {message}',
  'recertification.bulk.failed': 'The request failed. Please try again.',
  'recertification.bulk.progress': '{done} of {total} done…',
  'recertification.bulk.rejectIntro':
    '{count, plural, one {# application} other {# applications}}, each rejected with this reason, which its holder reads.',
  'recertification.bulk.reason': 'Reason for rejecting',
  'recertification.bulk.rejectSubmit': 'Reject {count, plural, one {# application} other {# applications}}',
  'recertification.bulk.approveIntro':
    '{count, plural, one {# application} other {# applications}} approved: each certificate is renewed for its next cycle, and its holder is told. An application drawn for audit needs evidence on every activity.',
  'recertification.bulk.cancel': 'Cancel',
  'recertification.bulk.approveSubmit': 'Approve {count, plural, one {# application} other {# applications}}',

  // Log or change an activity (ce-activity-dialog.tsx).
  'recertification.form.hoursRequired': 'Hours is required',
  'recertification.form.hoursNumber': 'Hours must be a number of hours',
  'recertification.form.updated': 'Activity updated',
  'recertification.form.added': 'Activity added',
  'recertification.form.logged': '{title}: {hours} hours logged.',
  'recertification.form.editTitle': 'Edit activity',
  'recertification.form.addTitle': 'Add activity',
  'recertification.form.failed': 'The activity could not be saved. Please try again.',
  'recertification.form.title': 'Title',
  'recertification.form.provider': 'Provider',
  'recertification.form.completedOn': 'Completed on',
  'recertification.form.completedOnHint': 'Inside your current cycle, {start} to {end}',
  'recertification.form.hours': 'Hours',
  'recertification.form.hoursHint': 'In quarters of an hour (1.5, 2.25), at most {max}',
  'recertification.form.category': 'Category',
  'recertification.form.evidence': 'Evidence',
  'recertification.form.evidenceHint':
    'A certificate of attendance: a PDF, or a photo of it. An application drawn for audit needs one on every activity.',
  'recertification.form.takePhoto': 'Take a photo',
  'recertification.form.chooseFile': 'Choose a file',
  'recertification.form.evidenceChosen': 'Evidence: {name}',
  'recertification.form.evidenceUploaded': 'The evidence you uploaded',
  'recertification.form.noEvidence': 'No evidence chosen',
  'recertification.form.uploading': 'Uploading the evidence',

  // One application, reviewed (renewal-detail-dialog.tsx).
  'recertification.detail.title': 'Renewal of {certificateNo}',
  'recertification.detail.untitled': 'Renewal application',
  'recertification.detail.holder': '{name} · {email}',
  'recertification.detail.loading': 'Loading the application',
  'recertification.detail.loadFailed': 'Unable to fetch the application. Please try again.',
  'recertification.detail.approvedTitle': 'Application approved',
  'recertification.detail.rejectedTitle': 'Application rejected',
  'recertification.detail.approvedText': 'The renewal of {certificateNo} was approved.',
  'recertification.detail.rejectedText': 'The renewal of {certificateNo} was rejected.',
  'recertification.detail.validTill': 'Valid till: {day}',
  'recertification.detail.auditTitle': 'Drawn for audit',
  'recertification.detail.auditMissing':
    '{count, plural, one {# activity has} other {# activities have}} no evidence yet: the application cannot be approved until every activity has evidence.',
  'recertification.detail.noActivities': 'No activities.',
  'recertification.detail.notDecided': 'Not decided',
  'recertification.detail.decideFailed': 'The decision could not be saved. Please try again.',
  'recertification.detail.rejectReason': 'Reason for rejecting the application',
  'recertification.detail.rejectApplication': 'Reject application',
  'recertification.detail.approveApplication': 'Approve application',
  'recertification.detail.reviewFailed': 'The review could not be saved. Please try again.',
  'recertification.detail.activityReason': 'Reason for rejecting {title}',
  'recertification.detail.rejectActivity': 'Reject activity',
  'recertification.detail.activityRejected': 'Activity rejected',
  'recertification.detail.activityRejectedText': '{title} does not count towards the renewal.',
  'recertification.detail.rejectNamed': 'Reject {title}',
  'recertification.detail.approveNamed': 'Approve {title}',

  // The member's Renewal tab (renewal-page.tsx).
  'recertification.tab.active': 'Valid till {day}. Log your continuing education as you go.',
  'recertification.tab.expiring': 'Expires on {day}. Apply for renewal before then.',
  'recertification.tab.grace': 'Expired on {day}. You can still renew until {graceEnd}.',
  'recertification.tab.lapsed': 'Lapsed on {graceEnd}. Renewed now, a new cycle starts on the day of approval.',
  'recertification.tab.revoked': 'This certificate was revoked and cannot be renewed.',
  'recertification.tab.application': 'Application',
  'recertification.tab.applicationSubmitted': 'Your application is with the board for review.',
  'recertification.tab.applicationAudit':
    'Your application was drawn for audit: the board checks the evidence of every activity.',
  'recertification.tab.applicationReturned': 'The board returned your application. Fix what it says, then apply again.',
  'recertification.tab.applicationApproved': 'Your certificate was renewed.',
  'recertification.tab.applicationRejected': 'The board rejected your application.',
  'recertification.tab.barValue': '{counted} of {needed} h',
  'recertification.tab.barLabel': '{label}: {counted, plural, one {# hour} other {# hours}} of {needed}',
  'recertification.tab.deleteNamed': 'Delete {title}',
  'recertification.tab.delete': 'Delete',
  'recertification.tab.editNamed': 'Edit {title}',
  'recertification.tab.edit': 'Edit',
  'recertification.tab.noActivities': 'No activities yet.',
  'recertification.tab.noActivitiesHint':
    'Log each course, workshop or conference you attend in this cycle, with its certificate of attendance.',
  'recertification.tab.locked': 'Part of your application: it cannot be changed now.',
  'recertification.tab.earlierCycles': 'Earlier cycles',
  'recertification.tab.countedEarlier': 'Counted in an earlier renewal.',
  'recertification.tab.notCounted': 'Before this cycle: not counted.',
  'recertification.tab.back': 'Back to certificates',
  'recertification.tab.loading': 'Loading the renewal',
  'recertification.tab.loadFailed': 'Unable to load the renewal of this certificate.',
  'recertification.tab.certificateNo': 'Certificate No.: {certificateNo}',
  'recertification.tab.cycle': 'Current cycle: {start} to {end}',
  'recertification.tab.renewed':
    'Renewed: the new cycle starts on {day}. Activities completed from then count towards the next renewal.',
  'recertification.tab.continuingEducation': 'Continuing education',
  'recertification.tab.allCategories': 'All categories',
  'recertification.tab.stillToLog': 'Still to log: {missing}.',
  'recertification.tab.missingIn': '{hours, plural, one {# hour} other {# hours}} in {name}',
  'recertification.tab.missingInAll': '{hours, plural, one {# hour} other {# hours}} in all',
  'recertification.tab.met': 'The rules of this cycle are met.',
  'recertification.tab.applyForRenewal': 'Apply for renewal',
  'recertification.tab.addActivity': 'Add activity',
  'recertification.tab.loadingActivities': 'Loading activities',
  'recertification.tab.activitiesFailed': 'Unable to load your activities.',
  'recertification.tab.deleteTitle': 'Delete activity',
  'recertification.tab.deleteQuestion': 'Delete “{title}”? Its hours no longer count towards your renewal.',
  'recertification.tab.deleted': 'Activity deleted',
  'recertification.tab.deletedText': '{title} was deleted.',
  'recertification.tab.notDeleted': 'Activity not deleted',
  'recertification.tab.tryAgain': 'Please try again.',

  // The board's rules (recertification-rules-page.tsx).
  'recertification.rules.loading': 'Loading recertification rules',
  'recertification.rules.loadFailed': 'Unable to fetch the recertification rules. Please try again.',
  'recertification.rules.saved': 'Recertification rules saved',
  'recertification.rules.savedText': 'Holders need {totalHours} hours every {cycleMonths} months.',
  'recertification.rules.saveFailed': 'The rules could not be saved. Please try again.',
  'recertification.rules.notSavedTitle': 'Rules not saved',
  'recertification.rules.intro':
    'What a holder must do to renew a certificate: the continuing-education hours of each cycle, in all and per category. Hours count in quarters of an hour. Changes apply to the applications made from now on.',
  'recertification.rules.cycleMonths': 'Cycle (months)',
  'recertification.rules.totalHours': 'Total hours per cycle',
  'recertification.rules.maxHoursPerActivity': 'Most hours one activity counts for',
  'recertification.rules.graceDays': 'Grace period (days)',
  'recertification.rules.auditPercent': 'Share drawn for audit (%)',
  'recertification.rules.categories': 'Categories',
  'recertification.rules.categoriesHint':
    'Each category has a key (lower-case letters, digits and dashes), the name holders see, and the hours it needs at least.',
  'recertification.rules.category': 'Category {number}',
  'recertification.rules.removeCategory': 'Remove category {number}',
  'recertification.rules.categoryKey': 'Category {number} key',
  'recertification.rules.categoryName': 'Category {number} name',
  'recertification.rules.categoryMinHours': 'Category {number} minimum hours',
  'recertification.rules.addCategory': 'Add category',
  'recertification.rules.lateFeeNote': 'Late fee note',
  'recertification.rules.lateFeeNoteHint': 'Shown to holders who apply in the grace period.',
  'recertification.rules.notSaved': 'Not saved',
  'recertification.rules.undo': 'Undo changes',

  // The board's queue (renewals-page.tsx).
  'recertification.queue.sortOldest': 'Sort: Oldest first',
  'recertification.queue.sortNewest': 'Sort: Newest first',
  'recertification.queue.sortStatus': 'Sort: Status',
  'recertification.queue.sortCertificateNo': 'Sort: Certificate No',
  'recertification.queue.sortHolderName': 'Sort: Holder, A to Z',
  'recertification.queue.statusAll': 'Status: all',
  'recertification.queue.status':
    'Status: {status, select, Submitted {Submitted} Audit {Audit} Returned {Returned} Approved {Approved} Rejected {Rejected} other {{status}}}',
  'recertification.queue.search': 'Search renewals',
  'recertification.queue.searchPlaceholder': 'Search by certificate, name or email...',
  'recertification.queue.tools': 'Sort and filters',
  'recertification.queue.sortBy': 'Sort renewals by',
  'recertification.queue.filterByStatus': 'Filter by status',
  'recertification.queue.drawAudit': 'Draw audit sample',
  'recertification.queue.loading': 'Loading renewals',
  'recertification.queue.loadFailed': 'Unable to fetch the renewal applications. Please try again.',
  'recertification.queue.noMatch': 'No applications match.',
  'recertification.queue.noMatchHint': 'Try another search or status.',
  'recertification.queue.empty': 'No renewal applications yet.',
  'recertification.queue.emptyHint': 'Holders apply from their certificate once they meet the recertification rules.',
  'recertification.queue.pages': 'Renewal pages',
  'recertification.queue.select': 'Select',
  'recertification.queue.selectNamed': 'Select renewal of {certificateNo}',
  'recertification.queue.review': 'Review',
  'recertification.queue.view': 'View',
} as const;

export type Catalogue = Record<keyof typeof en, string>;
export default en satisfies Catalogue;
