import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useAuth } from '../store';
import ResetPasswordPage from './reset-password-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockReturnValue(new Promise(() => {})); // never answers: the button stays 'Resetting...'
  vi.stubGlobal('fetch', fetchMock);
  useAuth.setState({ error: null, isLoading: false });
});
afterEach(() => vi.unstubAllGlobals());

/** What the screen sent, beside the portal's name and addresses (GET /api/config) its frame reads. */
const submitted = () => fetchMock.mock.calls.filter(([url]) => url !== '/api/config');

it('alerts on a mismatch and sends nothing', async () => {
  const u = userEvent.setup();
  renderWithProviders(<ResetPasswordPage />, { path: '/reset-password/abc' });
  await u.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), 'Orchard-Lantern-7');
  await u.type(screen.getByLabelText(/^Confirm New Password/, { selector: 'input' }), 'Orchard-Lantern-8');
  await u.click(screen.getByRole('button', { name: 'Set New Password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match');
  expect(submitted()).toEqual([]);
});

it('requires both fields', async () => {
  const u = userEvent.setup();
  renderWithProviders(<ResetPasswordPage />, { path: '/reset-password/abc' });
  await u.click(screen.getByRole('button', { name: 'Set New Password' }));
  expect(await screen.findByText('New Password is required')).toBeInTheDocument();
  expect(screen.getByText('Confirm New Password is required')).toBeInTheDocument();
  expect(submitted()).toEqual([]);
});

it('labels the button Resetting... while the request runs', async () => {
  const u = userEvent.setup();
  renderWithProviders(<ResetPasswordPage />, { path: '/reset-password/abc' });
  await u.type(screen.getByLabelText(/^New Password/, { selector: 'input' }), 'Orchard-Lantern-7');
  await u.type(screen.getByLabelText(/^Confirm New Password/, { selector: 'input' }), 'Orchard-Lantern-7');
  await u.click(screen.getByRole('button', { name: 'Set New Password' }));
  expect(await screen.findByRole('button', { name: 'Resetting...' })).toBeDisabled();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
