import { emptyReport } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { sectionProgress } from './report-section-nav';

const progressOf = (title: string, values: unknown) => sectionProgress(values).find((s) => s.title === title);

describe('sectionProgress', () => {
  it('counts the answered questions of each titled section', () => {
    const report = { ...emptyReport(), clientName: 'Jordan', roSigned: 'Yes', race: ['White'] };
    expect(progressOf('Client', emptyReport())).toEqual({ title: 'Client', answered: 0, total: 7 });
    expect(progressOf('Client', report)).toEqual({ title: 'Client', answered: 2, total: 7 });
    expect(progressOf('Demographics', report)).toMatchObject({ answered: 1 });
  });

  it('leaves tick boxes out beside other questions, and counts them ticked in a section of their own', () => {
    const report = emptyReport();
    report.disabilityType.hivAids = true;
    report.reasonsForHomelessness.doubledUp = true;
    report.medicalInsurance = 'Yes';
    expect(progressOf('Disabilities and Health Insurance', report)).toMatchObject({ answered: 1, total: 5 });
    expect(progressOf('Reasons for Homelessness', report)).toMatchObject({ answered: 1, total: 10 });
  });

  it('counts only the questions that apply (showIf)', () => {
    const report = emptyReport();
    expect(progressOf('Disabilities and Health Insurance', report)).toMatchObject({ answered: 0, total: 2 });
    expect(progressOf('Domestic Violence', report)).toMatchObject({ total: 1 });
    report.domesticViolence.isVictim = 'Yes';
    expect(progressOf('Domestic Violence', report)).toMatchObject({ answered: 1, total: 3 });
  });

  it('counts a number of zero as an answer, and an empty list as none', () => {
    const report = emptyReport();
    report.totalMonthsHomelessPast3Years = 0;
    expect(progressOf('Living Situation and History', report)).toMatchObject({ answered: 1 });
  });
});
