import { PassThrough, type Readable } from 'node:stream';
import type { HmisExportCheck } from '@portal/contract';
import { stringify } from 'csv-stringify/sync';
import { Zip, ZipDeflate } from 'fflate';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import type { Pii } from '../../lib/pii';
import { openRow } from '../reports';
import {
  boardRows,
  deletedUserRow,
  DELETED_USER_ID,
  hmisDate,
  hmisTimestamp,
  record,
  reportRows,
  userHmisId,
  userRow,
} from './mapping';
import { HMIS_CSV_FILES, HMIS_CSV_VERSION, type HmisFileName, hmisHeader } from './spec';
import { consentedReports, liveAuthors, type Period, periodCounts } from './repository';
import { type ExportFiles, type Problem, validateExport } from './validate';

/** Reports decrypted per query while an export is gathered. */
const BATCH = 500;
const FILES = Object.keys(HMIS_CSV_FILES) as HmisFileName[];
const DAY_MS = 86_400_000;

export interface ExportRequest {
  from: string;
  to: string;
  exclude: string[];
  /** The admin exporting. */
  actor: { id: string; name: string; email: string };
  now: Date;
}

export interface BuiltExport {
  exportId: string;
  files: ExportFiles;
  summary: Omit<HmisExportCheck, 'problems'>;
  problems: (Omit<Problem, 'reportId'> & { reportId: string; clientName: string })[];
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * Gathers every file of an export of the reports filed from `from` to `to` (UTC days, both
 * inclusive) with the client's consent to share, less the excluded, and validates it. Nothing is
 * written: the route decides whether the zip may go.
 */
export async function buildExport(db: Tx, pii: Pii, hmis: Config['hmis'], req: ExportRequest): Promise<BuiltExport> {
  const exportId = crypto.randomUUID().replaceAll('-', '');
  const period: Period = {
    from: startOfDay(req.from),
    toExclusive: new Date(startOfDay(req.to).getTime() + DAY_MS),
  };
  const excluded = new Set(req.exclude);
  const counts = await periodCounts(db, period, req.exclude);

  const files = Object.fromEntries(FILES.map((f) => [f, []])) as unknown as ExportFiles;
  const names = new Map<string, string>();
  const authors = new Set<string | null>([req.actor.id]);
  const context = { exportId, projectId: hmis.projectId, cocCode: hmis.cocCode };
  let reportCount = 0;

  // Keyset pages in filing order, so a long period never holds more than a batch of sealed rows.
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const page = await consentedReports(db, period, after, BATCH);
    for (const row of page) {
      if (excluded.has(row.id)) continue;
      reportCount += 1;
      names.set(row.id, row.clientName);
      authors.add(row.userId);
      const rows = reportRows(
        { id: row.id, userId: row.userId, createdAt: row.createdAt, fields: openRow(pii, row) },
        context,
      );
      for (const file of FILES) for (const r of rows[file] ?? []) files[file].push({ row: r, reportId: row.id });
    }
    if (page.length < BATCH) break;
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }

  const first = counts?.first ? new Date(counts.first) : startOfDay(req.from);
  const board = boardRows({
    ...context,
    organizationName: hmis.organizationName,
    geocode: hmis.geocode,
    operatingStartDate: hmisDate(first),
    userId: req.actor.id,
    now: req.now,
  });
  for (const file of FILES) for (const r of board[file] ?? []) files[file].push({ row: r, reportId: null });
  files.Export.push({ row: exportRow(exportId, hmis, req), reportId: null });

  const ids = [...authors].filter((id): id is string => id !== null);
  // A trashed author is exported as the stand-in user, as a deleted one is.
  const accounts = await liveAuthors(db, ids);
  for (const account of accounts) files.User.push({ row: userRow(account, exportId), reportId: null });
  // A report whose author has been deleted names the stand-in user (and so does one whose account is gone).
  const known = new Set(accounts.map((a) => userHmisId(a.id)));
  const orphaned = [...files.Client, ...files.Enrollment].some((s) => !known.has(s.row.UserID!));
  if (orphaned || authors.has(null)) {
    files.User.push({ row: deletedUserRow(exportId, req.now), reportId: null });
    for (const file of FILES)
      for (const s of files[file])
        if (s.reportId && s.row.UserID && !known.has(s.row.UserID)) s.row.UserID = DELETED_USER_ID;
  }

  const problems = validateExport(files).map((p) => ({
    ...p,
    reportId: p.reportId ?? '',
    clientName: p.reportId ? (names.get(p.reportId) ?? '') : '',
  }));
  return {
    exportId,
    files,
    problems,
    summary: {
      from: req.from,
      to: req.to,
      reports: reportCount,
      withoutConsent: counts?.withoutConsent ?? 0,
      excluded: counts?.excluded ?? 0,
      counts: Object.fromEntries(FILES.map((f) => [`${f}.csv`, files[f].length])),
    },
  };
}

/** Export.csv: who made the file, for which period, in which format (HMIS CSV FY2026, 1.x lists). */
function exportRow(
  exportId: string,
  { organizationName, softwareName }: Pick<Config['hmis'], 'organizationName' | 'softwareName'>,
  req: ExportRequest,
) {
  const [first = '', ...last] = req.actor.name.trim().split(/\s+/);
  return record('Export', {
    ExportID: exportId,
    // 1.9: 2 Standalone/agency-specific application.
    SourceType: '2',
    SourceID: '',
    SourceName: [...organizationName].slice(0, 50).join(''),
    SourceContactFirst: [...first].slice(0, 50).join(''),
    SourceContactLast: [...last.join(' ')].slice(0, 50).join(''),
    SourceContactPhone: '',
    SourceContactExtension: '',
    SourceContactEmail: req.actor.email,
    ExportDate: hmisTimestamp(req.now),
    ExportStartDate: req.from,
    ExportEndDate: req.to,
    // HUD FY2026 HMIS CSV 1.1: SoftwareName is S50.
    SoftwareName: [...softwareName].slice(0, 50).join(''),
    SoftwareVersion: '',
    CSVVersion: HMIS_CSV_VERSION,
    // 1.1: 3 Reporting period; 1.2: 2 Full refresh (every record of the period); 1.5: 1 Unhashed.
    ExportPeriodType: '3',
    ExportDirective: '2',
    HashStatus: '1',
    ImplementationID: exportImplementationId(organizationName),
  });
}

/** 2.x ImplementationID: the same for every export of this portal. */
const exportImplementationId = (organizationName: string) => [...`portal:${organizationName}`].slice(0, 200).join('');

/** One CSV line per record, RFC 4180 (quoted where needed, CRLF). */
const csvLines = (rows: string[][]) => stringify(rows, { record_delimiter: 'windows' });

/**
 * The zip of every file of the format, each with its header in the specification's order (files
 * this portal has no records for hold the header only). Streamed: each file is deflated as its
 * lines are written.
 */
export function zipExport(files: ExportFiles): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const encoder = new TextEncoder();
  for (const file of FILES) {
    const header = hmisHeader(file);
    const entry = new ZipDeflate(`${file}.csv`, { level: 6 });
    zip.add(entry);
    entry.push(encoder.encode(csvLines([header])));
    for (let i = 0; i < files[file].length; i += BATCH) {
      const rows = files[file].slice(i, i + BATCH).map((s) => header.map((c) => s.row[c] ?? ''));
      entry.push(encoder.encode(csvLines(rows)));
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  return out;
}
