import api from '@portal/contract/messages/en';
/**
 * Issue 34: the server's messages in English, the source language, in ICU MessageFormat. A
 * translation (es.ts, ar.ts) has every key of this one; TypeScript refuses one that lacks a key,
 * and i18n.test.ts one whose arguments differ. docs/translations.md says how to add a language.
 */
const en = {
  // The API's answers and the contract's checks (shared with the web app's forms).
  ...api,
  'verify.language': 'Language',
  'verify.footer':
    'This page shows only what the board publishes so that anyone can check a certificate. No account is needed, and nothing about you is recorded.',
  'verify.headline':
    '{status, select, Active {Valid certificate} Expired {Expired certificate} Inactive {Inactive certificate} Revoked {Revoked certificate} other {Certificate could not be verified}}',
  'verify.status':
    '{status, select, Active {Active} Expired {Expired} Inactive {Inactive} Revoked {Revoked} other {{status}}}',
  'verify.statusLine.active': 'Active, valid till {validTill}',
  'verify.statusLine.expired': 'Expired on {validTill}',
  'verify.statusLine.expiredRenewing': 'Expired on {validTill}; renewal in progress',
  'verify.statusLine.inactive': 'Inactive',
  'verify.statusLine.inactiveSince': 'Inactive since {since}',
  'verify.statusLine.revoked': 'Revoked on {since}',
  'verify.authentic': 'Authentic.',
  'verify.signatureChecksOut':
    '{status, select, Active {The board’s digital signature on this certificate checks out.} Expired {The board’s digital signature on this certificate checks out, but the certificate is expired.} Inactive {The board’s digital signature on this certificate checks out, but the certificate is inactive.} other {The board’s digital signature on this certificate checks out, but the certificate is revoked.}}',
  'verify.signatureFails': 'The signature does not check out.',
  'verify.signatureFailsAdvice': 'Do not rely on this certificate; contact the board.',
  'verify.about': 'About this credential',
  'verify.criteria': 'How it is earned:',
  'verify.walletQuestion': 'Is this your certificate?',
  'verify.walletLink': 'Add it to a digital wallet',
  'verify.holder': 'Holder',
  'verify.notClaimed': 'Not yet claimed',
  'verify.credential': 'Credential',
  'verify.certificateNo': 'Certificate No',
  'verify.issued': 'Issued',
  'verify.validTill': 'Valid till',
  'verify.statusLabel': 'Status',
  'verify.checks': 'What this page checked',
  'verify.checkedAt': 'Checked at {moment}',
  'verify.passed': 'Passed',
  'verify.failed': 'Failed',
  'verify.issuedBy': 'Issued by {board}',
  'verify.notIssuedBy': 'Not issued by {board}',
  'verify.issuedByDetail': 'The credential names the board as its issuer and is signed with the board’s key.',
  'verify.notIssuedByDetail': 'The credential does not name the board, or is not signed with the board’s key.',
  'verify.signatureIntact': 'Signature intact',
  'verify.signatureBroken': 'Signature broken',
  'verify.signatureIntactDetail': 'Nothing in it has changed since the board signed it.',
  'verify.signatureBrokenDetail': 'It is not what the board signed, or no longer matches the board’s record.',
  'verify.notRevoked': 'Not revoked',
  'verify.revoked': 'Revoked',
  'verify.notSuspended': 'Not made inactive',
  'verify.suspended': 'Inactive',
  'verify.suspendedDetail':
    'The board has made it inactive. It does not count as valid until the board makes it active again.',
  'verify.notExpired': 'Not expired',
  'verify.notExpiredDetail': 'Valid till {validTill}.',
  'verify.technical': 'Technical details',
  'verify.issuerDid': 'Issuer (DID)',
  'verify.issuerKeys': 'Issuer’s public keys',
  'verify.didDocument': 'DID document (JSON)',
  'verify.signed': 'Signed',
  'verify.format': 'Format',
  'verify.proof': 'Proof',
  'verify.credentialId': 'Credential id',
  'verify.statusList': 'Revocation list',
  'verify.statusListLink': 'Status list (JSON)',
  'verify.statusListKind': 'a W3C Bitstring Status List',
  'verify.asData': 'This check as data',
  'verify.asJson': 'This check as JSON',
  'verify.moreLabel': 'For the holder, and to report a problem',
  'verify.report': 'Report a problem with this certificate',
  'verify.reportTo': '(an e-mail to {email})',
  'verify.cardDescription': '{credentialName}, certificate {certificateNo} from {board}. {statusLine}.',
  'verify.superseded': 'Superseded by a newer version',
  'verify.supersededText':
    'This copy (version {number}) of “{credentialName}” was replaced by a newer version, and no longer verifies.',
  'verify.supersededTextOn':
    'This copy (version {number}) of “{credentialName}” was replaced on {day} by a newer version, and no longer verifies.',
  'verify.current': 'See the certificate as it stands now',
  'verify.notFound': 'Certificate not found',
  'verify.notFoundText':
    'No certificate has this verification link. Check that the link is complete, or ask the holder for a new one.',
  'mail.greeting': 'Hello {name},',
  'mail.greetingNoName': 'Hello there,',
  'mail.listSeparator': ', ',
  'mail.verification.subject': 'Your verification code',
  'mail.verification.text':
    '{greeting}\n\nYour verification code for the {product} portal is:\n\n    {code}\n\nEnter it on the verification page. The code is valid for {minutes} minutes.\nIf you did not sign up, you can ignore this e-mail.',
  'mail.reset.subject': 'Reset your password',
  'mail.reset.text':
    '{greeting}\n\nSomeone asked to reset the password of your {product} account.\nTo choose a new password, open this link within one hour:\n\n    {link}\n\nThe link works once. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  'mail.passwordChanged.subject': 'Your password was changed',
  'mail.passwordChanged.text':
    '{greeting}\n\nThe password of your {product} account was just changed, and every signed-in session\nwas ended.\n\nIf this was not you, reset your password at once and write to {supportEmail}.',
  'mail.signupAttempt.subject': 'Someone tried to sign up with your e-mail address',
  'mail.signupAttempt.text':
    '{greeting}\n\nSomeone just tried to create a {product} account with this e-mail address, which\nalready has an account. No new account was created.\n\nIf it was you, log in at {loginUrl} instead, or choose a new password at\n{resetUrl} if you no longer know it.\n\nIf it was not you, you can ignore this e-mail: nothing changed on your account.',
  'reminder.title': '"{name}" expires {days, plural, =0 {today} =1 {tomorrow} other {in # days}}',
  'reminder.message':
    'Your certificate "{name}" (No {certificateNo}) is valid until {validTill}. Renew it before then to stay certified.',
  'reminder.subject': 'Renewal reminder: {name} expires {days, plural, =0 {today} =1 {tomorrow} other {in # days}}',
  'reminder.text':
    '{greeting}\n\nYour certificate "{name}" (No {certificateNo}) is valid until {validTill}.\n{progress}\nRenew it here: {renewal}\n\nYour certificates in the portal: {certificates}\n\nYou get this reminder because renewal reminders are on in your profile. To stop them by e-mail\n(you will still see them in the portal), switch them off in your profile, or open: {unsubscribe}',
  'renewal.progress.missing': '{missing} of {totalHours} hours still to log',
  'renewal.progress.missingInCategories': 'Hours still to log',
  'renewal.progress.category': '{hours} in {category}',
  'renewal.progress.complete': 'All {totalHours} hours are logged: apply for renewal.',
  'renewal.progress.underReview': 'Your renewal application is under review.',
  'mail.renewed.subject': 'Your certificate {certificateNo} was renewed',
  'mail.renewed.text':
    '{greeting}\n\nThe board approved your renewal of "{name}" (No {certificateNo}). It is now valid till {validTill}.\n\nDownload the renewed credential from My certificates ({certificatesUrl}) and replace the old one\nwherever you keep it, such as a digital wallet. Your verification link and QR code have not changed.',
  'mail.renewalDecision.subject':
    '{decision, select, Rejected {Your renewal of certificate {certificateNo} was not approved} other {Your renewal of certificate {certificateNo} needs more continuing education}}',
  'mail.renewalDecision.text':
    '{greeting}\n\n{decision, select, Rejected {The board did not approve your renewal of "{name}" (No {certificateNo}).} other {The board returned your renewal of "{name}" (No {certificateNo}): after its review, the hours no longer meet the rules.}}\n\nReason: {reason}\n\nSee your continuing education and apply again at {renewalUrl}.',
  'mail.factorsReset.subject': 'Your two-factor sign-in was reset',
  'mail.factorsReset.text':
    '{greeting}\n\nAn administrator of the {product} portal has just reset the two-factor sign-in of your\naccount: your authenticator app and your recovery codes no longer work, and every\nsigned-in session was ended. Sign in with your password and set up two-factor sign-in again.\n\nIf you did not ask for this, write to {supportEmail} at once.',
  'mail.factor.app': 'an authenticator app',
  'mail.factor.passkey': 'the passkey “{name}”',
  'mail.factor.newCodes': 'New recovery codes were made with it.',
  'mail.factor.off': 'Two-factor sign-in is now off.',
  'mail.factor.subject':
    '{change, select, added {A sign-in factor was added to your account} other {A sign-in factor was removed from your account}}',
  'mail.factor.what':
    '{change, select, added {A sign-in factor, {factor}, was added to your account on {when}.} other {A sign-in factor, {factor}, was removed from your account on {when}.}}',
  'mail.factor.text':
    '{greeting}\n\n{what}\n\nIf this was you, there is nothing to do.\n\nIf it was not you, someone may be using your signed-in session:\n1. Choose a new password at {resetUrl}: this ends every session.\n2. Write to {supportEmail}, so that an administrator resets your two-factor sign-in.',
  'mail.revoked.subject': 'Your certificate {certificateNo} was revoked',
  'mail.revoked.text':
    '{greeting}\n\nThe board has revoked your certificate "{name}" (No {certificateNo}).\n\nReason: {reason}\n\nAnyone who checks it at {verificationUrl} now sees it as revoked.\nIf you think this is a mistake, write to {supportEmail}.',
  'mail.reinstated.subject': 'Your certificate {certificateNo} was reinstated',
  'mail.reinstated.text':
    '{greeting}\n\nThe board has reinstated your certificate "{name}" (No {certificateNo}): it is no longer revoked.\n\nAnyone who checks it at {verificationUrl} sees its current status.',
  'mail.newCopy.subject': 'Download your updated certificate {certificateNo}',
  'mail.newCopy.text':
    '{greeting}\n\nThe board has updated your certificate "{name}" (No {certificateNo}), so it has been signed again.\n\nA credential file you downloaded before this change no longer verifies. Download the new one from\nMy certificates ({certificatesUrl}) and replace the old one wherever you keep it, such as a\ndigital wallet. Your verification link and QR code have not changed.',
  'inbox.revoked.title': '"{name}" was revoked',
  'inbox.revoked.message': 'The board revoked your certificate "{name}" (No {certificateNo}). Reason: {reason}',
  'inbox.newCopy.title': 'Download "{name}" again',
  'inbox.newCopy.message':
    'The board updated your certificate "{name}" (No {certificateNo}). A credential file you downloaded before no longer verifies: download the new one here.',
  'inbox.renewalDecision.title':
    '{decision, select, Rejected {Renewal of "{name}" not approved} other {Renewal of "{name}" returned}}',
  'inbox.renewalDecision.message': 'Reason: {reason}',
  'inbox.renewed.title': '"{name}" was renewed',
  'inbox.renewed.message': 'The board approved your renewal: valid till {validTill}. Download the renewed credential.',
  'pdf.heading': 'CERTIFICATE',
  'pdf.certifies': 'This certifies that',
  'pdf.holds': 'holds the credential',
  'pdf.certificateNo': 'Certificate No',
  'pdf.issued': 'Issued',
  'pdf.validTill': 'Valid till',
  'pdf.status': '{status, select, Expired {EXPIRED} Inactive {INACTIVE} Revoked {REVOKED} other {{status}}}',
  'pdf.verifyAt': 'Verify this certificate at',
  'pdf.untitled': 'Certificate',
  'pdf.keyword': 'certificate',
  'pdf.creator': '{product} portal',
  'preview.notClaimed': 'Not yet claimed',
  'preview.facts': 'Certificate No {certificateNo} · Issued {issued}',
  'preview.signatureFails': 'Its digital signature does not check out',
  'preview.checkAt': 'Check it at {host}',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export default en satisfies Catalogue;
