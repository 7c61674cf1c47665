import { MFA_MESSAGES, type PasskeyAuthenticationResponse, type PasskeyRegisterBody } from '@portal/contract';
import type { AuthenticatorTransportFuture, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import { badRequest } from '../../lib/errors';
import { lazy } from '../../lib/lazy';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { UserRow } from '../../plugins/auth';
import {
  advancePasskeyCounter,
  type ChallengePurpose,
  findOwnPasskeyByCredential,
  hasOtherPasskey,
  insertPasskey,
  passkeysOf,
  takeChallengeRow,
  upsertChallenge,
} from './repository';
import { assertSecondStepOpen, countWrongPassword as countWrong } from './service';

/*
 * Issue 19: passkeys (WebAuthn Level 3, https://www.w3.org/TR/webauthn-3/) as a second factor,
 * with @simplewebauthn/server, which checks the ceremonies of §7.1 (registration) and §7.2
 * (authentication): challenge, origin, relying party ID hash, flags, signature and counter.
 */

/** A challenge (§13.4.3: random, used once) is good for this long after its options were given. */
const CHALLENGE_MINUTES = 5;
/** What the browser is told it has (§5.4 `timeout`), within the challenge's life. */
const CEREMONY_TIMEOUT_MS = 3 * 60_000;
/**
 * The password was given first, so the passkey is the second factor: user presence is what it
 * proves (§6.2.3); verification is asked for where the authenticator can, not required.
 */
const USER_VERIFICATION = 'preferred';

/** The relying party: its ID is APP_URL's host (§5.1.4.1, a registrable domain suffix, no port), its origin APP_URL's. */
export function relyingParty(appUrl: string) {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
}

/** @simplewebauthn/server, about 4 MB of heap, loaded by the first ceremony (issue 14). */
export const loadWebauthn = lazy('@simplewebauthn/server', async () => ({
  ...(await import('@simplewebauthn/server')),
  ...(await import('@simplewebauthn/server/helpers')),
}));

/** Binds a fresh challenge to the session, replacing one it asked for before. */
async function keepChallenge(app: FastifyInstance, sessionId: string, purpose: ChallengePurpose, challenge: string) {
  const expiresAt = addMinutes(app.clock.now(), CHALLENGE_MINUTES);
  await upsertChallenge(app.db, sessionId, purpose, challenge, expiresAt);
}

/**
 * Takes the session's challenge away (one DELETE decides, so of two requests only one gets it):
 * whatever the answer is, that challenge cannot be used again.
 */
async function takeChallenge(app: FastifyInstance, sessionId: string, purpose: ChallengePurpose) {
  const row = await takeChallengeRow(app.db, sessionId, purpose);
  return row && row.expiresAt > app.clock.now() ? row.challenge : undefined;
}

const transportsOf = (row: { transports: string[] }) => row.transports as AuthenticatorTransportFuture[];

/** Options for navigator.credentials.create(), the challenge kept for this session. */
export async function registrationOptions(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
  sessionId: string,
) {
  const webauthn = await loadWebauthn();
  const existing = await passkeysOf(app.db, user.id);
  const options = await webauthn.generateRegistrationOptions({
    rpName: app.config.boardName,
    rpID: relyingParty(app.config.appUrl).id,
    // §14.6.1: the user handle is no personal data; the account's random id is not.
    userID: webauthn.isoUint8Array.fromUTF8String(user.id),
    userName: user.email,
    userDisplayName: user.name,
    timeout: CEREMONY_TIMEOUT_MS,
    // No attestation: which maker's authenticator it is does not matter here (§5.4.7 "none").
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: USER_VERIFICATION },
  });
  await keepChallenge(app, sessionId, 'registration', options.challenge);
  return options;
}

/** Checks a new credential against the session's challenge; answers what to store, or refuses (400). */
export async function verifyRegistration(app: FastifyInstance, sessionId: string, body: PasskeyRegisterBody) {
  // Loaded before the challenge is taken, so a failed load does not use it up.
  const webauthn = await loadWebauthn();
  const expectedChallenge = await takeChallenge(app, sessionId, 'registration');
  if (!expectedChallenge) throw badRequest(MFA_MESSAGES.passkeyNotAdded);
  const rp = relyingParty(app.config.appUrl);
  const verified = await webauthn
    .verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    })
    .catch(() => undefined);
  if (!verified?.verified) throw badRequest(MFA_MESSAGES.passkeyNotAdded);
  const { credential } = verified.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? body.response.response.transports ?? [],
  };
}

/** Stores the checked credential; a credential id already registered (to anyone) is refused. */
export async function addPasskey(
  tx: Tx,
  userId: string,
  name: string,
  credential: Awaited<ReturnType<typeof verifyRegistration>>,
  now: Date,
) {
  try {
    return await insertPasskey(tx, { userId, name, createdAt: now, ...credential });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MFA_MESSAGES.passkeyNotAdded);
    throw err;
  }
}

/** Options for navigator.credentials.get(), naming the account's passkeys, the challenge kept for this session. */
export async function authenticationOptions(app: FastifyInstance, user: Pick<UserRow, 'id'>, sessionId: string) {
  const webauthn = await loadWebauthn();
  const existing = await passkeysOf(app.db, user.id);
  if (existing.length === 0) throw badRequest(MFA_MESSAGES.noPasskey);
  const options = await webauthn.generateAuthenticationOptions({
    rpID: relyingParty(app.config.appUrl).id,
    timeout: CEREMONY_TIMEOUT_MS,
    allowCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: USER_VERIFICATION,
  });
  await keepChallenge(app, sessionId, 'authentication', options.challenge);
  return options;
}

/**
 * Checks a passkey's assertion as the user's second factor, against the challenge this session was
 * given (taken, so it works once) and one of this user's own credentials. The signature counter
 * must move forward (§6.1.1; an authenticator that keeps none says 0 every time) and is stored by
 * one conditional UPDATE. Every refusal is the same 400 and counts towards the lock of the second
 * step, as a wrong code does; a locked second step answers 429 without looking. Answers when the
 * passkey was added (issue 30, F1).
 */
export async function usePasskey(
  app: FastifyInstance,
  user: UserRow,
  sessionId: string,
  response: PasskeyAuthenticationResponse,
) {
  const webauthn = await loadWebauthn();
  await assertSecondStepOpen(app, user.id);
  const expectedChallenge = await takeChallenge(app, sessionId, 'authentication');
  const stored = await findOwnPasskeyByCredential(app.db, user.id, response.id);
  let used = false;
  if (expectedChallenge && stored) {
    const rp = relyingParty(app.config.appUrl);
    const verified = await webauthn
      .verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: stored.credentialId,
          publicKey: new Uint8Array(stored.publicKey),
          counter: stored.counter,
          transports: transportsOf(stored),
        },
        requireUserVerification: false,
      })
      .catch(() => undefined);
    if (verified?.verified) {
      const { newCounter } = verified.authenticationInfo;
      used = await advancePasskeyCounter(app.db, stored.id, newCounter, app.clock.now());
    }
  }
  if (!used) {
    await countWrong(app, user.id);
    throw badRequest(MFA_MESSAGES.passkeyFailed);
  }
  return { addedAt: stored!.createdAt };
}

/** Whether the user keeps a factor besides the passkey `exceptId`. */
export async function otherFactorLeft(tx: Tx, user: UserRow, exceptId: string) {
  if (user.totpSecret) return true;
  return hasOtherPasskey(tx, user.id, exceptId);
}
