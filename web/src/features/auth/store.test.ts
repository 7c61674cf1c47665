import 'fake-indexeddb/auto';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recallIdentity } from '../../lib/device-store';
import { useAuth } from './store';
import { makeUser } from '../../test/user';

/**
 * Issue 18, decision 0020: with no network the session check cannot answer; the member signed in
 * last on this device is shown from the sealed device store (so the report screen opens offline),
 * and only that member's minimal identity is kept there.
 */

const member = makeUser({
  _id: 'u-field',
  email: 'field@example.org',
  name: 'Field Worker',
  job: 'Outreach',
  age: 41,
  picture: '/api/files/00000000-0000-4000-8000-000000000001',
  gender: 'Female',
  phoneNo: '+1 555 0100',
  address: { area: '12 Bridge Road', state: 'OR', country: 'US', postalCode: '97201' },
  certificateNo: 'CRA-7',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const answers = {
  signedIn: () => json(200, { success: true, message: 'ok', user: member }),
  gone: () => json(401, { message: 'Unauthorized' }),
  offline: () => Promise.reject(new TypeError('Failed to fetch')),
};
const serverAnswers = (answer: () => Response | Promise<Response>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve().then(answer)),
  );

// The store loads the contract's schemas on first use: a while, on a busy machine.
beforeAll(() => import('@portal/contract'), 60_000);

beforeEach(() => {
  // The server's readable companion of a session cookie (lib/session-cookie.ts).
  document.cookie = 'session_expiry=1800-0';
  useAuth.setState({ user: null, isAuthenticated: false, isCheckingAuth: true, offline: false });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'session_expiry=; max-age=0';
});

async function signedInOnce() {
  serverAnswers(answers.signedIn);
  await useAuth.getState().checkAuth();
  await vi.waitFor(async () => expect(await recallIdentity()).toBeDefined());
}

describe('the session check with no network', () => {
  it('shows the member signed in last, from a sealed minimal identity', async () => {
    await signedInOnce();
    const kept = await recallIdentity<Record<string, unknown>>();
    expect(kept).toEqual({
      userId: member._id,
      value: { _id: member._id, email: member.email, name: member.name, isAdmin: false, language: 'en' },
    });

    serverAnswers(answers.offline);
    await useAuth.getState().checkAuth();
    const state = useAuth.getState();
    expect(state).toMatchObject({ isAuthenticated: true, isCheckingAuth: false, offline: true });
    expect(state.user).toMatchObject({ _id: member._id, name: member.name, isVerified: true });
    // Nothing of the profile beyond the identity was kept.
    expect(state.user).toMatchObject({ phoneNo: '', age: null, address: { area: '' }, picture: '' });
  });

  it('checks again once online, and then shows the server’s answer', async () => {
    await signedInOnce();
    serverAnswers(answers.offline);
    await useAuth.getState().checkAuth();
    expect(useAuth.getState().offline).toBe(true);

    serverAnswers(answers.signedIn);
    window.dispatchEvent(new Event('online'));
    await useAuth.getState().checkAuth();
    expect(useAuth.getState()).toMatchObject({ offline: false, user: { phoneNo: member.phoneNo } });
  });

  it('shows a guest when the server says the session is gone, and forgets the member', async () => {
    await signedInOnce();
    serverAnswers(answers.gone);
    await useAuth.getState().checkAuth();
    expect(useAuth.getState()).toMatchObject({ user: null, isAuthenticated: false, offline: false });
    await vi.waitFor(async () => expect(await recallIdentity()).toBeUndefined());

    serverAnswers(answers.offline);
    await useAuth.getState().checkAuth();
    expect(useAuth.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });

  it('shows a guest offline when the device has no session cookie', async () => {
    await signedInOnce();
    document.cookie = 'session_expiry=; max-age=0';
    serverAnswers(answers.offline);
    await useAuth.getState().checkAuth();
    expect(useAuth.getState()).toMatchObject({ user: null, isAuthenticated: false, offline: false });
  });

  it('keeps nobody after a logout', async () => {
    await signedInOnce();
    serverAnswers(() => json(200, { success: true, message: 'Logged out successfully' }));
    await useAuth.getState().logout();
    expect(await recallIdentity()).toBeUndefined();

    serverAnswers(answers.offline);
    await useAuth.getState().checkAuth();
    expect(useAuth.getState()).toMatchObject({ user: null, isAuthenticated: false });
  });
});
