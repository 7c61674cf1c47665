import type { Verification } from '@portal/contract';
import type { CertificateRow } from './repository';

/**
 * The status a verifier sees, and since when: a revocation outranks a suspension (the spec's
 * Inactive), which outranks expiry. A revoked or suspended certificate is never shown as valid.
 */
export function verificationStatus(
  row: Pick<CertificateRow, 'revokedAt' | 'status' | 'suspendedAt' | 'validTill'>,
  now: Date,
): { status: Verification['status']; since: Date | null } {
  if (row.revokedAt) return { status: 'Revoked', since: row.revokedAt };
  if (row.status === 'Inactive') return { status: 'Suspended', since: row.suspendedAt };
  if (row.validTill <= now) return { status: 'Expired', since: row.validTill };
  return { status: 'Active', since: null };
}

type Json = Record<string, unknown>;

/**
 * Whether the stored credential still states what the record says: a credential signed before
 * someone changed the row behind the portal's back (or never re-signed) does not check out,
 * however valid its proof.
 */
export function credentialMatches(
  credential: Json,
  row: Pick<CertificateRow, 'validTill' | 'awardedOn' | 'name' | 'certificateNo' | 'holderName'>,
  verificationUrl: string,
): boolean {
  const subject = credential.credentialSubject as Json | undefined;
  const achievement = subject?.achievement as Json | undefined;
  const identifiers = (subject?.identifier as Json[] | undefined) ?? [];
  const name = identifiers.find((i) => i.identityType === 'name')?.identityHash ?? '';
  const seconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    credential.id === verificationUrl &&
    credential.validUntil === seconds(row.validTill) &&
    credential.awardedDate === seconds(row.awardedOn) &&
    achievement?.name === row.name &&
    subject?.licenseNumber === row.certificateNo &&
    name === row.holderName
  );
}
