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
