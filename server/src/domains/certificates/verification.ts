import type { Verification } from '@portal/contract';
import { certificateStatus } from './certificate';
import type { CertificateRow } from './repository';

/**
 * The status a verifier sees, and since when: a revocation outranks Inactive (a suspension in
 * the status list), which outranks expiry. A revoked or inactive certificate is never shown as
 * valid.
 */
export function verificationStatus(
  row: Pick<CertificateRow, 'revokedAt' | 'status' | 'suspendedAt' | 'validTill'>,
  now: Date,
): { status: Verification['status']; since: Date | null } {
  const status = certificateStatus(row, now);
  const since = { Revoked: row.revokedAt, Inactive: row.suspendedAt, Expired: row.validTill, Active: null }[status];
  return { status, since };
}

/**
 * Issue 31: each check of the page's checklist, made on its own (the status above ranks them; a
 * revoked certificate that has also lapsed fails both). Expired as verificationStatus has it: from
 * the valid-till moment on.
 */
export function verificationChecks(
  row: Pick<CertificateRow, 'revokedAt' | 'status' | 'validTill'>,
  credential: Pick<CheckedCredential, 'valid' | 'issuedByBoard'>,
  now: Date,
): Verification['checks'] {
  return {
    issuedByBoard: credential.issuedByBoard,
    signatureIntact: credential.valid,
    notRevoked: !row.revokedAt,
    notSuspended: row.status !== 'Inactive',
    notExpired: row.validTill > now,
  };
}

type Json = Record<string, unknown>;

/** What the page shows of a certificate's stored credential, and whether it checks out. */
export interface CheckedCredential {
  /** Its proof verifies against the board's DID document, and it states the record. */
  valid: boolean;
  /** It names the board's DID as issuer, and its proof names one of the board's keys. */
  issuedByBoard: boolean;
  signedAt: string | null;
  cryptosuite: string | null;
  credentialId: string | null;
  statusListCredential: string | null;
  /** The achievement's words, as signed (decision 0040: written once, where the credential is made). */
  description: string | null;
  criteria: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
/** A property VC Data Model 2.0 lets be one object or a list of them. */
const list = (value: unknown): Json[] =>
  (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is Json => typeof v === 'object' && v !== null);

/**
 * Reads a stored credential for the page, without judging it: `valid` is the caller's (the proof
 * check and statesRecord). A copy signed before decision 0037 names two status entries; the
 * revocation list is the one shown.
 */
export function readCredential(credential: Json | undefined, did: string): Omit<CheckedCredential, 'valid'> {
  const issuer = credential?.issuer;
  const issuerId = typeof issuer === 'string' ? issuer : text((issuer as Json | undefined)?.id);
  const [proof] = list(credential?.proof);
  const method = text(proof?.verificationMethod);
  const achievement = ((credential?.credentialSubject as Json | undefined)?.achievement ?? {}) as Json;
  const statuses = list(credential?.credentialStatus);
  const revocation = statuses.find((s) => s.statusPurpose === 'revocation') ?? statuses[0];
  return {
    issuedByBoard: issuerId === did && !!method?.startsWith(`${did}#`),
    signedAt: text(proof?.created),
    cryptosuite: text(proof?.cryptosuite),
    credentialId: text(credential?.id),
    statusListCredential: text(revocation?.statusListCredential),
    description: text(achievement.description),
    criteria: text((achievement.criteria as Json | undefined)?.narrative),
  };
}
