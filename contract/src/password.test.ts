import { describe, expect, it } from 'vitest';
import { passwordChecklist, passwordScore, STRENGTH_LABELS, strengthColor } from './password';

describe('password strength (spec §5)', () => {
  it.each([
    ['', 0, 'Very Weak', 'red'],
    ['abc', 0, 'Very Weak', 'red'],
    ['abcdef', 1, 'Weak', 'red'],
    ['abcDEF', 2, 'Fair', 'yellow'],
    ['12345', 1, 'Weak', 'red'],
    ['abcde1', 2, 'Fair', 'yellow'],
    ['abcDE1', 3, 'Good', 'yellow'],
    ['aB1!', 3, 'Good', 'yellow'],
    ['abcDE1!', 4, 'Strong', 'blue'],
    ['ABCDEF', 1, 'Weak', 'red'],
    ['!!!!!!', 2, 'Fair', 'yellow'],
  ] as const)('%j scores %i (%s, %s)', (password, score, label, color) => {
    const s = passwordScore(password);
    expect(s).toBe(score);
    expect(STRENGTH_LABELS[s]).toBe(label);
    expect(strengthColor(s)).toBe(color);
  });

  it('lists each checklist item as met or unmet', () => {
    expect(passwordChecklist('aB3').map((i) => i.met)).toEqual([false, true, true, true, false]);
    expect(passwordChecklist('aaaaaa!').map((i) => i.met)).toEqual([true, false, true, false, true]);
  });
});
