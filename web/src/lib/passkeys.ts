import { apiPath, passkeyOptions } from '@portal/contract';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { formatMessage } from '../i18n/format';
import { api, ApiError } from './api';

/*
 * Issue 19: passkeys (WebAuthn Level 3). The server gives the options, with a challenge bound to
 * this session; the browser's navigator.credentials.create()/get() answers them through
 * @simplewebauthn/browser, loaded only when a passkey is used; the answer goes back to the server,
 * which checks it. Shared by the second step of a sign-in, the step-up dialog and enrolment.
 */

const browser = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's part; its failures become an ApiError with a message for the person. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError(0, passkeyError(err) ?? formatMessage('common.passkey.failed'));
  }
}

/** An assertion of one of the account's passkeys, for POST /api/auth/mfa/verify `{ passkey }`. */
export async function passkeyAssertion() {
  // The contract checks the challenge; the rest is WebAuthn's, for the browser to judge.
  const optionsJSON = (await api('POST', apiPath('/api/auth/mfa/passkeys/authentication-options'), {
    schema: passkeyOptions,
  })) as PublicKeyCredentialRequestOptionsJSON;
  return ceremony(async () => (await browser()).startAuthentication({ optionsJSON }));
}

/** A new credential, for POST /api/auth/mfa/passkeys `{ name, response }`. */
export async function newPasskey() {
  const optionsJSON = (await api('POST', apiPath('/api/auth/mfa/passkeys/registration-options'), {
    schema: passkeyOptions,
  })) as unknown as PublicKeyCredentialCreationOptionsJSON;
  return ceremony(async () => (await browser()).startRegistration({ optionsJSON }));
}

/**
 * What to tell the person, in the screens' language, when the browser's part failed: cancelled or
 * timed out (NotAllowedError, WebAuthn §5.1.3/§5.1.4), or this authenticator holds a passkey of
 * the account already.
 */
export function passkeyError(err: unknown): string | undefined {
  const name = (err as { name?: string } | null)?.name;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return formatMessage('common.passkey.registered');
  if (name === 'NotAllowedError' || name === 'AbortError') return formatMessage('common.passkey.cancelled');
  return undefined;
}
