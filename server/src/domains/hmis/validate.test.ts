import { reportFields } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { exportOf, USER_ID } from '../../../test/hmis';
import { fullReport } from '../../../test/reports';
import type { HmisReport } from './mapping';
import type { HmisFileName } from './spec';
import { type ExportFiles, validateExport } from './validate';

/**
 * validateExport on crafted files: an export as buildExport gathers it (mapping.ts's rows), then
 * one thing broken, and the problems it must name (and only those).
 */

const REPORT_ID = '0b7e4c1a-58f2-4b7e-9c1d-2f6a3e5d7c90';

const fields = (overrides: Record<string, unknown> = {}) => reportFields.parse({ ...fullReport(), ...overrides });
const report = (f = fields()): HmisReport => ({
  id: REPORT_ID,
  userId: USER_ID,
  createdAt: new Date('2025-03-04T10:20:30Z'),
  fields: f,
});

const first = (files: ExportFiles, file: HmisFileName) => files[file][0]!.row;
const problem = (file: string, column: string, message: string, reportId: string | null = REPORT_ID) => ({
  reportId,
  file,
  column,
  message,
});

describe('validateExport', () => {
  it('passes the export of a full report', () => {
    expect(validateExport(exportOf(report()))).toEqual([]);
  });

  it("checks IncomeBenefits' amounts as HUD money, TotalMonthlyIncome included", () => {
    const files = exportOf(report());
    const income = first(files, 'IncomeBenefits');
    expect(income).toMatchObject({ TotalMonthlyIncome: '943.50', OtherIncomeAmount: '288.50' });
    income.TotalMonthlyIncome = '$943.50';
    income.OtherIncomeAmount = '288.505';
    income.SSIAmount = '300';
    income.SSDIAmount = '200.5';
    const money = 'Not an amount (digits, at most two decimals)';
    expect(validateExport(files)).toEqual([
      problem('IncomeBenefits.csv', 'TotalMonthlyIncome', money),
      problem('IncomeBenefits.csv', 'OtherIncomeAmount', money),
    ]);
  });

  it('checks timestamps: the format YYYY-MM-DD HH:MM:SS and a real day', () => {
    const files = exportOf(report());
    first(files, 'Client').DateCreated = '2025-02-30 10:20:30';
    first(files, 'Client').DateUpdated = '2025-03-04T10:20:30';
    first(files, 'Enrollment').DateUpdated = '2025-03-04';
    first(files, 'Export').ExportDate = '2025-04-01 00:00';
    const timestamp = 'Not a timestamp (YYYY-MM-DD HH:MM:SS)';
    expect(validateExport(files)).toEqual([
      problem('Export.csv', 'ExportDate', timestamp, null),
      problem('Client.csv', 'DateCreated', timestamp),
      problem('Client.csv', 'DateUpdated', timestamp),
      problem('Enrollment.csv', 'DateUpdated', timestamp),
    ]);
  });

  it('needs exactly one Export.csv row', () => {
    const files = exportOf(report());
    files.Export.push({ row: { ...first(files, 'Export'), ExportID: 'f'.repeat(32) }, reportId: null });
    expect(validateExport(files)).toEqual([problem('Export.csv', 'ExportID', 'Needs exactly one export row', null)]);

    files.Export = [];
    const problems = validateExport(files);
    expect(problems[0]).toEqual(problem('Export.csv', 'ExportID', 'Needs exactly one export row', null));
    // Every other row then names an export that is not in the file.
    expect(problems).toContainEqual(problem('Client.csv', 'ExportID', 'Not the ExportID of Export.csv'));
  });

  it('finds a project of an unknown organization and records of an unknown project', () => {
    const files = exportOf(report());
    first(files, 'Project').OrganizationID = 'org-elsewhere';
    first(files, 'Enrollment').ProjectID = 'so-2';
    first(files, 'HMISParticipation').ProjectID = 'so-3';
    expect(validateExport(files)).toEqual([
      problem('Project.csv', 'OrganizationID', 'No such organization in Organization.csv', null),
      problem('HMISParticipation.csv', 'ProjectID', 'No such project in Project.csv', null),
      problem('Enrollment.csv', 'ProjectID', 'No such project in Project.csv'),
    ]);
  });

  it('finds a record of a user User.csv does not hold', () => {
    const files = exportOf(report());
    first(files, 'Organization').UserID = 'someone';
    first(files, 'Disabilities').UserID = 'someone';
    expect(validateExport(files)).toEqual([
      problem('Organization.csv', 'UserID', 'No such user in User.csv', null),
      problem('Disabilities.csv', 'UserID', 'No such user in User.csv'),
    ]);
  });

  it('checks the substance use answer against list 4.10.2, which has no 4', () => {
    const files = exportOf(report());
    files.Disabilities.find((d) => d.row.DisabilityType === '10')!.row.DisabilityResponse = '4';
    expect(validateExport(files)).toEqual([
      problem('Disabilities.csv', 'DisabilityResponse', 'Not a code of HUD list 4.10.2'),
    ]);
  });

  it('flags a formula-like start in the client name columns only; other cells keep their own rule', () => {
    const files = exportOf(report());
    first(files, 'CurrentLivingSituation').LocationDetails = '@ the library steps - north side';
    first(files, 'User').UserFirstName = '-Ada';
    expect(validateExport(files)).toEqual([]);

    first(files, 'Client').DOB = '-1980-04-12';
    first(files, 'Client').VeteranStatus = '-1';
    expect(validateExport(files)).toEqual([
      problem('Client.csv', 'DOB', 'Not a date (YYYY-MM-DD)'),
      problem('Client.csv', 'VeteranStatus', 'Not a code of HUD list 1.8'),
    ]);
  });

  it.each([
    ['empty', ''],
    ['missing', undefined],
  ])(
    'names an enrollment whose EntryDate is %s once, and compares no date of its client with it',
    (_how, entryDate) => {
      const files = exportOf(report());
      const enrollment = first(files, 'Enrollment');
      if (entryDate === undefined) delete enrollment.EntryDate;
      else enrollment.EntryDate = entryDate;
      // DOB, DateOfEngagement and every InformationDate are set: none is "before" or "after" nothing.
      expect(first(files, 'Client').DOB).toBe('1980-04-12');
      expect(enrollment.DateOfEngagement).toBe('2025-03-02');
      expect(validateExport(files)).toEqual([problem('Enrollment.csv', 'EntryDate', 'Required')]);
    },
  );

  it('names an enrollment without its HouseholdID column once, and counts its head of household all the same', () => {
    const files = exportOf(report());
    delete first(files, 'Enrollment').HouseholdID;
    expect(validateExport(files)).toEqual([problem('Enrollment.csv', 'HouseholdID', 'Required')]);
  });

  it('takes a client born on the day of entry, and engaged on that day', () => {
    const f = fields({
      dob: '2025-03-01',
      projectStartDate: '2025-03-01',
      hmis: { ...fullReport().hmis, contactDate: '2025-03-01', dateOfEngagement: '2025-03-01' },
    });
    const files = exportOf(report(f));
    expect(first(files, 'Client').DOB).toBe('2025-03-01');
    expect(first(files, 'Enrollment')).toMatchObject({ EntryDate: '2025-03-01', DateOfEngagement: '2025-03-01' });
    expect(validateExport(files)).toEqual([]);
  });
});
