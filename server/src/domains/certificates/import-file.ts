import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import { MAX_IMPORT_BYTES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { signedIn } from '../../plugins/auth';
import { cleanName, fileUrl, insertUpload, UPLOAD_MESSAGES, unsupported } from '../files';
import {
  CSV_TYPE,
  type ImportFormat,
  type ReadOptions,
  receiveImport,
  XLSX_LIMITS,
  XLSX_TYPE,
  type XlsxLimits,
} from './import';

/**
 * The context of an import route (the certificates' and, issue 33, the CE activities'): multipart
 * for one file, registered in this context only, and the reading options of each pass over it.
 */
export async function importContext(base: FastifyInstance, options: { xlsxLimits?: Partial<XlsxLimits> }) {
  await base.register(multipart, {
    limits: { files: 1, fields: 5, parts: 10, fieldSize: 1024, fileSize: MAX_IMPORT_BYTES },
    throwFileSizeLimit: true,
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limits: XlsxLimits = { ...XLSX_LIMITS, ...options.xlsxLimits };
  // Each reading of a workbook gets its own deadline (issue 30, F4).
  const reading = (): ReadOptions => ({ limits, clock: app.clock });
  return { app, reading };
}

/** An import's file, received: a scratch file (never whole in memory) and its format. */
export interface ReceivedImport {
  scratch: string;
  format: ImportFormat;
  filename: string | undefined;
}

/**
 * The request's one file (field `file`), streamed to a scratch file and checked by its content
 * (receiveImport), for `use`; the scratch file is removed afterwards, whatever happens.
 */
export async function withImportFile<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  use: (file: ReceivedImport) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) throw unsupported();
  const part = await req.file({ limits: { fileSize: MAX_IMPORT_BYTES } });
  if (!part) throw badRequest(UPLOAD_MESSAGES.noFile);
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(UPLOAD_MESSAGES.noFile);
  }
  const scratch = app.storage.scratchPath();
  try {
    const format = await receiveImport(part, scratch);
    return await use({ scratch, format, filename: part.filename });
  } finally {
    await fsp.rm(scratch, { force: true });
  }
}

/**
 * Keeps an imported file for the audit, in the import's transaction: its upload row, attached at
 * once so that the upload sweeper leaves it. The caller stores the bytes at `storageKey` once the
 * transaction commits (the row first, then the bytes, as every upload: a crash between leaves a
 * row without bytes), and puts `details` in its audit entry.
 */
export async function keepImportFile(app: FastifyInstance, tx: Tx, req: FastifyRequest, file: ReceivedImport) {
  const { size } = await fsp.stat(file.scratch);
  const storageKey = app.storage.newKey();
  const { id: uploadId } = await insertUpload(tx, {
    kind: 'import',
    ownerId: signedIn(req).user.id,
    contentType: file.format === 'csv' ? CSV_TYPE : XLSX_TYPE,
    size,
    storageKey,
    originalName: cleanName(file.filename),
    attachedAt: app.clock.now(),
    createdAt: app.clock.now(),
  });
  return { uploadId, storageKey, details: { file: fileUrl(uploadId), fileName: cleanName(file.filename) } };
}
