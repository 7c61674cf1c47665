/**
 * Issue 34: the server's messages in English, the source language, in ICU MessageFormat. A
 * translation (es.ts, ar.ts) has every key of this one; TypeScript refuses one that lacks a key,
 * and i18n.test.ts one whose arguments differ. docs/translations.md says how to add a language.
 */
const en = {
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
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export default en satisfies Catalogue;
