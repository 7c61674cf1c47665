import {
  AUTH_MESSAGES,
  authResponse,
  forgotPasswordBody,
  loginBody,
  MFA_MESSAGES,
  normalizeEmail,
  RESET_TOKEN_TTL_MINUTES,
  resetPasswordBody,
  resetPasswordParams,
  signupBody,
  verifyEmailBody,
  type Language,
} from '@portal/contract';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addMinutes } from '../../lib/clock';
import { requestLanguage, wordsFor } from '../../lib/i18n';
import { isUniqueViolation } from '../../lib/pg-errors';
import { badRequest, conflict, tooMany, unauthorized } from '../../lib/errors';
import { assertAcceptablePassword, hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { toUser } from '../../lib/serialize';
import { randomToken, sha256 } from '../../lib/tokens';
import { passwordChangedMail, resetMail, signupAttemptMail } from './mails';
import {
  certificateOnRecord,
  claimResetToken,
  findLiveUserByEmail,
  findLiveUserSummaryByEmail,
  findResetTokenIdsByHash,
  findUsableResetToken,
  hasPasskey,
  insertResetToken,
  insertUser,
  markUserVerified,
  recordLogin,
  setPasswordAfterReset,
  voidOpenResetTokens,
} from './repository';
import {
  assertMayResend,
  consumeVerificationCode,
  issueVerificationCode,
  MAX_RESETS_PER_HOUR,
  recentResetCount,
  wrongCode,
} from './service';
import {
  claimSignupNotice,
  clearFailures,
  countFailure,
  liftLock,
  LOCK_MINUTES,
  lockedUntil,
  throttleKey,
} from './throttle';
import { signedIn } from '../../plugins/auth';

export { LOCK_AFTER_FAILURES, LOCK_MINUTES } from './throttle';

/** A user id no account has: the stand-in that lets unknown e-mails run the same queries. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

const limit = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * 60_000 } },
});

export default async function authRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  const keyOf = (normalizedEmail: string) => throttleKey(app.keys.emailHmac, normalizedEmail);

  /**
   * Issue 12: a sign-up with an address that has an account is answered like any refused one;
   * the owner is mailed instead (once an hour at most). An address without an account does the
   * same work, in a transaction that is rolled back, so the time taken does not tell them apart.
   */
  async function tellOwnerOfSignup(
    req: FastifyRequest,
    email: string,
    owner: { email: string; name: string; language: Language } | undefined,
  ) {
    let told = false;
    await app.db
      .transaction(async (tx) => {
        const due = await claimSignupNotice(tx, keyOf(email), app.clock.now());
        await app.mail.enqueue(
          tx,
          signupAttemptMail(
            wordsFor(owner?.language ?? requestLanguage(req)),
            owner?.email ?? email,
            owner?.name ?? '',
            app.config.appUrl,
            app.config.productName,
          ),
        );
        told = Boolean(owner) && due;
        if (!told) tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    if (told) app.mail.kick();
  }

  app.post(
    '/api/auth/signup',
    { schema: { tags, body: signupBody, response: { 201: authResponse } }, ...limit(10, 15) },
    async (req, reply) => {
      const { name, certificateNo, password } = req.body;
      const email = normalizeEmail(req.body.email);
      const registry = app.config.signupPolicy === 'registry';
      assertAcceptablePassword(password);
      const existing = await findLiveUserSummaryByEmail(app.db, email);
      // Under the registry policy the certificate is looked up whether or not the address is taken.
      let onRecord = true;
      if (registry) onRecord = await certificateOnRecord(app.db, email, certificateNo);
      if (existing || !onRecord) {
        await tellOwnerOfSignup(req, email, existing);
        req.log.info({ userId: existing?.id, event: 'signup_refused' }, 'sign-up refused');
        // Under the open policy anyone may sign up, so only a taken address is refused, and the
        // answer says so: an answer that hid it would have to fake the session a sign-up starts.
        if (existing && !registry) throw conflict(AUTH_MESSAGES.emailTaken);
        throw badRequest(AUTH_MESSAGES.notRegistered);
      }
      const passwordHash = await hashPassword(password);
      const user = await app.db
        .transaction(async (tx) => {
          const created = await insertUser(tx, {
            email,
            name,
            certificateNo,
            passwordHash,
            // Issue 34: the language the guest chose (or their browser's) becomes the member's.
            language: requestLanguage(req),
            createdAt: app.clock.now(),
          });
          await issueVerificationCode(app, tx, created);
          await app.sessions.start(tx, req, reply, created.id);
          return created;
        })
        .catch((err: unknown) => {
          // A concurrent sign-up took the address: answered as above.
          if (!isUniqueViolation(err)) throw err;
          throw registry ? badRequest(AUTH_MESSAGES.notRegistered) : conflict(AUTH_MESSAGES.emailTaken);
        });
      app.mail.kick();
      req.log.info({ userId: user.id, event: 'signup' }, 'account created');
      return reply.status(201).send({ success: true, message: AUTH_MESSAGES.signedUp, user: toUser(user) });
    },
  );

  app.post(
    '/api/auth/verify-email',
    { schema: { tags, body: verifyEmailBody, response: { 200: authResponse } }, ...limit(30, 5) },
    async (req, reply) => {
      const current = signedIn(req).user;
      if (current.isVerified) {
        return { success: true, message: AUTH_MESSAGES.verified, user: toUser(await app.sessions.account(req)) };
      }
      const outcome = await app.db.transaction(async (tx) => {
        const result = await consumeVerificationCode(app, tx, current.id, req.body.code);
        if (!result.ok) return { result };
        const user = await markUserVerified(tx, current.id);
        // The address is proven: the certificates on record under it become this account's.
        await app.registry.claimFor(tx, user);
        await app.sessions.start(tx, req, reply, current.id);
        return { result, user };
      });
      if (!outcome.result.ok) {
        req.log.info({ userId: current.id, event: 'verify_failed' }, 'verification code refused');
        if (outcome.result.void) throw tooMany(AUTH_MESSAGES.codeVoid, 1);
        throw wrongCode('triesLeft' in outcome.result ? outcome.result.triesLeft : undefined);
      }
      req.log.info({ userId: current.id, event: 'verify_ok' }, 'email verified');
      return { success: true, message: AUTH_MESSAGES.verified, user: toUser(outcome.user!) };
    },
  );

  app.post(
    '/api/auth/resend-code',
    { schema: { tags, response: { 200: authResponse } }, ...limit(10, 10) },
    async (req) => {
      const user = await app.sessions.account(req);
      if (user.isVerified) return { success: true, message: AUTH_MESSAGES.verified, user: toUser(user) };
      await assertMayResend(app, user.id);
      await app.db.transaction((tx) => issueVerificationCode(app, tx, user));
      app.mail.kick();
      return { success: true, message: AUTH_MESSAGES.codeSent, user: toUser(user) };
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, body: loginBody, response: { 200: authResponse } }, ...limit(30, 5) },
    async (req, reply) => {
      const email = normalizeEmail(req.body.email);
      const key = keyOf(email);
      const now = app.clock.now();
      // Issue 12: the lock is the address's, whether or not it has an account, so an unknown
      // address runs the same queries and gets the same answers (a dummy argon2 check included).
      // A trashed account cannot sign in: it reads as no account (issue 16).
      const user = await findLiveUserByEmail(app.db, email);
      const lockEnds = await lockedUntil(app.db, key, now);
      if (lockEnds) {
        req.log.info({ userId: user?.id, event: 'login_locked' }, 'login refused: address locked');
        throw tooMany(AUTH_MESSAGES.tooMany, (lockEnds.getTime() - now.getTime()) / 1000);
      }
      const passwordRight = user
        ? await verifyPassword(user.passwordHash, req.body.password)
        : await verifyAgainstDummy(req.body.password);
      if (!user || !passwordRight) {
        const locked = await countFailure(app.db, key, now);
        req.log.info({ userId: user?.id, event: locked ? 'lockout' : 'login_failed' }, 'login refused');
        throw unauthorized(AUTH_MESSAGES.invalidCredentials);
      }
      const updated = await app.db.transaction(async (tx) => {
        // Only an address not locked meanwhile (by a concurrent request) may sign in.
        if (!(await clearFailures(tx, key, now))) return undefined;
        // Issue 19: with a second factor, the session may only give it (mfa/verify).
        if (user.mfaEnabled) {
          await app.sessions.start(tx, req, reply, user.id, { mfaPending: true });
          return (await hasPasskey(tx, user.id)) ? ('mfa-passkey' as const) : ('mfa' as const);
        }
        const row = await recordLogin(tx, user.id, now);
        await app.sessions.start(tx, req, reply, user.id);
        return row;
      });
      if (!updated) {
        req.log.info({ userId: user.id, event: 'login_locked' }, 'login refused: address locked');
        throw tooMany(AUTH_MESSAGES.tooMany, LOCK_MINUTES * 60);
      }
      if (updated === 'mfa' || updated === 'mfa-passkey') {
        req.log.info({ userId: user.id, event: 'login_mfa_pending' }, 'password right, second factor awaited');
        const passkey = updated === 'mfa-passkey' ? { passkey: true as const } : {};
        return { success: true, message: MFA_MESSAGES.codeNeeded, mfaRequired: true as const, ...passkey };
      }
      req.log.info({ userId: user.id, event: 'login_ok' }, 'signed in');
      return { success: true, message: AUTH_MESSAGES.loggedIn, user: toUser(updated) };
    },
  );

  app.post('/api/auth/logout', { schema: { tags, response: { 200: authResponse } } }, async (req, reply) => {
    await app.sessions.end(req, reply);
    if (req.auth) req.log.info({ userId: req.auth.user.id, event: 'logout' }, 'signed out');
    return { success: true, message: AUTH_MESSAGES.loggedOut };
  });

  // Every screen opens with it: the session and the profile come in one statement (decision 0027).
  app.get(
    '/api/auth/check-auth',
    { config: { sessionInHandler: true }, schema: { tags, response: { 200: authResponse } } },
    async (req, reply) => ({
      success: true,
      message: 'Authenticated',
      user: toUser(await app.sessions.profile(req, reply)),
    }),
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags, body: forgotPasswordBody, response: { 200: authResponse } }, ...limit(10, 15) },
    async (req) => {
      const email = normalizeEmail(req.body.email);
      const user = await findLiveUserByEmail(app.db, email);
      // Issue 3: an unknown address (or one over its hourly allowance) does the same work as a
      // known one, in a transaction that is rolled back, so the time taken does not tell them apart.
      const recent = await recentResetCount(app, user?.id ?? NO_USER_ID);
      const owner = user && recent < MAX_RESETS_PER_HOUR ? user : undefined;
      const token = randomToken();
      const now = app.clock.now();
      await app.db
        .transaction(async (tx) => {
          // A newer link voids the older ones.
          await voidOpenResetTokens(tx, owner?.id ?? NO_USER_ID, now);
          if (owner) {
            await insertResetToken(tx, {
              userId: owner.id,
              tokenHash: sha256(token),
              expiresAt: addMinutes(now, RESET_TOKEN_TTL_MINUTES),
              createdAt: now,
            });
          } else {
            await findResetTokenIdsByHash(tx, sha256(token));
          }
          const link = `${app.config.appUrl}/reset-password/${token}`;
          await app.mail.enqueue(
            tx,
            resetMail(
              wordsFor(owner?.language ?? requestLanguage(req)),
              owner?.email ?? email,
              owner?.name ?? '',
              link,
              app.config.productName,
            ),
          );
          if (!owner) tx.rollback();
        })
        .catch((err: unknown) => {
          if (!(err instanceof TransactionRollbackError)) throw err;
        });
      if (owner) {
        app.mail.kick();
        req.log.info({ userId: owner.id, event: 'reset_requested' }, 'password reset requested');
      } else {
        // Logged too (the answer is the same either way): no account, or too many links this hour.
        req.log.info({ event: 'reset_requested', outcome: 'no mail sent' }, 'password reset requested: no mail sent');
      }
      return { success: true, message: AUTH_MESSAGES.forgotSent };
    },
  );

  app.post(
    '/api/auth/reset-password/:token',
    {
      schema: { tags, params: resetPasswordParams, body: resetPasswordBody, response: { 200: authResponse } },
      ...limit(10, 15),
    },
    async (req) => {
      const now = app.clock.now();
      const tokenHash = sha256(req.params.token);
      const candidate = await findUsableResetToken(app.db, tokenHash, now);
      if (!candidate) {
        req.log.info({ event: 'reset_failed' }, 'password reset refused: link invalid, used or expired');
        throw badRequest(AUTH_MESSAGES.resetInvalid);
      }
      assertAcceptablePassword(req.body.password);
      const passwordHash = await hashPassword(req.body.password);
      const user = await app.db.transaction(async (tx) => {
        const claimed = await claimResetToken(tx, candidate.id, now);
        if (!claimed) return undefined;
        // Receiving the link proves the address, so a reset also verifies it. Issue 30 (F6): the
        // device key secret goes with the old password, so a lost phone's drafts stay shut.
        const row = await setPasswordAfterReset(tx, claimed.userId, passwordHash);
        await liftLock(tx, keyOf(row.email), now);
        await app.registry.claimFor(tx, row);
        await app.sessions.endAllFor(tx, claimed.userId);
        await app.mail.enqueue(
          tx,
          passwordChangedMail(
            wordsFor(row.language),
            row.email,
            row.name,
            app.config.supportEmail,
            app.config.productName,
          ),
        );
        return row;
      });
      if (!user) {
        req.log.info({ userId: candidate.userId, event: 'reset_failed' }, 'password reset refused: link already used');
        throw badRequest(AUTH_MESSAGES.resetInvalid);
      }
      app.mail.kick();
      req.log.info({ userId: user.id, event: 'reset_done' }, 'password reset');
      return { success: true, message: AUTH_MESSAGES.resetDone };
    },
  );
}
