import { createHash } from 'node:crypto';
import {
  CE_IMPORT_MESSAGES,
  CE_MESSAGES,
  type CeActivityFields,
  ceActivityFields,
  ceActivityImportRefused,
  ceActivityImportResult,
  type CeActivityImportResult,
  type CeImportColumn,
  certificateImportQuery,
  IMPORT_MESSAGES,
  type ImportRowError,
  mapCeImportHeader,
  MAX_IMPORT_ROWS,
  normalizeEmail,
  type RecertificationRules,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import { conflict, HttpError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import {
  importContext,
  type ImportFormat,
  ImportProblems,
  keepImportFile,
  readSheet,
  type ReadOptions,
  withImportFile,
  type XlsxLimits,
} from '../certificates';
import { activityKeysOf, findImportTargets, type ImportTarget, insertActivities, readRules } from './repository';
import { assertActivityFits, cycleOf } from './service';

/** Rows looked up (and written) per statement, as the certificate import's batches. */
const BATCH_ROWS = 250;

type ImportedActivity = Omit<CeActivityFields, 'evidenceUrl'>;

/** A row as read: the certificate it names, and its activity unless its cells have problems. */
interface ReadRow {
  row: number;
  certificateNo: string;
  email: string;
  activity?: ImportedActivity;
}

/** The file's column of each field a member's activity has. */
const COLUMN_OF: Record<keyof ImportedActivity, CeImportColumn> = {
  title: 'title',
  provider: 'provider',
  completedOn: 'date',
  hours: 'hours',
  category: 'category',
};

/** Hours as providers write them, a decimal comma too (the semicolon CSVs of European spreadsheets). */
const hoursOf = (text: string) => (/^\d*[.,]?\d+$/.test(text) ? Number(text.replace(',', '.')) : undefined);

/** The key of the category a cell names by its key or its name, in any case; the cell itself when none. */
function categoryKey(rules: RecertificationRules, text: string) {
  const lower = text.toLowerCase();
  return rules.categories.find((c) => c.key === lower || c.name.toLowerCase() === lower)?.key ?? text;
}

/**
 * Reads the file's rows: the header first (400 when a column is missing), then each row's
 * activity, checked by the schema of a member's POST /api/ce-activities. Problems go into
 * `errors`; rows past MAX_IMPORT_ROWS are 413.
 */
async function* readActivities(
  file: string,
  format: ImportFormat,
  errors: ImportRowError[],
  read: ReadOptions,
  rules: RecertificationRules,
): AsyncGenerator<ReadRow> {
  let columns: (CeImportColumn | null)[] | undefined;
  let count = 0;
  for await (const { row, cells } of readSheet(file, format, errors, read)) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      const mapping = mapCeImportHeader(cells);
      if (mapping.missing.length) throw new HttpError(400, IMPORT_MESSAGES.missingColumns(mapping.missing));
      columns = mapping.columns;
      continue;
    }
    if (++count > MAX_IMPORT_ROWS) throw new HttpError(413, IMPORT_MESSAGES.tooManyRows);
    const cell = (column: CeImportColumn) => (cells[columns!.indexOf(column)] ?? '').trim();
    const named = { row, certificateNo: cell('certificateNo'), email: normalizeEmail(cell('email')) };
    const parsed = ceActivityFields.safeParse({
      title: cell('title'),
      provider: cell('provider'),
      completedOn: cell('date'),
      hours: hoursOf(cell('hours')),
      category: categoryKey(rules, cell('category')),
    });
    if (parsed.success) {
      const { evidenceUrl: _none, ...activity } = parsed.data;
      yield { ...named, activity };
      continue;
    }
    // One problem per cell, the first rule it breaks (the contract's messages name the field).
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF[issue.path[0] as keyof ImportedActivity];
      if (seen.has(column)) continue;
      seen.add(column);
      errors.push({ row, column, message: issue.message });
    }
    yield named;
  }
  if (!columns) throw new HttpError(400, IMPORT_MESSAGES.missingColumns(mapCeImportHeader([]).missing));
}

/**
 * What tells two activities of a certificate apart (ce_activities_once_key), hashed: a file's
 * 200,000 rows keep a short key each, not their titles.
 */
const activityKey = (a: { certificateId: string; title: string; provider: string; completedOn: string }) =>
  createHash('sha256')
    .update(JSON.stringify([a.certificateId, a.title.toLowerCase(), a.provider.toLowerCase(), a.completedOn]))
    .digest('base64');

/** The field and message of a rule's 400 (invalidField), or undefined for any other error. */
const fieldIssue = (err: unknown) =>
  err instanceof HttpError && err.statusCode === 400
    ? (err.body.issues as { path: keyof ImportedActivity; message: string }[] | undefined)?.[0]
    : undefined;

/**
 * Issue 33: POST /api/ce-activities/import. The board imports a training provider's activities
 * from a CSV or XLSX file, received and read as the certificate import does (multipart in this
 * context only). All or nothing: each row passes the rules of a member's own activity, and one
 * refused row leaves everything as it was (422). Imported activities have no evidence, and are
 * reviewed as any other.
 */
export default async function ceActivityImportRoutes(
  base: FastifyInstance,
  options: { xlsxLimits?: Partial<XlsxLimits> },
) {
  const { app, reading } = await importContext(base, options);

  /**
   * One pass over the file: every row read and checked, in batches. With `write`, each batch's
   * activities are inserted while no row has failed; the caller's transaction rolls them back
   * when a later one does.
   */
  async function importRows(db: Tx, file: string, format: ImportFormat, write: boolean) {
    const rules = await readRules(db);
    const now = app.clock.now();
    const problems = new ImportProblems();
    // An activity's first row in the file, and the activities already refused as given twice.
    const firstRow = new Map<string, number>();
    const twice = new Set<string>();
    let rows = 0;
    let created = 0;

    /** The certificate a row names: by its number, else the one of the e-mail that is not revoked. */
    function certificateOf(r: ReadRow, byNumber: Map<string, ImportTarget>, byEmail: Map<string, ImportTarget[]>) {
      const refuse = (column: CeImportColumn, message: string) => {
        problems.add({ row: r.row, column, message });
        return undefined;
      };
      if (r.certificateNo) {
        // One live certificate per number (certificates_certificate_no_key).
        const cert = byNumber.get(r.certificateNo);
        if (!cert) return refuse('certificateNo', CE_IMPORT_MESSAGES.unknownNumber);
        return cert.revokedAt ? refuse('certificateNo', CE_IMPORT_MESSAGES.revoked) : cert;
      }
      if (!r.email) return refuse('certificateNo', CE_IMPORT_MESSAGES.noCertificate);
      const held = (byEmail.get(r.email) ?? []).filter((c) => !c.revokedAt);
      return held.length === 1 ? held[0] : refuse('email', CE_IMPORT_MESSAGES.emailNotOne(held.length));
    }

    async function checkBatch(batch: ReadRow[]) {
      const numbers = new Set(batch.map((r) => r.certificateNo).filter(Boolean));
      const emails = new Set(batch.filter((r) => !r.certificateNo && r.email).map((r) => r.email));
      const byNumber = new Map<string, ImportTarget>();
      const byEmail = new Map<string, ImportTarget[]>();
      for (const cert of await findImportTargets(db, [...numbers], [...emails])) {
        byNumber.set(cert.certificateNo, cert);
        byEmail.set(cert.userEmail, [...(byEmail.get(cert.userEmail) ?? []), cert]);
      }
      const resolved: { row: number; activity: ImportedActivity; cert: ImportTarget }[] = [];
      for (const r of batch) {
        const cert = certificateOf(r, byNumber, byEmail);
        if (cert && r.activity) resolved.push({ row: r.row, activity: r.activity, cert });
      }
      const logged = new Set(
        (await activityKeysOf(db, [...new Set(resolved.map((r) => r.cert.id))])).map((a) => activityKey(a)),
      );

      const inserts: (ImportedActivity & { certificateId: string })[] = [];
      for (const { row, activity, cert } of resolved) {
        try {
          assertActivityFits(activity, rules, cycleOf(cert), now);
        } catch (err) {
          const issue = fieldIssue(err);
          if (!issue) throw err;
          problems.add({ row, column: COLUMN_OF[issue.path], message: issue.message });
          continue;
        }
        const key = activityKey({ ...activity, certificateId: cert.id });
        // The file's own first (an earlier batch may have written it already), then what was logged before.
        const first = firstRow.get(key);
        if (first !== undefined) {
          // Both rows are refused, as the certificate import refuses a number given twice.
          problems.add({ row, column: 'title', message: CE_IMPORT_MESSAGES.duplicateInFile(first) });
          if (!twice.has(key))
            problems.add({ row: first, column: 'title', message: CE_IMPORT_MESSAGES.duplicateInFile(row) });
          twice.add(key);
          continue;
        }
        if (logged.has(key)) {
          problems.add({ row, column: 'title', message: CE_MESSAGES.duplicate });
          continue;
        }
        firstRow.set(key, row);
        inserts.push({ ...activity, certificateId: cert.id });
      }
      created += inserts.length;
      if (write && !problems.count) await insertActivities(db, inserts);
    }

    const errors: ImportRowError[] = [];
    const flush = () => errors.splice(0).forEach((e) => problems.add(e));
    let batch: ReadRow[] = [];
    for await (const read of readActivities(file, format, errors, reading(), rules)) {
      rows++;
      flush();
      batch.push(read);
      if (batch.length === BATCH_ROWS) {
        await checkBatch(batch);
        batch = [];
      }
    }
    flush();
    if (batch.length) await checkBatch(batch);
    // All or nothing: with a refused row, no activity is (or would be) created.
    return { rows, created: problems.count ? 0 : created, errors: problems.report() };
  }

  const importFile = (req: FastifyRequest, dryRun: boolean): Promise<CeActivityImportResult> =>
    withImportFile(app, req, async (file) => {
      if (dryRun) return importRows(app.db, file.scratch, file.format, false);
      const { result, storageKey } = await app.db
        .transaction(async (tx) => {
          const result = await importRows(tx, file.scratch, file.format, true);
          if (result.errors.length) throw new HttpError(422, CE_IMPORT_MESSAGES.refused, {}, result);
          // The file is kept for the audit, as the certificate import keeps its own.
          const kept = await keepImportFile(app, tx, req, file);
          await app.audit(tx, req, {
            action: 'ce-activity.import',
            targetType: 'import',
            targetId: kept.uploadId,
            details: { ...kept.details, rows: result.rows, created: result.created },
          });
          return { result, storageKey: kept.storageKey };
        })
        .catch((err: unknown) => {
          // The same activity logged meanwhile (by its holder, or another import).
          throw isUniqueViolation(err) ? conflict(CE_MESSAGES.duplicate) : err;
        });
      await app.storage.putFile(storageKey, file.scratch);
      req.log.info({ rows: result.rows, created: result.created }, 'CE activities imported');
      return result;
    });

  app.post(
    '/api/ce-activities/import',
    {
      schema: {
        tags: ['recertification'],
        consumes: ['multipart/form-data'],
        querystring: certificateImportQuery,
        response: { 200: ceActivityImportResult, 422: ceActivityImportRefused },
      },
    },
    (req) => importFile(req, req.query.dryRun === 'true'),
  );
}
