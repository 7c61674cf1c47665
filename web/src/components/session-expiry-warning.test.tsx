import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { readSessionExpiry } from '../lib/session-cookie';
import { SessionExpiryWarning } from './session-expiry-warning';

/** The server's readable cookie, as it would set it: seconds left and a server timestamp. */
let cookie = '';
const answer = (secondsLeft: number) => {
  cookie = `theme=dark; session_expiry=${secondsLeft}-${Date.now()}`;
};
const readCookies = () => cookie;

/** Lets `n` seconds pass; the last one in steps, so that the dialog's transition can run. */
const seconds = (n: number) => {
  act(() => {
    vi.advanceTimersByTime((n - 1) * 1000);
  });
  for (let i = 0; i < 4; i++) {
    act(() => {
      vi.advanceTimersByTime(250);
    });
  }
};

beforeEach(() => {
  vi.useFakeTimers();
  cookie = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SessionExpiryWarning', () => {
  it('reads the cookie under either name', () => {
    expect(readSessionExpiry('a=1; session_expiry=90-1')).toBe('90-1');
    expect(readSessionExpiry('__Host-session_expiry=5-2; b=2')).toBe('5-2');
    expect(readSessionExpiry('sid=x')).toBeUndefined();
  });

  it('warns two minutes before the end, and Stay signed in refreshes the session', async () => {
    const refresh = vi.fn(async () => answer(30 * 60));
    answer(30 * 60);
    renderWithProviders(<SessionExpiryWarning refresh={refresh} readCookies={readCookies} />);
    seconds(27 * 60);
    expect(screen.queryByText('Your session is about to end')).toBeNull();
    seconds(61);
    expect(screen.getByText('Your session is about to end')).toBeTruthy();
    expect(screen.getByText(/signed out in 1:59/)).toBeTruthy();
    seconds(30);
    expect(screen.getByText(/signed out in 1:29/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    seconds(2);
    expect(screen.queryByText(/signed out in/)).toBeNull();
  });

  it('follows the newest answer of the server: activity elsewhere moves the deadline', () => {
    const refresh = vi.fn(async () => undefined);
    answer(15 * 60);
    renderWithProviders(<SessionExpiryWarning refresh={refresh} readCookies={readCookies} />);
    seconds(12 * 60);
    answer(15 * 60); // another request of the page restarted the idle timer
    seconds(2 * 60);
    expect(screen.queryByText(/signed out in/)).toBeNull();
    seconds(12 * 60);
    expect(screen.getByText(/signed out in/)).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });

  it('asks the server once the time is up, so the app signs the user out', () => {
    const refresh = vi.fn(async () => undefined);
    answer(100);
    renderWithProviders(<SessionExpiryWarning refresh={refresh} readCookies={readCookies} />);
    seconds(1);
    expect(screen.getByText(/signed out in 1:39/)).toBeTruthy();
    seconds(100);
    expect(refresh).not.toHaveBeenCalled();
    seconds(5);
    expect(refresh).toHaveBeenCalledTimes(1);
    seconds(30);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without a session', () => {
    renderWithProviders(<SessionExpiryWarning refresh={vi.fn()} readCookies={readCookies} />);
    seconds(60 * 60);
    expect(screen.queryByText(/signed out in/)).toBeNull();
  });
});
