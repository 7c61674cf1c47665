import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { certificates, reports, type uploads, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';
import { fileUrl } from '../../plugins/files';
import { live } from '../../lib/trash';

type UploadRow = typeof uploads.$inferSelect;

/**
 * Who may read an uploaded file (ARCHITECTURE §5). The record that refers to the file decides:
 * report media — admins and the reporting member; certificate documents — admins and the holder;
 * profile pictures and other attached images — any verified user; a file nothing refers to yet —
 * its owner and admins.
 */
export async function mayRead(app: FastifyInstance, user: SessionUser, file: UploadRow): Promise<boolean> {
  if (user.isAdmin) return true;
  const url = fileUrl(file.id);

  const inReports = await app.db
    .select({ userId: reports.userId, live: sql<boolean>`${live(reports)}` })
    .from(reports)
    .where(or(eq(reports.imageUrl, url), eq(reports.videoUrl, url)));
  // A record in the trash (issue 16) grants nothing: only admins see it there.
  if (inReports.length) return file.ownerId === user.id || inReports.some((r) => r.live && r.userId === user.id);

  // Issue 30 (F14): the holder, as for the certificate's PDF and credential; not whoever has the
  // e-mail the record was registered with (an unclaimed record, or one the holder has since left).
  const inCertificates = await app.db
    .select({ holderId: certificates.holderId, live: sql<boolean>`${live(certificates)}` })
    .from(certificates)
    .where(eq(certificates.downloadLink, url));
  if (inCertificates.length) return inCertificates.some((c) => c.live && c.holderId === user.id);

  if (file.ownerId === user.id) return true;
  if (file.kind !== 'image') return false;
  if (file.attachedAt) return true;
  const [picture] = await app.db.select({ id: users.id }).from(users).where(eq(users.picture, url)).limit(1);
  return !!picture;
}
