import { and, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { ceActivities, certificates, reports, resumableUploads, uploads, users } from '../../db/schema';
import { live } from '../../lib/trash';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadKind = UploadRow['kind'];

export async function findUpload(db: Tx, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** The reports that name the file (as their photo or video), in the trash or not, and who filed them. */
export async function reportsNamingFile(db: Tx, url: string) {
  return db
    .select({ userId: reports.userId, live: sql<boolean>`${live(reports)}` })
    .from(reports)
    .where(or(eq(reports.imageUrl, url), eq(reports.videoUrl, url)));
}

/** The certificates that name the file (as their document), in the trash or not, and their holders. */
export async function certificatesNamingFile(db: Tx, url: string) {
  return db
    .select({ holderId: certificates.holderId, live: sql<boolean>`${live(certificates)}` })
    .from(certificates)
    .where(eq(certificates.downloadLink, url));
}

/** Issue 33: the continuing-education activities that name the file as evidence, and their certificates' holders. */
export async function ceActivitiesNamingFile(db: Tx, url: string) {
  return db
    .select({ holderId: certificates.holderId, live: sql<boolean>`${live(certificates)}` })
    .from(ceActivities)
    .innerJoin(certificates, eq(certificates.id, ceActivities.certificateId))
    .where(eq(ceActivities.evidenceUrl, url));
}

/** Whether some account has the file as its profile picture. */
export async function isProfilePicture(db: Tx, url: string): Promise<boolean> {
  const [picture] = await db.select({ id: users.id }).from(users).where(eq(users.picture, url)).limit(1);
  return !!picture;
}

/**
 * Holds the member's row until the transaction ends: uploads that passed an allowance check side
 * by side count one after the other under it (issue 12), stored and unfinished alike (issue 30, F3).
 */
export async function lockUploader(tx: Tx, ownerId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/**
 * The bytes that count against a member's allowances (ingest.ts, allowanceOf): `daily`, those
 * uploaded since `since`; `pending`, those no record names yet. Stored files count as kept;
 * unfinished resumable uploads (issue 30, F3) by the length they declared, until they expire
 * (created at or before `expiredBy`). `finishing` is the unfinished upload whose bytes are the
 * ones being counted: its declared length is not counted beside them.
 */
export async function uploadedBytes(
  tx: Tx,
  ownerId: string,
  { since, expiredBy, finishing }: { since: Date; expiredBy: Date; finishing?: string },
): Promise<{ daily: number; pending: number }> {
  const [stored] = await tx
    .select({
      daily: sql<string>`coalesce(sum(${uploads.size}) filter (where ${uploads.createdAt} > ${since}), 0)`,
      pending: sql<string>`coalesce(sum(${uploads.size}) filter (where ${uploads.attachedAt} is null), 0)`,
    })
    .from(uploads)
    .where(and(eq(uploads.ownerId, ownerId), or(gt(uploads.createdAt, since), isNull(uploads.attachedAt))));
  const [unfinished] = await tx
    .select({
      daily: sql<string>`coalesce(sum(${resumableUploads.length}) filter (where ${resumableUploads.createdAt} > ${since}), 0)`,
      pending: sql<string>`coalesce(sum(${resumableUploads.length}), 0)`,
    })
    .from(resumableUploads)
    .where(
      and(
        eq(resumableUploads.ownerId, ownerId),
        gt(resumableUploads.createdAt, expiredBy),
        finishing ? ne(resumableUploads.id, finishing) : undefined,
      ),
    );
  return {
    daily: Number(stored!.daily) + Number(unfinished!.daily),
    pending: Number(stored!.pending) + Number(unfinished!.pending),
  };
}

/** Records an unfinished resumable upload and the length it declared (issue 30, F3). */
export async function recordUnfinished(
  tx: Tx,
  upload: { id: string; ownerId: string; length: number; createdAt: Date },
) {
  await tx.insert(resumableUploads).values(upload);
}

/** The record of a resumable upload that is stored, given up or refused: its length counts no more. */
export async function forgetUnfinished(tx: Tx, id: string) {
  await tx.delete(resumableUploads).where(eq(resumableUploads.id, id));
}

/** Removes the records of unfinished uploads created at or before `expiredBy`; answers their ids. */
export async function forgetExpiredUnfinished(tx: Tx, expiredBy: Date): Promise<string[]> {
  const rows = await tx
    .delete(resumableUploads)
    .where(lte(resumableUploads.createdAt, expiredBy))
    .returning({ id: resumableUploads.id });
  return rows.map((row) => row.id);
}

/** An upload's row, locked until the caller's commit (attach and release lock it: decision 0007). */
export async function lockUpload(tx: Tx, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for('update');
  return row;
}

export async function markAttached(tx: Tx, id: string, now: Date) {
  await tx.update(uploads).set({ attachedAt: now }).where(eq(uploads.id, id));
}

/** Of these upload ids, those of one of `kinds`. */
export async function uploadsOfKinds(db: Tx, ids: string[], kinds: UploadKind[]): Promise<string[]> {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), inArray(uploads.kind, kinds)));
  return rows.map((r) => r.id);
}

/** Of these storage keys, those an upload's row names. */
export async function knownStorageKeys(db: Tx, keys: string[]): Promise<Set<string>> {
  const rows = await db.select({ key: uploads.storageKey }).from(uploads).where(inArray(uploads.storageKey, keys));
  return new Set(rows.map((r) => r.key));
}

/**
 * Deletes the uploads never attached and created before `createdBefore`; answers their storage
 * keys. The condition is the delete's own, so a file attached meanwhile is kept.
 */
export async function deleteUnattached(db: Tx, createdBefore: Date) {
  return db
    .delete(uploads)
    .where(and(isNull(uploads.attachedAt), lt(uploads.createdAt, createdBefore)))
    .returning({ storageKey: uploads.storageKey });
}

/** Locks the uploads of these ids that exist; answers their ids. */
export async function lockUploads(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids)).for('update');
  return rows.map((r) => r.id);
}

/** Of these file URLs, those that a profile, a report or a certificate names. */
export async function namedFiles(tx: Tx, urls: string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await union(
    tx.select({ url: users.picture }).from(users).where(inArray(users.picture, urls)),
    tx.select({ url: reports.imageUrl }).from(reports).where(inArray(reports.imageUrl, urls)),
    tx.select({ url: reports.videoUrl }).from(reports).where(inArray(reports.videoUrl, urls)),
    tx.select({ url: certificates.downloadLink }).from(certificates).where(inArray(certificates.downloadLink, urls)),
    tx.select({ url: ceActivities.evidenceUrl }).from(ceActivities).where(inArray(ceActivities.evidenceUrl, urls)),
  );
  return new Set(rows.map((r) => r.url));
}

/** Deletes the uploads of these ids; answers their storage keys. */
export async function deleteUploads(tx: Tx, ids: string[]) {
  return tx.delete(uploads).where(inArray(uploads.id, ids)).returning({ storageKey: uploads.storageKey });
}

/** Records a stored upload; answers its row. */
export async function insertUpload(tx: Tx, values: typeof uploads.$inferInsert): Promise<UploadRow> {
  const [created] = await tx.insert(uploads).values(values).returning();
  return created!;
}
