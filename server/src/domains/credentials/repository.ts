import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { certificates, credentialCopies, issuerKeys, statusLists } from '../../db/schema';
import { live } from '../../lib/trash';
import type { RevocationReason } from './credential';
import { emptyBits, type StatusPlace, type StatusPurpose } from './status-list';

/** Every statement of the credentials: the copies, the status lists and the keys recorded before decision 0038. */

type Json = Record<string, unknown>;

/** A copy as the revocation of it needs it. */
export type CopyPlace = StatusPlace & {
  id: string;
  number: number;
  credentialId: string;
  revokedAt: Date | null;
  revocationReason: RevocationReason | null;
};

const copyPlaceColumns = {
  id: credentialCopies.id,
  number: credentialCopies.number,
  credentialId: credentialCopies.credentialId,
  statusList: credentialCopies.statusList,
  statusPosition: credentialCopies.statusPosition,
  revokedAt: credentialCopies.revokedAt,
  revocationReason: credentialCopies.revocationReason,
};

const unsignedColumns = {
  status: certificates.status,
  revokedAt: certificates.revokedAt,
  deletedAt: certificates.deletedAt,
  id: certificates.id,
  holderId: certificates.holderId,
  verificationId: certificates.verificationId,
  name: certificates.name,
  certificateNo: certificates.certificateNo,
  holderName: certificates.holderName,
  userEmail: certificates.userEmail,
  identifyByEmail: certificates.identifyByEmail,
  awardedOn: certificates.awardedOn,
  validTill: certificates.validTill,
  creditsEarned: certificates.creditsEarned,
  creditsAvailable: certificates.creditsAvailable,
  version: certificates.version,
};

/** A certificate the background signer reads: what it states, whether it stands, its version. */
export type UnsignedRow = Pick<typeof certificates.$inferSelect, keyof typeof unsignedColumns>;

export type NewCopy = typeof credentialCopies.$inferInsert;

const listRow = (list: number, purpose: StatusPurpose) =>
  and(eq(statusLists.list, list), eq(statusLists.purpose, purpose));

/** A status list's row, made (all zeros) if it has none yet, locked until the caller's commit. */
export async function lockStatusList(tx: Tx, list: number, purpose: StatusPurpose) {
  await tx.insert(statusLists).values({ list, purpose, bits: emptyBits() }).onConflictDoNothing();
  const [row] = await tx.select().from(statusLists).where(listRow(list, purpose)).for('update');
  return row!;
}

/**
 * Stores a list's bits (when they changed) and its signed credential; answers the credential as
 * the database gives it back (jsonb orders the keys), so that the first answer is the same bytes
 * as every later one, under the same ETag (issue 31).
 */
export async function storeStatusList(
  tx: Tx,
  list: number,
  purpose: StatusPurpose,
  values: { bits?: Buffer; credential: Json },
): Promise<Json> {
  const [stored] = await tx
    .update(statusLists)
    .set(values)
    .where(listRow(list, purpose))
    .returning({ credential: statusLists.credential });
  return stored!.credential!;
}

/** A status list's signed credential, if it has been signed. */
export async function signedStatusList(db: Tx, list: number, purpose: StatusPurpose): Promise<Json | undefined> {
  const [row] = await db.select({ credential: statusLists.credential }).from(statusLists).where(listRow(list, purpose));
  return row?.credential ?? undefined;
}

/**
 * Whether a list exists for verifiers: it has a row, or some copy names it (a suspension list only
 * copies signed before decision 0037 name).
 */
export async function statusListInUse(db: Tx, list: number, purpose: StatusPurpose): Promise<boolean> {
  const [row] = await db.select({ list: statusLists.list }).from(statusLists).where(listRow(list, purpose));
  if (row) return true;
  const [used] = await db
    .select({ id: credentialCopies.id })
    .from(credentialCopies)
    .where(
      and(
        eq(credentialCopies.statusList, list),
        purpose === 'suspension' ? eq(credentialCopies.suspensionEntry, true) : undefined,
      ),
    )
    .limit(1);
  return Boolean(used);
}

/** Marks copies revoked now with one reason; those revoked already are left as they are. */
export async function markRevoked(tx: Tx, ids: string[], reason: RevocationReason, now: Date) {
  await tx
    .update(credentialCopies)
    .set({ revokedAt: now, revocationReason: reason })
    .where(and(inArray(credentialCopies.id, ids), isNull(credentialCopies.revokedAt)));
}

/** The certificates' current copies (their highest numbers), by certificate id. */
export async function currentCopies(db: Tx, certificateIds: string[]): Promise<Map<string, CopyPlace>> {
  if (!certificateIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([credentialCopies.certificateId], {
      certificateId: credentialCopies.certificateId,
      ...copyPlaceColumns,
    })
    .from(credentialCopies)
    .where(inArray(credentialCopies.certificateId, certificateIds))
    .orderBy(credentialCopies.certificateId, desc(credentialCopies.number));
  return new Map(rows.map(({ certificateId, ...copy }) => [certificateId!, copy]));
}

/** The next `count` numbers of the count of copies issued (which picks their list). */
export async function nextCopyNumbers(db: Tx, count: number): Promise<number[]> {
  const { rows } = (await db.execute(
    sql`select nextval('credential_copy_seq') as n from generate_series(1, ${count})`,
  )) as unknown as { rows: { n: string | number }[] };
  return rows.map((r) => Number(r.n));
}

/** Which of these places a copy holds already. */
export async function takenPlaces(db: Tx, places: StatusPlace[]): Promise<StatusPlace[]> {
  return db
    .select({ statusList: credentialCopies.statusList, statusPosition: credentialCopies.statusPosition })
    .from(credentialCopies)
    .where(
      or(
        ...places.map((p) =>
          and(eq(credentialCopies.statusList, p.statusList), eq(credentialCopies.statusPosition, p.statusPosition)),
        ),
      ),
    );
}

/** Records a new copy; a place or number taken meanwhile throws (the unique keys). */
export async function insertCopy(tx: Tx, copy: NewCopy): Promise<CopyPlace> {
  const [inserted] = await tx.insert(credentialCopies).values(copy).returning(copyPlaceColumns);
  return inserted!;
}

/** Records a new copy unless its place or number was taken meanwhile (another instance's run). */
export async function insertCopyIfFree(tx: Tx, copy: NewCopy): Promise<CopyPlace | undefined> {
  const [inserted] = await tx.insert(credentialCopies).values(copy).onConflictDoNothing().returning(copyPlaceColumns);
  return inserted;
}

export async function deleteCopy(tx: Tx, id: string) {
  await tx.delete(credentialCopies).where(eq(credentialCopies.id, id));
}

/** Stores a certificate's current credential. */
export async function setCredential(tx: Tx, certificateId: string, credential: Json) {
  await tx.update(certificates).set({ credential }).where(eq(certificates.id, certificateId));
}

/** Stores a credential signed in the background, if its row is still unsigned and at the version it was read at. */
export async function setCredentialIfUnchanged(
  tx: Tx,
  row: { id: string; version: number },
  credential: Json,
): Promise<boolean> {
  const [done] = await tx
    .update(certificates)
    .set({ credential })
    .where(and(eq(certificates.id, row.id), eq(certificates.version, row.version), isNull(certificates.credential)))
    .returning({ id: certificates.id });
  return Boolean(done);
}

/** A certificate's row, locked until the caller's commit. */
export async function lockCertificate(tx: Tx, id: string) {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
  return row;
}

/**
 * Locks the certificates no other transaction holds, and answers their ids; any other lock the
 * transaction waits for longer than `lockTimeout` fails it (LOCK_NOT_AVAILABLE).
 */
export async function lockFreeCertificates(tx: Tx, ids: string[], lockTimeout: string): Promise<Set<string>> {
  await tx.execute(sql.raw(`set local lock_timeout = '${lockTimeout}'`));
  const rows = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(inArray(certificates.id, ids))
    .for('update', { skipLocked: true });
  return new Set(rows.map((r) => r.id));
}

/** Live certificates with no credential, by id after `after`, `limit` at a time. */
export async function unsignedCertificates(db: Tx, after: string | undefined, limit: number): Promise<UnsignedRow[]> {
  return db
    .select(unsignedColumns)
    .from(certificates)
    .where(and(isNull(certificates.credential), live(certificates), after ? gt(certificates.id, after) : undefined))
    .orderBy(asc(certificates.id))
    .limit(limit);
}

/** Copies SQL marked for revocation (a reason, no time) and nobody revoked yet, locked. */
export async function lockDueRevocations(tx: Tx): Promise<(CopyPlace & { reason: RevocationReason })[]> {
  const due = await tx
    .select({ ...copyPlaceColumns, reason: credentialCopies.revocationReason })
    .from(credentialCopies)
    .where(and(isNull(credentialCopies.revokedAt), isNotNull(credentialCopies.revocationReason)))
    .orderBy(asc(credentialCopies.id))
    .for('update');
  return due.map((copy) => ({ ...copy, reason: copy.reason! }));
}

/** The keys instances recorded before decision 0038, oldest first. */
export async function recordedIssuerKeys(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ key: issuerKeys.publicKeyMultibase })
    .from(issuerKeys)
    .orderBy(asc(issuerKeys.createdAt), asc(issuerKeys.publicKeyMultibase));
  return rows.map((row) => row.key);
}

/** Whether a signed credential's proof names `key` (`proof.verificationMethod` is `did:web:…#z6Mk…`). */
const signedBy = (credential: AnyPgColumn, key: string): SQL =>
  sql`split_part(${credential}->'proof'->>'verificationMethod', '#', 2) = ${key}`;

/** The status lists whose stored signature is `key`'s (decision 0064). */
export async function statusListsSignedBy(db: Tx, key: string) {
  return db
    .select({ list: statusLists.list, purpose: statusLists.purpose })
    .from(statusLists)
    .where(signedBy(statusLists.credential, key))
    .orderBy(asc(statusLists.purpose), asc(statusLists.list));
}

/** Drops a list's stored signature if `key` made it (so it is signed anew when read); whether it did. */
export async function dropListSignature(db: Tx, list: number, purpose: StatusPurpose, key: string): Promise<boolean> {
  const [dropped] = await db
    .update(statusLists)
    .set({ credential: null })
    .where(and(listRow(list, purpose), signedBy(statusLists.credential, key)))
    .returning({ list: statusLists.list });
  return Boolean(dropped);
}

/** The next live certificates (by id, after `after`) whose current copy `key` signed, locked. */
export async function lockCertificatesSignedBy(tx: Tx, key: string, after: string, limit: number) {
  return tx
    .select()
    .from(certificates)
    .where(and(gt(certificates.id, after), live(certificates), signedBy(certificates.credential, key)))
    .orderBy(asc(certificates.id))
    .limit(limit)
    .for('update');
}
