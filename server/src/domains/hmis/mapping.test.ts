import { createHash } from 'node:crypto';
import {
  CURRENT_LIVING_SITUATIONS,
  DOB_DATA_QUALITY,
  MISSING_REASONS,
  NAME_DATA_QUALITY,
  reportFields,
  SEX,
  SSN_DATA_QUALITY,
} from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { boardOf, ctx, exportOf, USER_ID } from '../../../test/hmis';
import { fullReport } from '../../../test/reports';
import { boardRows, DELETED_USER_ID, type HmisReport, hmisId, type ReportRows, reportRows, userRow } from './mapping';
import { type HmisFileName, hmisCode, hmisHeader } from './spec';
import { validateExport } from './validate';

const REPORT_ID = '0b7e4c1a-58f2-4b7e-9c1d-2f6a3e5d7c90';
const FILED = new Date('2025-03-04T10:20:30.456Z');

const fields = (overrides: Record<string, unknown> = {}) => reportFields.parse({ ...fullReport(), ...overrides });
const hmisOf = (overrides: Record<string, unknown>) => ({ ...fullReport().hmis, ...overrides });
const report = (f = fields(), id = REPORT_ID): HmisReport => ({ id, userId: USER_ID, createdAt: FILED, fields: f });
const rowsOf = (f = fields()) => reportRows(report(f), ctx);
const one = (rows: ReportRows, file: HmisFileName) => rows[file]![0]!;

describe('HMIS mapping of one report', () => {
  it('fills exactly the columns of each file, in every file a report writes to', () => {
    const rows = rowsOf();
    expect(Object.keys(rows).sort()).toEqual(
      ['Client', 'CurrentLivingSituation', 'Disabilities', 'Enrollment', 'HealthAndDV', 'IncomeBenefits'].sort(),
    );
    for (const [file, list] of Object.entries(rows))
      for (const row of list) expect(Object.keys(row).sort(), file).toEqual(hmisHeader(file as HmisFileName).sort());
    const board = boardRows({
      ...ctx,
      organizationName: 'B',
      geocode: '250001',
      operatingStartDate: '2025-01-01',
      userId: USER_ID,
      now: FILED,
    });
    for (const [file, list] of Object.entries(board))
      for (const row of list) expect(Object.keys(row).sort(), file).toEqual(hmisHeader(file as HmisFileName).sort());
  });

  it('maps the client: names, SSN, DOB, data quality, sex, race and ethnicity, veteran status', () => {
    const client = one(rowsOf(), 'Client');
    expect(client).toMatchObject({
      PersonalID: REPORT_ID.replaceAll('-', ''),
      FirstName: 'Jordan',
      LastName: 'Rivers',
      NameDataQuality: '1',
      SSN: '372814455',
      SSNDataQuality: '1',
      DOB: '1980-04-12',
      DOBDataQuality: '1',
      Sex: '9',
      AmIndAKNative: '0',
      Asian: '1',
      BlackAfAmerican: '0',
      HispanicLatinao: '0',
      MidEastNAfrican: '0',
      NativeHIPacific: '0',
      White: '1',
      RaceNone: '',
      VeteranStatus: '0',
      DateCreated: '2025-03-04 10:20:30',
      DateUpdated: '2025-03-04 10:20:30',
      UserID: USER_ID.replaceAll('-', ''),
      ExportID: ctx.exportId,
    });
    expect(one(rowsOf(fields({ ethnicity: 'Hispanic/Latin' })), 'Client').HispanicLatinao).toBe('1');
  });

  it('writes a partial SSN with x for unknown digits, and data quality 2', () => {
    const partial = fields({
      ssn: 'xxx-x5-4455',
      hmis: hmisOf({ ssnDataQuality: 'Approximate or partial SSN reported' }),
    });
    expect(one(rowsOf(partial), 'Client')).toMatchObject({ SSN: 'xxxx54455', SSNDataQuality: '2' });
    // An older report without data quality: told apart by its x.
    const older = { ...partial, hmis: { ...partial.hmis, ssnDataQuality: '' as const } };
    expect(one(rowsOf(older), 'Client').SSNDataQuality).toBe('2');
  });

  it.each(MISSING_REASONS.map((reason, i) => [reason, ['8', '9', '99'][i]!]))(
    "writes %s as its code wherever the client didn't answer",
    (reason, code) => {
      const f = fields({
        ssn: '',
        dob: '',
        veteran: '',
        race: [],
        ethnicity: '',
        disablingCondition: '',
        disabilityType: {},
        medicalInsurance: '',
        sourceOfHealthInsurance: [],
        income: { hasIncome: '', totalMonthlyIncome: null, sources: {} },
        nonCashBenefits: { hasNonCashBenefits: '', sources: [] },
        domesticViolence: { isVictim: '', whenOccurred: '', currentlyFleeing: '' },
        hmis: hmisOf({
          firstName: '',
          lastName: '',
          nameDataQuality: reason,
          ssnDataQuality: reason,
          dobDataQuality: reason,
          sex: reason,
          veteranMissing: reason,
          disablingConditionMissing: reason,
          raceEthnicityMissing: reason,
          healthInsuranceMissing: reason,
          incomeMissing: reason,
          nonCashBenefitsMissing: reason,
          domesticViolenceMissing: reason,
          currentLivingSituation: reason,
        }),
      });
      const rows = rowsOf(f);
      expect(one(rows, 'Client')).toMatchObject({
        NameDataQuality: code,
        SSN: '',
        SSNDataQuality: code,
        DOB: '',
        DOBDataQuality: code,
        Sex: code,
        RaceNone: code,
        VeteranStatus: code,
      });
      expect(one(rows, 'Enrollment').DisablingCondition).toBe(code);
      expect(rows.Disabilities!.map((d) => d.DisabilityResponse)).toEqual(Array(6).fill(code));
      expect(one(rows, 'IncomeBenefits')).toMatchObject({
        IncomeFromAnySource: code,
        BenefitsFromAnySource: code,
        InsuranceFromAnySource: code,
        Earned: '',
        SNAP: '',
        Medicaid: '',
      });
      // Not a survivor (as far as is known): when and fleeing are not asked.
      expect(one(rows, 'HealthAndDV')).toMatchObject({
        DomesticViolenceSurvivor: code,
        WhenOccurred: '',
        CurrentlyFleeing: '',
      });
      expect(one(rows, 'CurrentLivingSituation').CurrentLivingSituation).toBe(code);
      expect(validateExport(exportOf(report(f)))).toEqual([]);
    },
  );

  it('writes 99 "Data not collected" for a question the report never answered', () => {
    const f = fields({
      veteran: '',
      race: [],
      ethnicity: '',
      stayDuration: '',
      numTimesHomelessPast3Years: '',
      totalMonthsHomelessPast3Years: null,
      residencePriorToProjectEntry: '',
      homelessSituation: '',
      institutionalSituation: '',
      transitionHousingSituation: '',
      hmis: hmisOf({
        sex: '',
        nameDataQuality: '',
        firstName: '',
        lastName: '',
        currentLivingSituation: '',
        contactDate: '',
      }),
    });
    const rows = rowsOf(f);
    expect(one(rows, 'Client')).toMatchObject({
      NameDataQuality: '99',
      Sex: '99',
      RaceNone: '99',
      VeteranStatus: '99',
    });
    expect(one(rows, 'Enrollment')).toMatchObject({
      LivingSituation: '99',
      LengthOfStay: '99',
      TimesHomelessPastThreeYears: '99',
      MonthsHomelessPastThreeYears: '99',
    });
    expect(one(rows, 'CurrentLivingSituation')).toMatchObject({
      CurrentLivingSituation: '99',
      InformationDate: '2025-03-01',
    });
  });

  it('maps the enrollment: entry, household, prior living situation, homelessness history, engagement', () => {
    const e = one(rowsOf(), 'Enrollment');
    expect(e).toMatchObject({
      EnrollmentID: hmisId('Enrollment', REPORT_ID),
      PersonalID: REPORT_ID.replaceAll('-', ''),
      ProjectID: 'so-1',
      EntryDate: '2025-03-01',
      HouseholdID: hmisId('Household', REPORT_ID),
      RelationshipToHoH: '1',
      EnrollmentCoC: 'MA-500',
      // The homeless situation is the most precise answer: a place not meant for habitation.
      LivingSituation: '116',
      RentalSubsidyType: '',
      LengthOfStay: '3',
      DateToStreetESSH: '2024-11-15',
      TimesHomelessPastThreeYears: '4',
      MonthsHomelessPastThreeYears: '113',
      DisablingCondition: '1',
      DateOfEngagement: '2025-03-02',
    });
    const rental = fields({
      homelessSituation: '',
      institutionalSituation: '',
      transitionHousingSituation: 'RentalByClientVASH',
    });
    expect(one(rowsOf(rental), 'Enrollment')).toMatchObject({ LivingSituation: '435', RentalSubsidyType: '419' });
    const coarse = fields({ homelessSituation: '', institutionalSituation: '', transitionHousingSituation: '' });
    expect(one(rowsOf(coarse), 'Enrollment').LivingSituation).toBe('207');
    // Without a project start: the first contact, else the engagement, else the day it was filed.
    const noStart = fields({ projectStartDate: '' });
    expect(one(rowsOf(noStart), 'Enrollment').EntryDate).toBe('2025-03-01');
    const engaged = fields({ projectStartDate: '', hmis: hmisOf({ contactDate: '' }) });
    expect(one(rowsOf(engaged), 'Enrollment').EntryDate).toBe('2025-03-02');
    const bare = fields({ projectStartDate: '', hmis: hmisOf({ contactDate: '', dateOfEngagement: '' }) });
    expect(one(rowsOf(bare), 'Enrollment').EntryDate).toBe('2025-03-04');
    expect(one(rowsOf(fields({ relationshipToHead: 'Child' })), 'Enrollment')).toMatchObject({
      RelationshipToHoH: '2',
      EnrollmentCoC: '',
    });
  });

  it.each([
    ['OneDayOrLess', '10'],
    ['TwoDaysToOneWeek', '11'],
    ['MoreThanOneWeek', '2'],
    ['OneToThreeMonths', '3'],
    ['MoreThanThreeMonths', '4'],
    ['OneYearOrLonger', '5'],
  ])('maps stay duration %s to LengthOfStay %s', (stayDuration, code) => {
    expect(one(rowsOf(fields({ stayDuration })), 'Enrollment').LengthOfStay).toBe(code);
  });

  it.each([
    ['0', '1'],
    ['1', '1'],
    ['2', '2'],
    ['3', '3'],
    ['4OrMore', '4'],
  ])('counts times homeless %s (including today) as %s', (times, code) => {
    expect(one(rowsOf(fields({ numTimesHomelessPast3Years: times })), 'Enrollment').TimesHomelessPastThreeYears).toBe(
      code,
    );
  });

  it.each([
    [0, '101'],
    [1, '101'],
    [12, '112'],
    [13, '113'],
    [36, '113'],
  ])('counts %s months homeless as %s', (months, code) => {
    expect(
      one(rowsOf(fields({ totalMonthsHomelessPast3Years: months })), 'Enrollment').MonthsHomelessPastThreeYears,
    ).toBe(code);
  });

  it('writes one disability row per HUD type, substance use as alcohol, drug or both', () => {
    const byType = (f = fields()) =>
      Object.fromEntries(rowsOf(f).Disabilities!.map((d) => [d.DisabilityType, d.DisabilityResponse]));
    // fullReport: alcohol, drug, chronic health, HIV/AIDS and mental health.
    expect(byType()).toEqual({ '5': '0', '6': '0', '7': '1', '8': '1', '9': '1', '10': '3' });
    const flags = { ...fullReport().disabilityType, drugUseDisorder: false };
    expect(byType(fields({ disabilityType: flags }))['10']).toBe('1');
    expect(
      byType(fields({ disabilityType: { ...flags, alcoholUseDisorder: false, drugUseDisorder: true } }))['10'],
    ).toBe('2');
    expect(
      byType(fields({ disabilityType: { ...flags, alcoholUseDisorder: false, bothAlcoholAndDrug: true } }))['10'],
    ).toBe('3');
    expect(byType(fields({ disabilityType: {}, disablingCondition: 'No' }))).toEqual({
      '5': '0',
      '6': '0',
      '7': '0',
      '8': '0',
      '9': '0',
      '10': '0',
    });
    const rows = rowsOf().Disabilities!;
    expect(new Set(rows.map((d) => d.DisabilitiesID)).size).toBe(6);
    expect(rows.every((d) => d.InformationDate === '2025-03-01' && d.DataCollectionStage === '1')).toBe(true);
  });

  it('maps income, non-cash benefits and health insurance with amounts', () => {
    const ib = one(rowsOf(), 'IncomeBenefits');
    expect(ib).toMatchObject({
      IncomeFromAnySource: '1',
      TotalMonthlyIncome: '943.50',
      Earned: '1',
      EarnedAmount: '100.00',
      Unemployment: '0',
      UnemploymentAmount: '0.00',
      SSI: '1',
      SSIAmount: '300.00',
      SSDI: '1',
      SSDIAmount: '200.00',
      VADisabilityNonService: '1',
      VADisabilityNonServiceAmount: '7.00',
      OtherIncomeSource: '1',
      OtherIncomeAmount: '288.50',
      BenefitsFromAnySource: '1',
      SNAP: '1',
      WIC: '0',
      TANFChildCare: '0',
      TANFTransportation: '0',
      OtherTANF: '1',
      OtherBenefitsSource: '0',
      InsuranceFromAnySource: '1',
      Medicaid: '1',
      Medicare: '0',
      VHAServices: '1',
      OtherInsurance: '1',
      OtherInsuranceIdentify: 'County plan',
      DataCollectionStage: '1',
    });
  });

  it('maps domestic violence, asking when and fleeing of survivors only', () => {
    expect(one(rowsOf(), 'HealthAndDV')).toMatchObject({
      DomesticViolenceSurvivor: '1',
      WhenOccurred: '2',
      CurrentlyFleeing: '0',
    });
    for (const [when, code] of [
      ['Within3Months', '1'],
      ['6To12Months', '3'],
      ['MoreThan12Months', '4'],
    ])
      expect(
        one(
          rowsOf(fields({ domesticViolence: { isVictim: 'Yes', whenOccurred: when, currentlyFleeing: 'Yes' } })),
          'HealthAndDV',
        ),
      ).toMatchObject({ WhenOccurred: code, CurrentlyFleeing: '1' });
    const notAsked = fields({ domesticViolence: { isVictim: 'Yes', whenOccurred: '', currentlyFleeing: '' } });
    expect(one(rowsOf(notAsked), 'HealthAndDV')).toMatchObject({ WhenOccurred: '99', CurrentlyFleeing: '99' });
    const no = fields({ domesticViolence: { isVictim: 'No', whenOccurred: '', currentlyFleeing: '' } });
    expect(one(rowsOf(no), 'HealthAndDV')).toMatchObject({
      DomesticViolenceSurvivor: '0',
      WhenOccurred: '',
      CurrentlyFleeing: '',
    });
  });

  it('writes the contact: date, living situation by HUD code, location cut to 250 characters', () => {
    const cls = one(rowsOf(fields({ clientLocation: 'ü'.repeat(300) })), 'CurrentLivingSituation');
    expect(cls).toMatchObject({ InformationDate: '2025-03-01', CurrentLivingSituation: '116' });
    expect([...cls.LocationDetails!]).toHaveLength(250);
  });

  it('knows a code for every answer of the HMIS options', () => {
    for (const [list, values] of [
      ['3.01.5', NAME_DATA_QUALITY],
      ['3.02.2', SSN_DATA_QUALITY],
      ['3.03.2', DOB_DATA_QUALITY],
      ['4.21', SEX],
      ['4.12', CURRENT_LIVING_SITUATIONS],
    ] as const)
      for (const v of values) {
        const f = fields({
          hmis: hmisOf({ currentLivingSituation: list === '4.12' ? v : '', sex: list === '4.21' ? v : '' }),
        });
        if (list === '4.12')
          expect(one(rowsOf(f), 'CurrentLivingSituation').CurrentLivingSituation).toBe(String(hmisCode(list, v)));
        if (list === '4.21') expect(one(rowsOf(f), 'Client').Sex).toBe(String(hmisCode(list, v)));
      }
  });

  it('keeps every id stable from one export to the next, and apart between reports', () => {
    const a = rowsOf();
    const b = reportRows(report(), { ...ctx, exportId: 'f'.repeat(32) });
    for (const file of ['Client', 'Enrollment', 'IncomeBenefits', 'HealthAndDV', 'CurrentLivingSituation'] as const) {
      const idColumn = hmisHeader(file)[0]!;
      expect(one(a, file)[idColumn]).toBe(one(b, file)[idColumn]);
      expect(one(a, file)[idColumn]).toHaveLength(32);
    }
    const other = reportRows(report(fields(), '1b7e4c1a-58f2-4b7e-9c1d-2f6a3e5d7c90'), ctx);
    expect(one(other, 'Enrollment').EnrollmentID).not.toBe(one(a, 'Enrollment').EnrollmentID);
  });

  it('names the stand-in user for a report whose author is gone', () => {
    const rows = reportRows({ ...report(), userId: null }, ctx);
    expect(one(rows, 'Client').UserID).toBe(DELETED_USER_ID);
    expect(validateExport(exportOf({ ...report(), userId: null }))).toEqual([]);
  });
});

describe('HMIS mapping: what the portal does not collect, ids, edge answers', () => {
  const board = (over: Partial<Parameters<typeof boardRows>[0]> = {}) => boardOf({ now: FILED, ...over });

  it("leaves empty the columns the portal doesn't collect", () => {
    const rows = rowsOf();
    expect(one(rows, 'Client')).toMatchObject({ MiddleName: '', NameSuffix: '', AdditionalRaceEthnicity: '' });
    expect(one(rows, 'IncomeBenefits')).toMatchObject({
      OtherIncomeSourceIdentify: '',
      OtherBenefitsSourceIdentify: '',
    });
    const b = board();
    expect(one(b, 'Organization').OrganizationCommonName).toBe('');
    expect(one(b, 'Project')).toMatchObject({ ProjectCommonName: '', OperatingEndDate: '', TargetPopulation: '4' });
  });

  it('derives each record id as the first 32 hex digits of SHA-256 of "<kind>:<id>", the same in every export', () => {
    const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);
    const rows = rowsOf();
    expect(one(rows, 'IncomeBenefits').IncomeBenefitsID).toBe(sha(`IncomeBenefits:${REPORT_ID}`));
    expect(one(rows, 'HealthAndDV').HealthAndDVID).toBe(sha(`HealthAndDV:${REPORT_ID}`));
    expect(one(rows, 'CurrentLivingSituation').CurrentLivingSitID).toBe(sha(`CurrentLivingSituation:${REPORT_ID}`));
    expect(one(rows, 'Enrollment').EnrollmentID).toBe(sha(`Enrollment:${REPORT_ID}`));
    const b = board();
    expect(one(b, 'HMISParticipation').HMISParticipationID).toBe(sha('HMISParticipation:so-1'));
    expect(one(b, 'ProjectCoC').ProjectCoCID).toBe(sha('ProjectCoC:so-1'));
  });

  it('writes ProjectCoC only when both the CoC code and the geocode are set, and a Continuum Project only with a CoC', () => {
    expect(one(board(), 'ProjectCoC')).toMatchObject({ ProjectID: 'so-1', CoCCode: 'MA-500', Geocode: '250001' });
    expect(one(board(), 'Project').ContinuumProject).toBe('1');
    expect(board({ geocode: undefined }).ProjectCoC).toBeUndefined();
    const noCoc = board({ cocCode: undefined });
    expect(noCoc.ProjectCoC).toBeUndefined();
    expect(one(noCoc, 'Project').ContinuumProject).toBe('0');
    expect(board({ cocCode: undefined, geocode: undefined }).ProjectCoC).toBeUndefined();
  });

  it('leaves EnrollmentCoC empty without a configured CoC', () => {
    expect(one(reportRows(report(), { ...ctx, cocCode: undefined }), 'Enrollment').EnrollmentCoC).toBe('');
  });

  it('starts the enrollment at the earliest of contact, engagement and filing, whichever order they were met in', () => {
    const f = fields({
      projectStartDate: '',
      hmis: hmisOf({ contactDate: '2025-03-03', dateOfEngagement: '2025-03-02' }),
    });
    expect(one(rowsOf(f), 'Enrollment').EntryDate).toBe('2025-03-02');
    const late = fields({ projectStartDate: '', hmis: hmisOf({ contactDate: '', dateOfEngagement: '2025-03-09' }) });
    expect(one(rowsOf(late), 'Enrollment').EntryDate).toBe('2025-03-04');
  });

  it('sets no race column for a stored race the intake no longer offers', () => {
    // openRow does not re-parse a stored report: an older wording reaches the mapping as it was stored.
    const client = one(rowsOf({ ...fields(), race: ['Middle Eastern', 'White'] as never }), 'Client');
    expect(Object.keys(client).sort()).toEqual(hmisHeader('Client').sort());
    expect(client).toMatchObject({ MidEastNAfrican: '0', White: '1', Asian: '0' });
  });

  it("tells an older report's SSN data quality by the SSN itself: full 1, partial 2, none 99", () => {
    const older = (ssn: string) => ({ ...fields(), ssn, hmis: { ...fields().hmis, ssnDataQuality: '' as const } });
    expect(one(rowsOf(older('372-81-4455')), 'Client').SSNDataQuality).toBe('1');
    expect(one(rowsOf(older('xxx-x1-4455')), 'Client').SSNDataQuality).toBe('2');
    expect(one(rowsOf(older('')), 'Client').SSNDataQuality).toBe('99');
  });

  it('answers every disability type once one flag is set, even with "Disabling condition" unanswered', () => {
    const f = fields({ disablingCondition: '', disabilityType: { hivAids: true } });
    const byType = Object.fromEntries(rowsOf(f).Disabilities!.map((d) => [d.DisabilityType, d.DisabilityResponse]));
    expect(byType).toEqual({ '5': '0', '6': '0', '7': '0', '8': '1', '9': '0', '10': '0' });
  });

  it("writes a survivor's reason for not knowing when it occurred", () => {
    const f = fields({
      domesticViolence: { isVictim: 'Yes', whenOccurred: '', currentlyFleeing: 'Yes' },
      hmis: hmisOf({ domesticViolenceWhenMissing: "Client doesn't know" }),
    });
    expect(one(rowsOf(f), 'HealthAndDV')).toMatchObject({ WhenOccurred: '8', CurrentlyFleeing: '1' });
  });

  it("splits a user's name on any run of whitespace, first word first, and cuts each part at 50 characters", () => {
    const user = (name: string) =>
      userRow({ id: USER_ID, name, email: 'u@example.org', createdAt: FILED, updatedAt: FILED }, ctx.exportId);
    expect(user('  Ada \t Quinn   Admin  ')).toMatchObject({ UserFirstName: 'Ada', UserLastName: 'Quinn Admin' });
    expect(user('Cher')).toMatchObject({ UserFirstName: 'Cher', UserLastName: '' });
    const long = user(`${'A'.repeat(60)} ${'B'.repeat(30)} ${'C'.repeat(30)}`);
    expect(long.UserFirstName).toBe('A'.repeat(50));
    expect(long.UserLastName).toBe(`${'B'.repeat(30)} ${'C'.repeat(19)}`);
  });
});

describe('HMIS export validation', () => {
  it('passes a full export', () => {
    expect(validateExport(exportOf(report()))).toEqual([]);
  });

  it('finds a missing required value, a wrong code, a bad date and an over-long text', () => {
    const files = exportOf(report());
    const client = files.Client[0]!.row;
    client.NameDataQuality = '';
    client.Sex = '7';
    client.DOB = '1980-02-30';
    client.FirstName = 'x'.repeat(51);
    files.Enrollment[0]!.row.MonthsHomelessPastThreeYears = 'twelve';
    files.IncomeBenefits[0]!.row.EarnedAmount = '1,000';
    const problems = validateExport(files);
    expect(problems).toEqual(
      expect.arrayContaining([
        { reportId: REPORT_ID, file: 'Client.csv', column: 'NameDataQuality', message: 'Required' },
        { reportId: REPORT_ID, file: 'Client.csv', column: 'Sex', message: 'Not a code of HUD list 4.21' },
        { reportId: REPORT_ID, file: 'Client.csv', column: 'DOB', message: 'Not a date (YYYY-MM-DD)' },
        { reportId: REPORT_ID, file: 'Client.csv', column: 'FirstName', message: 'At most 50 characters' },
        {
          reportId: REPORT_ID,
          file: 'Enrollment.csv',
          column: 'MonthsHomelessPastThreeYears',
          message: 'Not a whole number',
        },
        {
          reportId: REPORT_ID,
          file: 'IncomeBenefits.csv',
          column: 'EarnedAmount',
          message: 'Not an amount (digits, at most two decimals)',
        },
      ]),
    );
    expect(problems).toHaveLength(6);
  });

  it('checks substance use against list 4.10.2 and the other disabilities against 1.8', () => {
    const files = exportOf(report());
    const substance = files.Disabilities.find((d) => d.row.DisabilityType === '10')!;
    substance.row.DisabilityResponse = '3';
    const physical = files.Disabilities.find((d) => d.row.DisabilityType === '5')!;
    physical.row.DisabilityResponse = '3';
    expect(validateExport(files)).toEqual([
      {
        reportId: REPORT_ID,
        file: 'Disabilities.csv',
        column: 'DisabilityResponse',
        message: 'Not a code of HUD list 1.8',
      },
    ]);
  });

  it('finds broken relations: an enrollment without its client, a record of another client, an unknown user', () => {
    const files = exportOf(report());
    files.Client = [];
    files.HealthAndDV[0]!.row.PersonalID = 'someone-else';
    files.IncomeBenefits[0]!.row.UserID = 'nobody';
    files.CurrentLivingSituation[0]!.row.EnrollmentID = 'nothing';
    expect(validateExport(files)).toEqual([
      { reportId: REPORT_ID, file: 'Enrollment.csv', column: 'PersonalID', message: 'No such client in Client.csv' },
      { reportId: REPORT_ID, file: 'IncomeBenefits.csv', column: 'UserID', message: 'No such user in User.csv' },
      { reportId: REPORT_ID, file: 'HealthAndDV.csv', column: 'PersonalID', message: "Not the enrollment's client" },
      {
        reportId: REPORT_ID,
        file: 'CurrentLivingSituation.csv',
        column: 'EnrollmentID',
        message: 'No such enrollment in Enrollment.csv',
      },
    ]);
  });

  it('applies the data standards: one head of household, DOB and engagement against the project start', () => {
    const f = fields({
      relationshipToHead: 'Child',
      dob: '2025-03-02',
      hmis: hmisOf({ dateOfEngagement: '2025-02-28', contactDate: '2025-02-27' }),
    });
    expect(validateExport(exportOf(report(f)))).toEqual([
      {
        reportId: REPORT_ID,
        file: 'CurrentLivingSituation.csv',
        column: 'InformationDate',
        message: 'Before the project start date (EntryDate)',
      },
      {
        reportId: REPORT_ID,
        file: 'Enrollment.csv',
        column: 'DateOfEngagement',
        message: 'Before the project start date (EntryDate)',
      },
      {
        reportId: REPORT_ID,
        file: 'Enrollment.csv',
        column: 'RelationshipToHoH',
        message: 'The household needs exactly one head of household (Self)',
      },
      { reportId: REPORT_ID, file: 'Client.csv', column: 'DOB', message: 'After the project start date (EntryDate)' },
    ]);
  });

  it('refuses a column the file does not have, and an ExportID of another export', () => {
    const files = exportOf(report());
    files.Client[0]!.row.Gender = '1';
    files.Enrollment[0]!.row.ExportID = 'other';
    expect(validateExport(files)).toEqual([
      { reportId: REPORT_ID, file: 'Client.csv', column: 'Gender', message: 'Not a column of this file' },
      { reportId: REPORT_ID, file: 'Enrollment.csv', column: 'ExportID', message: 'Not the ExportID of Export.csv' },
    ]);
  });
});
