import { emptyReport } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { isField, isShown, REPORT_SECTIONS, withoutHidden } from './report-sections';

const field = (name: string) => {
  const found = REPORT_SECTIONS.flatMap((s) => s.fields)
    .filter(isField)
    .find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

describe('showIf', () => {
  it('asks the income sources only with income from any source', () => {
    const report = emptyReport();
    expect(isShown(field('income.sources.ssi'), report)).toBe(false);
    expect(isShown(field('income.totalMonthlyIncome'), report)).toBe(false);
    report.income.hasIncome = 'No';
    expect(isShown(field('income.sources.ssi'), report)).toBe(false);
    report.income.hasIncome = 'Yes';
    expect(isShown(field('income.sources.ssi'), report)).toBe(true);
    expect(isShown(field('income.hasIncome'), report)).toBe(true);
  });

  it('asks the domestic violence details only of a survivor, and the insurance sources only of the insured', () => {
    const report = emptyReport();
    expect(isShown(field('domesticViolence.whenOccurred'), report)).toBe(false);
    expect(isShown(field('hmis.currentlyFleeingMissing'), report)).toBe(false);
    expect(isShown(field('sourceOfHealthInsurance'), report)).toBe(false);
    report.domesticViolence.isVictim = 'Yes';
    report.medicalInsurance = 'Yes';
    expect(isShown(field('domesticViolence.whenOccurred'), report)).toBe(true);
    expect(isShown(field('hmis.currentlyFleeingMissing'), report)).toBe(true);
    expect(isShown(field('sourceOfHealthInsurance'), report)).toBe(true);
  });

  it('asks the living situation in the group of the residence before entry (HUD 3.917.1)', () => {
    const report = emptyReport();
    const situations = ['homelessSituation', 'institutionalSituation', 'transitionHousingSituation'];
    const shown = () => situations.filter((name) => isShown(field(name), report));
    expect(shown()).toEqual([]);
    report.residencePriorToProjectEntry = 'Emergency shelter';
    expect(shown()).toEqual(['homelessSituation']);
    for (const institution of ['Foster care home', 'Hospital', 'Jail, prison'] as const) {
      report.residencePriorToProjectEntry = institution;
      expect(shown(), institution).toEqual(['institutionalSituation']);
    }
    report.residencePriorToProjectEntry = 'Hotel or motel';
    expect(shown()).toEqual(['transitionHousingSituation']);
  });

  it('asks for the officer when the client is on probation or on parole', () => {
    const report = emptyReport();
    expect(isShown(field('probationParole.paroleOfficer'), report)).toBe(false);
    report.probationParole.onProbation = 'Yes';
    expect(isShown(field('probationParole.paroleOfficer'), report)).toBe(true);
    report.probationParole.onProbation = 'No';
    report.probationParole.onParole = 'Yes';
    expect(isShown(field('probationParole.phoneNumber'), report)).toBe(true);
  });
});

describe('withoutHidden', () => {
  it('sends the empty default for an answer whose question no longer applies', () => {
    const report = emptyReport();
    report.income.hasIncome = 'Yes';
    report.income.totalMonthlyIncome = 900;
    report.income.sources.ssi = 300;
    report.domesticViolence.isVictim = 'No';
    report.domesticViolence.whenOccurred = '3To6Months';
    report.disabilityType.hivAids = true;
    report.sourceOfHealthInsurance = ['Medicaid'];
    const { values, cleared } = withoutHidden(report, emptyReport());
    expect(values.income).toMatchObject({ hasIncome: 'Yes', totalMonthlyIncome: 900, sources: { ssi: 300 } });
    expect(values.domesticViolence.whenOccurred).toBe('');
    expect(values.disabilityType.hivAids).toBe(false);
    expect(values.sourceOfHealthInsurance).toEqual([]);
    expect(cleared).toEqual(['disabilityType.hivAids', 'sourceOfHealthInsurance', 'domesticViolence.whenOccurred']);
    // The answers given are not changed in place.
    expect(report.domesticViolence.whenOccurred).toBe('3To6Months');
  });

  it('clears a question hidden behind another hidden one', () => {
    const report = emptyReport();
    report.consent.shareWithHmis = 'No';
    report.consent.method = 'Verbal with a witness';
    report.consent.witnessName = 'Sam';
    const { values } = withoutHidden(report, emptyReport());
    expect(values.consent).toMatchObject({ method: '', witnessName: '' });
  });

  it('keeps every answer when each question applies', () => {
    const report = emptyReport();
    report.income.hasIncome = 'No';
    report.clientName = 'Jordan';
    expect(withoutHidden(report, emptyReport())).toEqual({ values: report, cleared: [] });
  });
});
