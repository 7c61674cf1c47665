import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PasswordStrength } from './password-strength';

const filledSegments = () =>
  screen.getAllByTestId('strength-segment').filter((s) => s.getAttribute('data-filled') === 'true').length;

describe('PasswordStrength', () => {
  it.each([
    ['', 'Very Weak', 0],
    ['abc', 'Very Weak', 0],
    ['abcdef', 'Weak', 1],
    ['Abcdef', 'Fair', 2],
    ['Abcdef1', 'Good', 3],
    ['Abcdef1!', 'Strong', 4],
    ['ab1!', 'Fair', 2],
  ])('scores %j as %s with %i filled segments', (password, label, filled) => {
    renderWithProviders(<PasswordStrength password={password} />);
    expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuenow', String(filled));
    expect(screen.getAllByTestId('strength-segment')).toHaveLength(4);
    expect(filledSegments()).toBe(filled);
  });

  it('marks each checklist item met or unmet', () => {
    renderWithProviders(<PasswordStrength password="abc1" />);
    const item = (text: string) => screen.getByText(text).closest('li');
    expect(item('At least 6 characters')).toHaveAttribute('data-met', 'false');
    expect(item('An uppercase letter')).toHaveAttribute('data-met', 'false');
    expect(item('A lowercase letter')).toHaveAttribute('data-met', 'true');
    expect(item('A number')).toHaveAttribute('data-met', 'true');
    expect(item('A special character')).toHaveAttribute('data-met', 'false');
  });

  it('says what the server accepts before submit', () => {
    renderWithProviders(<PasswordStrength password="" />);
    expect(screen.getByText(/at least 8 characters and must not be a common password/)).toBeInTheDocument();
  });
});
