import {
  CURRENT_LIVING_SITUATIONS,
  DOB_DATA_QUALITY,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  SEX,
  SSN_DATA_QUALITY,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { HMIS_CSV_FILES, HMIS_LISTS, hmisCode, hmisHeader } from './spec';

// The header row of greenriver/hmis-warehouse's FY2026 importer fixture
// drivers/hmis_csv_importer/spec/fixtures/files/twenty_twenty_six/client_processing/source/Client.csv
const CLIENT_FIXTURE_HEADER =
  'PersonalID,FirstName,MiddleName,LastName,NameSuffix,NameDataQuality,SSN,SSNDataQuality,DOB,DOBDataQuality,Sex,AmIndAKNative,Asian,BlackAfAmerican,HispanicLatinao,MidEastNAfrican,NativeHIPacific,White,RaceNone,AdditionalRaceEthnicity,VeteranStatus,YearEnteredService,YearSeparated,WorldWarII,KoreanWar,VietnamWar,DesertStorm,AfghanistanOEF,IraqOIF,IraqOND,OtherTheater,MilitaryBranch,DischargeStatus,DateCreated,DateUpdated,UserID,DateDeleted,ExportID';

describe('HMIS CSV FY2026 specification module', () => {
  it('lists the 24 files of the format', () => {
    expect(Object.keys(HMIS_CSV_FILES)).toHaveLength(24);
    for (const name of ['Export', 'Client', 'Enrollment', 'Disabilities', 'IncomeBenefits', 'HealthAndDV', 'User'])
      expect(HMIS_CSV_FILES).toHaveProperty(name);
  });

  it('has the FY2026 Client columns exactly, Sex and no Gender', () => {
    expect(hmisHeader('Client').join(',')).toBe(CLIENT_FIXTURE_HEADER);
    expect(hmisHeader('Client')).not.toContain('Gender');
  });

  it('ends every file but Export with ExportID, and names no column twice', () => {
    for (const [name, columns] of Object.entries(HMIS_CSV_FILES)) {
      const names = columns.map((c) => c.name);
      expect(new Set(names).size, name).toBe(names.length);
      if (name !== 'Export') expect(names.at(-1), name).toBe('ExportID');
    }
  });

  it('names only lists it carries', () => {
    const lists = new Set(Object.keys(HMIS_LISTS));
    for (const columns of Object.values(HMIS_CSV_FILES))
      for (const c of columns as readonly { name: string; list?: string }[])
        if (c.list) expect(lists.has(c.list), c.name).toBe(true);
  });

  it('maps the wording of an answer to its code', () => {
    expect(hmisCode('1.8', 'Data not collected')).toBe(99);
    expect(hmisCode('3.02.2', 'Approximate or partial SSN reported')).toBe(2);
    expect(hmisCode('4.21', 'Female')).toBe(0);
    expect(hmisCode('4.12', 'Worker unable to determine')).toBe(37);
    expect(hmisCode('4.12', '')).toBeUndefined();
  });

  it("knows the code of every answer the intake's HMIS options offer", () => {
    const sets = [
      ['3.01.5', NAME_DATA_QUALITY],
      ['3.02.2', SSN_DATA_QUALITY],
      ['3.03.2', DOB_DATA_QUALITY],
      ['4.21', SEX],
      ['4.12', CURRENT_LIVING_SITUATIONS],
      ['1.8', MISSING_REASONS],
      ['1.6', MISSING_REASONS],
    ] as const;
    for (const [list, values] of sets) {
      for (const value of values) expect(hmisCode(list, value), `${list}: ${value}`).toBeDefined();
      expect(values.length, list).toBe(list === '1.8' ? 3 : Object.keys(HMIS_LISTS[list]).length);
    }
  });
});
