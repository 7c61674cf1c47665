import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useAuth } from '../store';
import VerifyEmailPage from './verify-email-page';
import { makeUser } from '../../../test/user';

const box = (n: number) => screen.getByRole('textbox', { name: `Digit ${n} of 6` });
const values = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');

const user = makeUser();

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Only the network is faked (STYLE: never mock our own modules): the store's real verifyEmail runs.
const fetchMock = vi.fn<typeof fetch>();
const verifyCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/verify-email');

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(json({ success: true, message: 'Email verified successfully', user }, 200));
  vi.stubGlobal('fetch', fetchMock);
  useAuth.setState({ user: { ...user, isVerified: false }, isAuthenticated: false, error: null, isLoading: false });
});
afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('shows the instruction and keeps the button disabled until all six boxes are filled', async () => {
    fetchMock.mockReturnValue(new Promise(() => {})); // never answers
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByText('Enter the 6-digit code sent to your email address')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Verify Email' });
    expect(button).toBeDisabled();
    await u.click(box(1));
    await u.keyboard('12345');
    expect(values()).toBe('12345');
    expect(button).toBeDisabled();
    expect(verifyCalls()).toHaveLength(0);
  });

  it('moves focus forward while typing', async () => {
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.keyboard('4');
    expect(box(2)).toHaveFocus();
    await u.keyboard('2');
    expect(box(3)).toHaveFocus();
  });

  it('fills the boxes from a paste and focuses the next empty box', async () => {
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(4));
    await u.paste('987');
    expect(values()).toBe('987');
    expect(box(4)).toHaveFocus();
    expect(verifyCalls()).toHaveLength(0);
  });

  it('takes only the first six characters of a longer paste', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.paste('12345678');
    expect(values()).toBe('123456');
  });

  it('moves focus back on Backspace in an empty box', async () => {
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.paste('12');
    expect(box(3)).toHaveFocus();
    await u.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
    expect(values()).toBe('12');
  });

  it('submits automatically once, when the sixth box is filled', async () => {
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.paste('123456');
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(true));
    expect(verifyCalls()).toHaveLength(1);
    expect(JSON.parse(verifyCalls()[0]![1]!.body as string)).toEqual({ code: '123456' });
  });

  it('shows the server message inline when the code is refused', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Invalid or expired verification code' }, 400));
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.keyboard('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired verification code');
    expect(verifyCalls()).toHaveLength(1);
  });

  it('after a wrong code, empties the boxes, focuses the first, says the tries left and submits once when all six are typed again', async () => {
    // Issue 35: retyping over a refused code used to submit on every key and lock the newcomer out.
    fetchMock.mockResolvedValueOnce(json({ message: 'Invalid or expired verification code', triesLeft: 4 }, 400));
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(box(1));
    await u.keyboard('111111');
    expect(await screen.findByText('4 tries left for this code.')).toBeInTheDocument();
    expect(values()).toBe('');
    await waitFor(() => expect(box(1)).toHaveFocus());
    await u.keyboard('12345');
    expect(verifyCalls()).toHaveLength(1);
    await u.keyboard('6');
    await waitFor(() => expect(useAuth.getState().isAuthenticated).toBe(true));
    expect(verifyCalls()).toHaveLength(2);
    expect(JSON.parse(verifyCalls()[1]![1]!.body as string)).toEqual({ code: '123456' });
  });

  it('says when a new code can be asked for once the resends are used up', async () => {
    const retryAt = '2026-11-27T10:20:00.000Z';
    fetchMock.mockResolvedValue(json({ message: 'Too many attempts. Please try again later.', retryAt }, 429));
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again later.');
    const time = screen.getByText((_, el) => el?.tagName === 'TIME');
    expect(time).toHaveAttribute('datetime', retryAt);
    expect(time.parentElement).toHaveTextContent(/^You can ask for a new code at .+\.$/);
  });

  it('resends the code and says so', async () => {
    fetchMock.mockResolvedValue(
      json({ success: true, message: 'A new verification code has been sent to your email.', user }, 200),
    );
    const u = userEvent.setup();
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    await u.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('status')).toHaveTextContent('A new verification code has been sent to your email.');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/resend-code']);
  });
});
