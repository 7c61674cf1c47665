import { apiPath, type User } from '@portal/contract';
import { create } from 'zustand';
import { api, ApiError, errorMessage, lazySchema } from '../../lib/api';
import { readSessionExpiry } from '../../lib/session-cookie';

/**
 * The contract's auth schema, loaded when first needed: the store is part of the entry chunk, and
 * a guest's session check (a 401) or the landing page should not download zod (docs/performance.md).
 * Its own module, not the contract's index: that would load every schema of the portal (some
 * fifteen chunks) between the session check's answer and the first screen.
 */
const loadAuthResponse = async () => (await import('@portal/contract/schemas/auth')).authResponse;
/** The auth schema, loaded with the first answer: a guest's 401 never loads it. */
const authAnswer = lazySchema(loadAuthResponse);
/** A call of the sign-in routes: every one answers the auth schema. */
const authPost = (path: string, body?: unknown) => api('POST', path, { body, schema: authAnswer });

/**
 * Counts the calls that set who is signed in (login, sign-up, verify, logout). A guest screen is
 * shown while the session check runs (app/providers.tsx): should the user sign in before its
 * answer (a 401) arrives, that answer must not sign them out again.
 */
let signIns = 0;

/**
 * Decision 0020: what the device keeps of the member signed in last (sealed, lib/device-store.ts),
 * so that the report screen opens with no network. Only what the frame and the report screen
 * show or need: no phone, address, age or other profile field.
 */
/** `language` may be missing from an identity a device kept before issue 34. */
type Identity = Pick<User, '_id' | 'email' | 'name' | 'isAdmin'> & Partial<Pick<User, 'language'>>;

const deviceStore = () => import('../../lib/device-store');

/** Kept after every answer that says who is signed in (loaded here: not in the entry chunk). */
function keepIdentity(user: User | null | undefined) {
  if (!user?.isVerified) return;
  const identity: Identity = {
    _id: user._id,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    language: user.language,
  };
  void deviceStore()
    .then((store) => store.rememberIdentity(user._id, identity))
    .catch(() => undefined);
}

/** The user the app shows while offline: the identity kept, every other field empty. */
const offlineUser = (identity: Identity): User => ({
  ...identity,
  language: identity.language ?? 'en',
  job: '',
  age: null,
  picture: '',
  gender: '',
  phoneNo: '',
  address: { area: '', state: '', country: '', postalCode: '' },
  certificateNo: '',
  isVerified: true,
  reminderEmails: false,
  lastLogin: null,
  createdAt: new Date(0).toISOString(),
  version: 1,
  mfaEnabled: false,
});

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
  /**
   * Decision 0020: the session check could not reach the server, and the member signed in last
   * on this device is shown (their session cookie is still there). Checked again once online.
   */
  offline: boolean;
  /** With mfaPending: the account holds a passkey, so the second step offers "Use a passkey". */
  passkeyOffered: boolean;
  signup(body: { email: string; password: string; name: string; certificateNo: string }): Promise<void>;
  login(body: { email: string; password: string }): Promise<void>;
  logout(): Promise<void>;
  verifyEmail(code: string): Promise<void>;
  /** The second step of a sign-in: a TOTP or recovery code. Answers how many recovery codes are left after one. */
  verifySecondFactor(code: string): Promise<number | undefined>;
  /** The second step of a sign-in with a passkey: the browser asks for it, the server checks it. */
  verifyWithPasskey(): Promise<void>;
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
  offline: false,
  passkeyOffered: false,

  signup: (body) =>
    run(set, 'Error signing up', async () => {
      const res = await authPost(apiPath('/api/auth/signup'), body);
      // spec §4: sign-up sets the user but not isAuthenticated; the e-mail must be verified first.
      signIns++;
      set({ user: res.user ?? null, isAuthenticated: false });
    }),

  login: (body) =>
    run(set, 'Error logging in', async () => {
      const res = await authPost(apiPath('/api/auth/login'), body);
      signIns++;
      if (res.mfaRequired) {
        return set({ user: null, isAuthenticated: false, mfaPending: true, passkeyOffered: res.passkey === true });
      }
      keepIdentity(res.user);
      set({ user: res.user ?? null, isAuthenticated: true, mfaPending: false, offline: false });
    }),

  verifySecondFactor: (code) =>
    run(set, 'Error verifying the code', async () => {
      const res = await authPost(apiPath('/api/auth/mfa/verify'), { code });
      signIns++;
      keepIdentity(res.user);
      set({ user: res.user ?? null, isAuthenticated: true, mfaPending: false, offline: false });
      return res.recoveryCodesLeft;
    }),

  verifyWithPasskey: () =>
    run(set, 'Error verifying the passkey', async () => {
      const passkey = await (await import('../../lib/passkeys')).passkeyAssertion();
      const res = await authPost(apiPath('/api/auth/mfa/verify'), { passkey });
      signIns++;
      keepIdentity(res.user);
      set({ user: res.user ?? null, isAuthenticated: true, mfaPending: false, passkeyOffered: false, offline: false });
    }),

  logout: () =>
    run(set, 'Error logging out', async () => {
      const userId = get().user?._id;
      await authPost(apiPath('/api/auth/logout'));
      // Issue 18: the member's drafts leave the device with them (loaded here: not in the entry chunk).
      if (userId) await (await deviceStore()).wipeDrafts(userId).catch(() => undefined);
      signIns++;
      set({ user: null, isAuthenticated: false, mfaPending: false, offline: false });
    }),

  verifyEmail: (code) =>
    run(set, 'Error verifying email', async () => {
      const res = await authPost(apiPath('/api/auth/verify-email'), { code });
      signIns++;
      keepIdentity(res.user);
      set({ user: res.user ?? null, isAuthenticated: true, offline: false });
    }),

  resendCode: () =>
    run(set, 'Error sending the code', async () => {
      const res = await authPost(apiPath('/api/auth/resend-code'));
      return res.message;
    }),

  checkAuth: async () => {
    // Checked again once back online: the screen stays as it is (a loader would unmount a form).
    if (!get().offline) set({ isCheckingAuth: true, error: null });
    const before = signIns;
    // The server sets a readable companion cookie with every session (session-cookie.ts). Without
    // it there is no session to find, and asking would only log an expected 401 in the console
    // of every guest (issue 13): the answer is known, a guest.
    if (readSessionExpiry(document.cookie) === undefined) {
      set({ user: null, isAuthenticated: false, isCheckingAuth: false, error: null, offline: false });
      return;
    }
    try {
      const res = await api('GET', apiPath('/api/auth/check-auth'), { schema: authAnswer });
      if (signIns !== before) return set({ isCheckingAuth: false });
      keepIdentity(res.user);
      set({ user: res.user ?? null, isAuthenticated: true, isCheckingAuth: false, offline: false });
    } catch (err) {
      // spec §4/§8: a failed check is silent.
      if (signIns !== before) return set({ isCheckingAuth: false });
      // Decision 0020: no answer at all (status 0: no network). The session cookie is still
      // there, so the member signed in last on this device is shown, from the sealed store.
      if (err instanceof ApiError && err.status === 0) {
        const kept = await (await deviceStore()).recallIdentity<Identity>().catch(() => undefined);
        if (signIns !== before) return set({ isCheckingAuth: false });
        if (kept && kept.userId === kept.value._id) {
          return set({ user: offlineUser(kept.value), isAuthenticated: true, isCheckingAuth: false, offline: true });
        }
      } else if (err instanceof ApiError && err.status === 401) {
        // The session is gone: its member is no longer kept either.
        void deviceStore().then((store) => store.forgetIdentity().catch(() => undefined));
      }
      // Issue 19: a session that waits for its second factor answers 401 { mfaRequired }.
      const mfaPending =
        err instanceof ApiError && (err.body as { mfaRequired?: unknown } | undefined)?.mfaRequired === true;
      set({ user: null, isAuthenticated: false, isCheckingAuth: false, error: null, mfaPending, offline: false });
    }
  },

  forgotPassword: (email) =>
    run(set, 'Error sending reset password email', async () => {
      const res = await authPost(apiPath('/api/auth/forgot-password'), { email });
      set({ message: res.message });
    }),

  resetPassword: (token, password) =>
    run(set, 'Error resetting password', async () => {
      const res = await authPost(apiPath('/api/auth/reset-password/:token', { token }), { password });
      set({ message: res.message });
      return res.message;
    }),

  clearError: () => set({ error: null }),
  setUser: (user) => set({ user }),
}));
