import type { User } from '@portal/contract';
import { create } from 'zustand';
import { api, ApiError, errorMessage } from '../../lib/api';
import { readSessionExpiry } from '../../lib/session-cookie';

/**
 * The contract's auth schema, loaded when first needed: the store is part of the entry chunk, and
 * a guest's session check (a 401) or the landing page should not download zod (docs/performance.md).
 */
const loadAuthResponse = async () => (await import('@portal/contract')).authResponse;

/**
 * Counts the calls that set who is signed in (login, sign-up, verify, logout). A guest screen is
 * shown while the session check runs (app/providers.tsx): should the user sign in before its
 * answer (a 401) arrives, that answer must not sign them out again.
 */
let signIns = 0;

/** The auth state of spec §3 and its transitions (spec §4). */
export interface AuthState {
  user: User | null;
  isAuthenticated: boolean;
  error: string | null;
  isLoading: boolean;
  isCheckingAuth: boolean;
  message: string | null;
  /** Issue 19: the password was right; the session waits for the second factor (/login/two-factor). */
  mfaPending: boolean;
  signup(body: { email: string; password: string; name: string; certificateNo: string }): Promise<void>;
  login(body: { email: string; password: string }): Promise<void>;
  logout(): Promise<void>;
  verifyEmail(code: string): Promise<void>;
  /** The second step of a sign-in: a TOTP or recovery code. Answers how many recovery codes are left after one. */
  verifySecondFactor(code: string): Promise<number | undefined>;
  resendCode(): Promise<string>;
  checkAuth(): Promise<void>;
  forgotPassword(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<string>;
  clearError(): void;
  /** A profile saved elsewhere refreshes the user in place. */
  setUser(user: User): void;
}

/** Runs an auth call: loading on, error off; on failure the server's message or the fallback (spec §8). */
async function run<T>(
  set: (partial: Partial<AuthState>) => void,
  fallback: string,
  action: () => Promise<T>,
): Promise<T> {
  set({ isLoading: true, error: null });
  try {
    const result = await action();
    set({ isLoading: false });
    return result;
  } catch (err) {
    set({ isLoading: false, error: errorMessage(err, fallback) });
    throw err;
  }
}

export const useAuth = create<AuthState>()((set, get) => ({
  user: null,
  isAuthenticated: false,
  error: null,
  isLoading: false,
  isCheckingAuth: true,
  message: null,
  mfaPending: false,

  signup: (body) =>
    run(set, 'Error signing up', async () => {
      const res = await api('POST', '/api/auth/signup', { body, schema: await loadAuthResponse() });
      // spec §4: sign-up sets the user but not isAuthenticated; the e-mail must be verified first.
      signIns++;
      set({ user: res.user ?? null, isAuthenticated: false });
    }),

  login: (body) =>
    run(set, 'Error logging in', async () => {
      const res = await api('POST', '/api/auth/login', { body, schema: await loadAuthResponse() });
      signIns++;
      if (res.mfaRequired) return set({ user: null, isAuthenticated: false, mfaPending: true });
      set({ user: res.user ?? null, isAuthenticated: true, mfaPending: false });
    }),

  verifySecondFactor: (code) =>
    run(set, 'Error verifying the code', async () => {
      const res = await api('POST', '/api/auth/mfa/verify', { body: { code }, schema: await loadAuthResponse() });
      signIns++;
      set({ user: res.user ?? null, isAuthenticated: true, mfaPending: false });
      return res.recoveryCodesLeft;
    }),

  logout: () =>
    run(set, 'Error logging out', async () => {
      const userId = get().user?._id;
      await api('POST', '/api/auth/logout');
      // Issue 18: the member's drafts leave the device with them (loaded here: not in the entry chunk).
      if (userId) await (await import('../../lib/device-store')).wipeDrafts(userId).catch(() => undefined);
      signIns++;
      set({ user: null, isAuthenticated: false, mfaPending: false });
    }),

  verifyEmail: (code) =>
    run(set, 'Error verifying email', async () => {
      const res = await api('POST', '/api/auth/verify-email', { body: { code }, schema: await loadAuthResponse() });
      signIns++;
      set({ user: res.user ?? null, isAuthenticated: true });
    }),

  resendCode: () =>
    run(set, 'Error sending the code', async () => {
      const res = await api('POST', '/api/auth/resend-code', { schema: await loadAuthResponse() });
      return res.message;
    }),

  checkAuth: async () => {
    set({ isCheckingAuth: true, error: null });
    const before = signIns;
    // The server sets a readable companion cookie with every session (session-cookie.ts). Without
    // it there is no session to find, and asking would only log an expected 401 in the console
    // of every guest (issue 13): the answer is known, a guest.
    if (readSessionExpiry(document.cookie) === undefined) {
      set({ user: null, isAuthenticated: false, isCheckingAuth: false, error: null });
      return;
    }
    try {
      // Parsed after the answer: a guest's 401 never loads the schema.
      const answer = await api('GET', '/api/auth/check-auth');
      const res = (await loadAuthResponse()).parse(answer);
      if (signIns !== before) return set({ isCheckingAuth: false });
      set({ user: res.user ?? null, isAuthenticated: true, isCheckingAuth: false });
    } catch (err) {
      // spec §4/§8: a failed check is silent.
      if (signIns !== before) return set({ isCheckingAuth: false });
      // Issue 19: a session that waits for its second factor answers 401 { mfaRequired }.
      const mfaPending =
        err instanceof ApiError && (err.body as { mfaRequired?: unknown } | undefined)?.mfaRequired === true;
      set({ user: null, isAuthenticated: false, isCheckingAuth: false, error: null, mfaPending });
    }
  },

  forgotPassword: (email) =>
    run(set, 'Error sending reset password email', async () => {
      const res = await api('POST', '/api/auth/forgot-password', { body: { email }, schema: await loadAuthResponse() });
      set({ message: res.message });
    }),

  resetPassword: (token, password) =>
    run(set, 'Error resetting password', async () => {
      const res = await api('POST', `/api/auth/reset-password/${encodeURIComponent(token)}`, {
        body: { password },
        schema: await loadAuthResponse(),
      });
      set({ message: res.message });
      return res.message;
    }),

  clearError: () => set({ error: null }),
  setUser: (user) => set({ user }),
}));
