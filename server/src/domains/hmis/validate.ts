import { startsLikeFormula } from '@portal/contract';
import { SUBSTANCE_USE_DISORDER, type HmisRow } from './mapping';
import { HMIS_CSV_FILES, type HmisColumn, type HmisFileName, HMIS_LISTS, type HmisListCode } from './spec';

/**
 * Issue 17, part 3: every row checked against the HMIS CSV Format Specifications FY2026 before a
 * zip is made (the column rules of spec.ts), the relations between files, and the FY2026 HMIS
 * Data Standards' date and household rules an HMIS import enforces.
 */

/** A row of a file, and the report it came from (none for the board's own records). */
export interface SourcedRow {
  row: HmisRow;
  reportId: string | null;
}
export type ExportFiles = Record<HmisFileName, SourcedRow[]>;

export interface Problem {
  reportId: string | null;
  file: string;
  column: string;
  message: string;
}

/** Client.csv's name columns (HUD 3.01): carried exactly as the report has them. */
const CLIENT_NAME_COLUMNS = new Set(['FirstName', 'MiddleName', 'LastName', 'NameSuffix']);
/**
 * Issue 30, F8: the export keeps names exact, for the HMIS that imports them; a name a spreadsheet
 * would run as a formula (the file is opened in one too) is flagged instead. Intake refuses such
 * names now (the contract's report schema); reports filed before that are found here.
 */
export const HMIS_NAME_FORMULA =
  'Starts with =, +, -, @ or a control character, which a spreadsheet reads as a formula: correct the name, or leave the report out';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const INTEGER = /^-?\d+$/;
const MONEY = /^\d+(?:\.\d{1,2})?$/;

const isRealDate = (v: string) => {
  const d = new Date(`${v.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v.slice(0, 10);
};

/** Money columns kept as S50 in spec.ts (greenriver's storage) are HUD money (M) all the same. */
const isAmount = (file: HmisFileName, column: string) =>
  file === 'IncomeBenefits' && (column === 'TotalMonthlyIncome' || column.endsWith('Amount'));

/** What is wrong with one cell, or null. */
export function cellProblem(file: HmisFileName, column: HmisColumn, value: string, row: HmisRow): string | null {
  if (value === '') return column.required ? 'Required' : null;
  if (file === 'Client' && CLIENT_NAME_COLUMNS.has(column.name) && startsLikeFormula(value)) return HMIS_NAME_FORMULA;
  switch (column.type) {
    case 'S':
      if (column.max !== undefined && [...value].length > column.max) return `At most ${column.max} characters`;
      if (isAmount(file, column.name) && !MONEY.test(value)) return 'Not an amount (digits, at most two decimals)';
      break;
    case 'I':
      if (!INTEGER.test(value)) return 'Not a whole number';
      break;
    case 'M':
      if (!MONEY.test(value)) return 'Not an amount (digits, at most two decimals)';
      break;
    case 'D':
      if (!DATE.test(value) || !isRealDate(value)) return 'Not a date (YYYY-MM-DD)';
      break;
    case 'T':
      if (!TIMESTAMP.test(value) || !isRealDate(value)) return 'Not a timestamp (YYYY-MM-DD HH:MM:SS)';
      break;
  }
  const list = listOf(file, column, row);
  if (list && !Object.hasOwn(HMIS_LISTS[list], value)) return `Not a code of HUD list ${list}`;
  return null;
}

/** The list a cell's codes come from; substance use answers list 4.10.2, not 1.8. */
function listOf(file: HmisFileName, column: HmisColumn, row: HmisRow): HmisListCode | undefined {
  if (
    file === 'Disabilities' &&
    column.name === 'DisabilityResponse' &&
    row.DisabilityType === String(SUBSTANCE_USE_DISORDER)
  )
    return '4.10.2';
  return column.list as HmisListCode | undefined;
}

/** Every problem of an export, in file order. */
export function validateExport(files: ExportFiles): Problem[] {
  const problems: Problem[] = [];
  const add = (s: SourcedRow, file: string, column: string, message: string) =>
    problems.push({ reportId: s.reportId, file: `${file}.csv`, column, message });

  // The columns of every row: exactly the file's, each following its rule.
  for (const file of Object.keys(HMIS_CSV_FILES) as HmisFileName[]) {
    const columns = HMIS_CSV_FILES[file] as readonly HmisColumn[];
    const names = new Set(columns.map((c) => c.name));
    for (const s of files[file]) {
      for (const key of Object.keys(s.row)) if (!names.has(key)) add(s, file, key, 'Not a column of this file');
      for (const column of columns) {
        const problem = cellProblem(file, column, s.row[column.name] ?? '', s.row);
        if (problem) add(s, file, column.name, problem);
      }
    }
  }

  // Relations: what a row names exists.
  const ids = (file: HmisFileName, column: string) => new Set(files[file].map((s) => s.row[column]));
  const exportIds = ids('Export', 'ExportID');
  const users = ids('User', 'UserID');
  const projects = ids('Project', 'ProjectID');
  const organizations = ids('Organization', 'OrganizationID');
  const clients = ids('Client', 'PersonalID');
  const enrollments = new Map(files.Enrollment.map((s) => [s.row.EnrollmentID, s.row]));
  if (exportIds.size !== 1)
    problems.push({ reportId: null, file: 'Export.csv', column: 'ExportID', message: 'Needs exactly one export row' });

  for (const file of Object.keys(HMIS_CSV_FILES) as HmisFileName[]) {
    for (const s of files[file]) {
      const r = s.row;
      if (file !== 'Export' && !exportIds.has(r.ExportID)) add(s, file, 'ExportID', 'Not the ExportID of Export.csv');
      if (r.UserID !== undefined && file !== 'User' && !users.has(r.UserID))
        add(s, file, 'UserID', 'No such user in User.csv');
      if (file === 'Project' && !organizations.has(r.OrganizationID))
        add(s, file, 'OrganizationID', 'No such organization in Organization.csv');
      if (file !== 'Project' && r.ProjectID !== undefined && !projects.has(r.ProjectID))
        add(s, file, 'ProjectID', 'No such project in Project.csv');
      if (file === 'Enrollment' && !clients.has(r.PersonalID))
        add(s, file, 'PersonalID', 'No such client in Client.csv');
      if (file !== 'Enrollment' && r.EnrollmentID !== undefined) {
        const enrollment = enrollments.get(r.EnrollmentID);
        if (!enrollment) add(s, file, 'EnrollmentID', 'No such enrollment in Enrollment.csv');
        else if (enrollment.PersonalID !== r.PersonalID) add(s, file, 'PersonalID', "Not the enrollment's client");
        else if (r.InformationDate && r.InformationDate < (enrollment.EntryDate ?? ''))
          add(s, file, 'InformationDate', 'Before the project start date (EntryDate)');
      }
    }
  }

  // Data standards: 3.15 one head of household per household; 3.03 DOB and 4.13 engagement
  // against the project start.
  const heads = new Map<string, number>();
  for (const s of files.Enrollment) {
    const r = s.row;
    const household = r.HouseholdID ?? '';
    heads.set(household, (heads.get(household) ?? 0) + (r.RelationshipToHoH === '1' ? 1 : 0));
    if (r.DateOfEngagement && r.DateOfEngagement < (r.EntryDate ?? ''))
      add(s, 'Enrollment', 'DateOfEngagement', 'Before the project start date (EntryDate)');
  }
  for (const s of files.Enrollment)
    if (heads.get(s.row.HouseholdID ?? '') !== 1)
      add(s, 'Enrollment', 'RelationshipToHoH', 'The household needs exactly one head of household (Self)');
  const entries = new Map(files.Enrollment.map((s) => [s.row.PersonalID, s.row.EntryDate ?? '']));
  for (const s of files.Client) {
    const entry = entries.get(s.row.PersonalID);
    if (s.row.DOB && entry && s.row.DOB > entry) add(s, 'Client', 'DOB', 'After the project start date (EntryDate)');
  }
  return problems;
}
