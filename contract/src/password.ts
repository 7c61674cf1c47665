import { STRENGTH_MIN_LENGTH } from './constants';

/** The checklist the sign-up screen shows (spec §5), each item met or unmet. */
export const passwordChecklist = (password: string) => [
  { label: `At least ${STRENGTH_MIN_LENGTH} characters`, met: password.length >= STRENGTH_MIN_LENGTH },
  { label: 'An uppercase letter', met: /[A-Z]/.test(password) },
  { label: 'A lowercase letter', met: /[a-z]/.test(password) },
  { label: 'A number', met: /\d/.test(password) },
  { label: 'A special character', met: /[^A-Za-z0-9]/.test(password) },
];

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/** spec §5: one point each for length ≥ 6, both cases, a digit, a special character. */
export function passwordScore(password: string): StrengthScore {
  let score = 0;
  if (password.length >= STRENGTH_MIN_LENGTH) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score as StrengthScore;
}

export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** spec §5: filled segments are red for 0 and 1, yellow for 2 and 3, blue for 4. */
export function strengthColor(score: StrengthScore): 'red' | 'yellow' | 'blue' {
  if (score <= 1) return 'red';
  if (score <= 3) return 'yellow';
  return 'blue';
}
