import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../plugins/auth';
import { fileUrl } from './plugin';
import {
  ceActivitiesNamingFile,
  certificatesNamingFile,
  isProfilePicture,
  reportsNamingFile,
  type UploadRow,
} from './repository';

/**
 * Who may read an uploaded file (ARCHITECTURE §5). The record that refers to the file decides:
 * report media — admins and the reporting member; certificate documents and the evidence of
 * continuing education — admins and the holder;
 * profile pictures and other attached images — any verified user; a file nothing refers to yet —
 * its owner and admins.
 */
export async function mayRead(app: FastifyInstance, user: SessionUser, file: UploadRow): Promise<boolean> {
  if (user.isAdmin) return true;
  const url = fileUrl(file.id);

  const inReports = await reportsNamingFile(app.db, url);
  // A record in the trash (issue 16) grants nothing: only admins see it there.
  if (inReports.length) return file.ownerId === user.id || inReports.some((r) => r.live && r.userId === user.id);

  // Issue 30 (F14): the holder, as for the certificate's PDF and credential; not whoever has the
  // e-mail the record was registered with (an unclaimed record, or one the holder has since left).
  const inCertificates = await certificatesNamingFile(app.db, url);
  if (inCertificates.length) return inCertificates.some((c) => c.live && c.holderId === user.id);

  // Issue 33: the evidence of a continuing-education activity is the holder's and the board's.
  const inActivities = await ceActivitiesNamingFile(app.db, url);
  if (inActivities.length) return inActivities.some((c) => c.live && c.holderId === user.id);

  if (file.ownerId === user.id) return true;
  if (file.kind !== 'image') return false;
  if (file.attachedAt) return true;
  return isProfilePicture(app.db, url);
}
