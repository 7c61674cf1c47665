import { describe, expect, it } from 'vitest';
import { summarizeDetails } from './summarize-details';

describe('summarizeDetails', () => {
  it('is empty without details', () => {
    expect(summarizeDetails(null)).toBe('');
  });
  it('names the changed fields of an update', () => {
    expect(summarizeDetails({ before: { job: 'A', age: 3 }, after: { job: 'B', age: 4 } })).toBe('changed: job, age');
  });
  it('shows what a creation set and a deletion removed, without ids and times', () => {
    const row = { _id: 'a', id: 'a', title: 'Drive', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(summarizeDetails({ after: row })).toBe('new: title: Drive');
    expect(summarizeDetails({ before: row })).toBe('was: title: Drive');
  });
  it('lists other details, shortened', () => {
    expect(summarizeDetails({ reason: 'Benefits application' })).toBe('reason: Benefits application');
    expect(summarizeDetails({ note: 'x'.repeat(100) })).toBe(`note: ${'x'.repeat(39)}…`);
    expect(
      summarizeDetails(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'v'.repeat(30)]))),
    ).toHaveLength(120);
  });
});
