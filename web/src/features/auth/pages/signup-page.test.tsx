import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { useAuth } from '../store';
import SignupPage from './signup-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useAuth.setState({ error: null, isLoading: false });
});
afterEach(() => vi.unstubAllGlobals());

/** What the screen sent, beside the portal's name and addresses (GET /api/config) its frame reads. */
const submitted = () => fetchMock.mock.calls.filter(([url]) => url !== '/api/config');

async function fill(password: string) {
  const u = userEvent.setup();
  renderWithProviders(<SignupPage />, { path: '/signup' });
  await u.type(screen.getByLabelText(/^Full Name/), 'Sam Signup');
  await u.type(screen.getByLabelText(/^Email Address/), 'sam@example.org');
  await u.type(screen.getByLabelText(/^Certificate No/), 'CRA-1');
  await u.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await u.click(screen.getByRole('button', { name: 'Sign Up' }));
}

it('refuses a password the server would refuse, before sending anything', async () => {
  await fill('Ab1!x');
  expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
  // The meter still scores it as the spec says (length 5: no length point).
  expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Good');
  expect(submitted()).toEqual([]);
});

it('says where the certificate number is printed', () => {
  renderWithProviders(<SignupPage />, { path: '/signup' });
  expect(screen.getByLabelText(/^Certificate No/)).toHaveAccessibleDescription(/Printed on your certificate/);
});

it("shows the server's message inline in red, and the support address when the board has no record", async () => {
  const message =
    'We could not find a certificate with this email and certificate number. Use the email and certificate number you registered with the board.';
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  fetchMock.mockImplementation(async (url) =>
    url === '/api/config'
      ? json({
          productName: 'Certified Recycling Advocate',
          boardName: 'Board',
          supportEmail: 'help@board.example',
          boardUrl: 'https://board.example',
          renewalUrl: 'https://board.example/renew',
          chatUrl: 'https://chat.board.example',
          adminMfa: 'optional',
          arabicDigits: 'latin',
          recertification: 'external',
          renewalTimes: { expiringDays: 60, graceDays: 30 },
        })
      : json({ message }, 400),
  );
  await fill('Lantern-Orchard-42');
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  // Issue 35: what to do when the board has no record of it.
  expect(await screen.findByRole('link', { name: 'help@board.example' })).toHaveAttribute(
    'href',
    'mailto:help@board.example',
  );
  const signups = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/signup');
  expect(signups).toHaveLength(1);
  expect(JSON.parse(signups[0]![1]!.body as string)).toEqual({
    name: 'Sam Signup',
    email: 'sam@example.org',
    certificateNo: 'CRA-1',
    password: 'Lantern-Orchard-42',
  });
});
