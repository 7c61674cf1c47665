import {
  boardRows,
  deletedUserRow,
  type HmisReport,
  type ReportRows,
  reportRows,
  userRow,
} from '../src/domains/hmis/mapping';
import { HMIS_CSV_FILES, type HmisFileName } from '../src/domains/hmis/spec';
import type { ExportFiles } from '../src/domains/hmis/validate';

/** The ids and the configuration of the HMIS tests' exports. */
export const USER_ID = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
export const ctx = { exportId: 'e'.repeat(32), projectId: 'so-1', cocCode: 'MA-500' };

/** The board's rows (organization, project, CoC) as the tests' exports configure them. */
export const boardOf = (over: Partial<Parameters<typeof boardRows>[0]> = {}) =>
  boardRows({
    ...ctx,
    organizationName: 'Board',
    geocode: '250001',
    operatingStartDate: '2025-01-01',
    userId: USER_ID,
    now: new Date('2025-04-01T00:00:00Z'),
    ...over,
  });

/** A whole export of some reports: board, user and export rows included. */
export function exportOf(...reports: HmisReport[]): ExportFiles {
  const files = Object.fromEntries(Object.keys(HMIS_CSV_FILES).map((f) => [f, []])) as unknown as ExportFiles;
  const push = (rows: ReportRows, reportId: string | null) => {
    for (const [file, list] of Object.entries(rows))
      for (const row of list) files[file as HmisFileName].push({ row, reportId });
  };
  for (const r of reports) push(reportRows(r, ctx), r.id);
  const now = new Date('2025-04-01T00:00:00Z');
  push(boardOf({ now }), null);
  files.User.push({
    row: userRow(
      { id: USER_ID, name: 'Ada Q Admin', email: 'a@example.org', createdAt: now, updatedAt: now },
      ctx.exportId,
    ),
    reportId: null,
  });
  files.User.push({ row: deletedUserRow(ctx.exportId, now), reportId: null });
  files.Export.push({
    row: {
      ExportID: ctx.exportId,
      SourceType: '2',
      ExportDate: '2025-04-01 00:00:00',
      ExportStartDate: '2025-01-01',
      ExportEndDate: '2025-03-31',
      SoftwareName: 'Portal',
      ExportPeriodType: '3',
      ExportDirective: '2',
      HashStatus: '1',
      ImplementationID: 'portal',
    },
    reportId: null,
  });
  return files;
}
