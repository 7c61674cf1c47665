import {
  AUTH_MESSAGES,
  authResponse,
  idParams,
  messageBody,
  MFA_MESSAGES,
  mfaStatus,
  mfaVerifyBody,
  passkeyList,
  passkeyOptions,
  passkeyRegisterBody,
  passkeyRegisterResponse,
  totpEnableBody,
  totpEnableResponse,
  totpSetupResponse,
  USER_MESSAGES,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { wordsFor } from '../../lib/i18n';
import { verifyPassword } from '../../lib/passwords';
import { toPasskey, toUser } from '../../lib/serialize';
import { requireStepUp, signedIn, type UserRow } from '../../plugins/auth';
import { type FactorChange, factorChangedMail, factorsResetMail } from './mails';
import {
  addPasskey,
  authenticationOptions,
  otherFactorLeft,
  registrationOptions,
  usePasskey,
  verifyRegistration,
} from './passkeys';
import {
  deletePasskey,
  enableTotp,
  findOwnPasskey,
  lockUser,
  markMfaEnabled,
  passkeysOf,
  recoveryCodesLeft,
  removeFactors,
  setPendingTotpSecret,
} from './repository';
import {
  assertSecondStepOpen,
  countWrongPassword,
  newRecoveryCodes,
  newTotpSecret,
  PENDING_SECRET_FIELD,
  replaceRecoveryCodes,
  SECRET_FIELD,
  totpStep,
  useSecondFactor,
} from './service';
import { recordLogin } from '../auth';

const limit = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * 60_000 } },
});

/**
 * Issue 19: two-factor sign-in (docs/features.md, "Two-factor sign-in"; decision 0018). Enrolment in TOTP
 * with recovery codes, the second step of a sign-in, the step-up of a full session, and the
 * reset of another user's factors by an admin.
 */
export default async function mfaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor sign-in'];
  const { pii } = app;
  /** Issue 30 (F1): the owner hears of every change to their factors, in the change's transaction. */
  const tellOwner = (tx: Tx, user: Pick<UserRow, 'email' | 'name' | 'language'>, change: FactorChange, at: Date) =>
    app.mail.enqueue(tx, factorChangedMail(wordsFor(user.language), user.email, user.name, change, at, app.config));

  app.get('/api/auth/mfa', { schema: { tags, response: { 200: mfaStatus } } }, async (req) => {
    const user = await app.sessions.account(req);
    return {
      totp: user.totpSecret !== null,
      recoveryCodesLeft: await recoveryCodesLeft(app.db, user.id),
      required: user.isAdmin && app.config.adminMfa === 'required',
    };
  });

  app.post(
    '/api/auth/mfa/totp/setup',
    { schema: { tags, response: { 200: totpSetupResponse } }, ...limit(10, 15) },
    async (req) => {
      // Issue 30 (F1): adding a factor is proved with what the account already has.
      requireStepUp(req);
      const user = await app.sessions.account(req);
      if (user.totpSecret) throw conflict(MFA_MESSAGES.alreadyOn);
      const setup = newTotpSecret(app.config.boardName, user.email);
      await setPendingTotpSecret(app.db, user.id, pii.encrypt(setup.secret, user.id, PENDING_SECRET_FIELD));
      return setup;
    },
  );

  app.post(
    '/api/auth/mfa/totp/enable',
    { schema: { tags, body: totpEnableBody, response: { 200: totpEnableResponse } }, ...limit(10, 15) },
    async (req) => {
      requireStepUp(req);
      const user = await app.sessions.account(req);
      if (user.totpSecret) throw conflict(MFA_MESSAGES.alreadyOn);
      if (!user.totpPendingSecret) throw badRequest(MFA_MESSAGES.noSetup);
      const secret = pii.decrypt(user.totpPendingSecret, user.id, PENDING_SECRET_FIELD);
      const step = await totpStep(secret, req.body.code, app.clock.now());
      if (step === undefined) throw badRequest(MFA_MESSAGES.invalidCode);
      // The recovery codes come with the first factor; after a passkey, the codes already given stay.
      const codes = user.mfaEnabled ? [] : newRecoveryCodes();
      const now = app.clock.now();
      await app.db.transaction(async (tx) => {
        const enabled = await enableTotp(tx, user.id, pii.encrypt(secret, user.id, SECRET_FIELD), step, now);
        if (!enabled) throw conflict(MFA_MESSAGES.alreadyOn);
        if (codes.length > 0) await replaceRecoveryCodes(tx, user.id, codes, now);
        await app.audit(tx, req, { action: 'user.mfa_enable', targetType: 'user', targetId: user.id });
        const more = codes.length > 0 ? 'newCodes' : undefined;
        await tellOwner(tx, user, { change: 'added', factor: { app: true }, more }, now);
      });
      app.mail.kick();
      req.log.info({ userId: user.id, event: 'mfa_enabled' }, 'two-factor sign-in turned on');
      return { recoveryCodes: codes };
    },
  );

  /**
   * The second step of a sign-in (a session waiting for it): a TOTP or recovery code; the session
   * is rotated and full. On a full session, a step-up: the code where the account has a factor,
   * else the password.
   */
  app.post(
    '/api/auth/mfa/verify',
    { schema: { tags, body: mfaVerifyBody, response: { 200: authResponse } }, ...limit(30, 5) },
    async (req, reply) => {
      const { mfaPending, sessionId } = signedIn(req);
      const user = await app.sessions.account(req);
      const { code, password, passkey } = req.body;
      if (user.mfaEnabled && password !== undefined) throw badRequest(MFA_MESSAGES.needCode);
      if (!user.mfaEnabled && password === undefined) throw badRequest(MFA_MESSAGES.needPassword);

      let left: number | undefined;
      /** When the factor given was added (issue 30, F1); null for the password. */
      let factorAddedAt: Date | null = null;
      if (code !== undefined) {
        const used = await useSecondFactor(app, pii, user, code);
        left = used.recoveryCodesLeft;
        factorAddedAt = used.addedAt;
      } else if (passkey !== undefined) {
        factorAddedAt = (await usePasskey(app, user, sessionId, passkey)).addedAt;
      } else {
        await assertSecondStepOpen(app, user.id);
        if (!(await verifyPassword(user.passwordHash, password!))) {
          await countWrongPassword(app, user.id);
          req.log.info({ userId: user.id, event: 'step_up_failed' }, 'step-up refused');
          throw badRequest(MFA_MESSAGES.invalidPassword);
        }
      }
      const extra = left === undefined ? {} : { recoveryCodesLeft: left };

      if (mfaPending) {
        const updated = await app.db.transaction(async (tx) => {
          const row = await recordLogin(tx, user.id, app.clock.now());
          // Not stepped up: a sensitive act asks again (decision 0018), so it is always confirmed on purpose.
          await app.sessions.start(tx, req, reply, user.id);
          return row!;
        });
        req.log.info(
          { userId: user.id, event: 'login_ok', factor: code ? 'code' : passkey ? 'passkey' : 'password' },
          'signed in',
        );
        return { success: true, message: AUTH_MESSAGES.loggedIn, user: toUser(updated), ...extra };
      }
      await app.sessions.stepUp(req, factorAddedAt);
      req.log.info({ userId: user.id, event: 'step_up' }, 'stepped up');
      return { success: true, message: MFA_MESSAGES.confirmed, user: toUser(user), ...extra };
    },
  );

  /** The account's passkeys, by name (never the key or the credential id). */
  app.get('/api/auth/mfa/passkeys', { schema: { tags, response: { 200: passkeyList } } }, async (req) =>
    (await passkeysOf(app.db, signedIn(req).user.id)).map(toPasskey),
  );

  app.post(
    '/api/auth/mfa/passkeys/registration-options',
    { schema: { tags, response: { 200: passkeyOptions } }, ...limit(10, 15) },
    async (req) => {
      requireStepUp(req);
      return { ...(await registrationOptions(app, signedIn(req).user, signedIn(req).sessionId)) };
    },
  );

  /**
   * Adds a passkey, checked against the challenge of this session's registration options. A
   * passkey alone is a second factor: on the account's first, two-factor sign-in turns on and the
   * recovery codes are answered, once, as with TOTP.
   */
  app.post(
    '/api/auth/mfa/passkeys',
    { schema: { tags, body: passkeyRegisterBody, response: { 201: passkeyRegisterResponse } }, ...limit(10, 15) },
    async (req, reply) => {
      requireStepUp(req);
      const { user, sessionId } = signedIn(req);
      const credential = await verifyRegistration(app, sessionId, req.body);
      const now = app.clock.now();
      const codes = newRecoveryCodes();
      const { row, first } = await app.db.transaction(async (tx) => {
        const locked = await lockUser(tx, user.id);
        const added = await addPasskey(tx, user.id, req.body.name, credential, now);
        const isFirst = !locked!.mfaEnabled;
        if (isFirst) {
          await markMfaEnabled(tx, user.id);
          await replaceRecoveryCodes(tx, user.id, codes, now);
          await app.audit(tx, req, { action: 'user.mfa_enable', targetType: 'user', targetId: user.id });
        }
        await app.audit(tx, req, {
          action: 'user.passkey_add',
          targetType: 'user',
          targetId: user.id,
          details: { passkeyId: added.id },
        });
        const more = isFirst ? 'newCodes' : undefined;
        await tellOwner(tx, locked!, { change: 'added', factor: { passkey: added.name }, more }, now);
        return { row: added, first: isFirst };
      });
      app.mail.kick();
      req.log.info({ userId: user.id, event: 'passkey_added' }, 'passkey added');
      reply.code(201);
      return { passkey: toPasskey(row), ...(first ? { recoveryCodes: codes } : {}) };
    },
  );

  /**
   * Removes one of the account's passkeys. Removing the last factor turns two-factor sign-in off
   * (the recovery codes go with it), except for an administrator under ADMIN_MFA=required, who is
   * refused (409): the admin screens would shut at once, and sign-in would skip the second step.
   */
  app.delete(
    '/api/auth/mfa/passkeys/:id',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      requireStepUp(req);
      const userId = signedIn(req).user.id;
      await app.db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        const passkey = await findOwnPasskey(tx, userId, req.params.id);
        if (!passkey) throw notFound(MFA_MESSAGES.passkeyNotFound);
        const last = !(await otherFactorLeft(tx, user!, passkey.id));
        if (last && user!.isAdmin && app.config.adminMfa === 'required') throw conflict(MFA_MESSAGES.lastFactor);
        await deletePasskey(tx, passkey.id);
        if (last) await removeFactors(tx, userId);
        await app.audit(tx, req, {
          action: 'user.passkey_remove',
          targetType: 'user',
          targetId: userId,
          details: { passkeyId: passkey.id, lastFactor: last },
        });
        const more = last ? 'off' : undefined;
        await tellOwner(tx, user!, { change: 'removed', factor: { passkey: passkey.name }, more }, app.clock.now());
      });
      app.mail.kick();
      req.log.info({ userId, event: 'passkey_removed' }, 'passkey removed');
      return { message: MFA_MESSAGES.passkeyRemoved };
    },
  );

  /** The options of an assertion: for the second step of a sign-in, or a step-up (mfa/verify takes it). */
  app.post(
    '/api/auth/mfa/passkeys/authentication-options',
    { schema: { tags, response: { 200: passkeyOptions } }, ...limit(30, 5) },
    async (req) => ({ ...(await authenticationOptions(app, signedIn(req).user, signedIn(req).sessionId)) }),
  );

  /** Only another admin resets someone's factors: audited, every session ended, the owner mailed. */
  app.delete(
    '/api/users/:id/mfa',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      if (req.params.id === signedIn(req).user.id) throw forbidden(MFA_MESSAGES.resetSelf);
      // Issue 30 (F10): taking someone's factors away is as sensitive as changing one's own.
      requireStepUp(req);
      await app.db.transaction(async (tx) => {
        const target = await lockUser(tx, req.params.id);
        if (!target) throw notFound(USER_MESSAGES.notFound);
        await removeFactors(tx, target.id);
        await app.sessions.endAllFor(tx, target.id);
        await app.audit(tx, req, {
          action: 'user.mfa_reset',
          targetType: 'user',
          targetId: target.id,
          details: { hadFactor: target.mfaEnabled },
        });
        await app.mail.enqueue(
          tx,
          factorsResetMail(
            wordsFor(target.language),
            target.email,
            target.name,
            app.config.supportEmail,
            app.config.productName,
          ),
        );
      });
      app.mail.kick();
      return { message: MFA_MESSAGES.resetDone };
    },
  );
}
