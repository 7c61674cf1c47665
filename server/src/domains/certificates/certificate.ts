import type { Certificate } from '@portal/contract';
import type { certificates } from '../../db/schema';

/** The columns a certificate's answer is made of (lists read only these). */
export type CertificateFacts = Pick<typeof certificates.$inferSelect, (typeof CERTIFICATE_FACTS)[number]>;
export const CERTIFICATE_FACTS = [
  'id',
  'userEmail',
  'certificateNo',
  'name',
  'status',
  'validTill',
  'downloadLink',
  'createdAt',
  'awardedOn',
  'holderName',
  'claimedAt',
  'verificationId',
  'verificationViews',
  'revokedAt',
  'revocationReason',
  'identifyByEmail',
  'version',
] as const;

/**
 * The status a person reads, one rule everywhere (the lists, their sort and filter, the answer of
 * one certificate, the public page): revoked, then made inactive by an admin, then lapsed (from
 * the valid-till moment on), else active. Expired is derived at read time (ARCHITECTURE §6),
 * never stored. `certificateStatusSql` in the repository is the same rule, for statements that
 * sort or filter by it (certificate-status.test.ts proves the two agree).
 */
export function certificateStatus(
  row: { revokedAt: Date | null; status: 'Active' | 'Inactive'; validTill: Date },
  now: Date,
): 'Revoked' | 'Inactive' | 'Expired' | 'Active' {
  if (row.revokedAt) return 'Revoked';
  if (row.status === 'Inactive') return 'Inactive';
  if (row.validTill <= now) return 'Expired';
  return 'Active';
}

/**
 * The one place a certificate row becomes its API shape. Expired is derived at read time
 * (ARCHITECTURE §6), never stored; a revocation outranks it. The signed credential is never part
 * of it (GET /api/certificates/{id}/credential serves that). `certificateJson` in the repository
 * writes the same answer in SQL.
 */
export function toCertificate(row: CertificateFacts, now: Date, appUrl: string): Certificate {
  return {
    _id: row.id,
    userEmail: row.userEmail,
    certificateNo: row.certificateNo,
    name: row.name,
    status: certificateStatus(row, now),
    validTill: row.validTill.toISOString(),
    downloadLink: row.downloadLink,
    createdAt: row.createdAt.toISOString(),
    awardedOn: row.awardedOn.toISOString(),
    holderName: row.holderName,
    claimed: row.claimedAt !== null,
    verificationUrl: verificationUrl(appUrl, row.verificationId),
    verificationViews: row.verificationViews,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revocationReason: row.revocationReason,
    credentialIdentifier: row.identifyByEmail ? 'email' : 'certificateNo',
    version: row.version,
  };
}

/** The public page anyone opens to check a certificate (issue 11). */
export const verificationUrl = (appUrl: string, verificationId: string) => `${appUrl}/verify/${verificationId}`;
