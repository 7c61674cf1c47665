import {
  AUTH_MESSAGES,
  authResponse,
  idParams,
  messageBody,
  MFA_MESSAGES,
  mfaStatus,
  mfaVerifyBody,
  totpEnableBody,
  totpEnableResponse,
  totpSetupResponse,
  USER_MESSAGES,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { piiKeyring } from '../../lib/keys';
import { verifyPassword } from '../../lib/passwords';
import { createPii } from '../../lib/pii';
import { toUser } from '../../lib/serialize';
import { factorsResetMail } from './mails';
import {
  assertSecondStepOpen,
  countWrongPassword,
  newRecoveryCodes,
  newTotpSecret,
  PENDING_SECRET_FIELD,
  recoveryCodesLeft,
  removeFactors,
  replaceRecoveryCodes,
  SECRET_FIELD,
  totpStep,
  useSecondFactor,
} from './service';

const limit = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * 60_000 } },
});

/**
 * Issue 19: two-factor sign-in (README "Two-factor sign-in", decision 0018). Enrolment in TOTP
 * with recovery codes, the second step of a sign-in, the step-up of a full session, and the
 * reset of another user's factors by an admin.
 */
export default async function mfaRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['two-factor sign-in'];
  const pii = createPii(piiKeyring(app.keys));

  app.get('/api/auth/mfa', { schema: { tags, response: { 200: mfaStatus } } }, async (req) => {
    const { user } = req.auth!;
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
      const { user } = req.auth!;
      if (user.totpSecret) throw conflict(MFA_MESSAGES.alreadyOn);
      const setup = newTotpSecret(app.config.boardName, user.email);
      await app.db
        .update(users)
        .set({ totpPendingSecret: pii.encrypt(setup.secret, user.id, PENDING_SECRET_FIELD) })
        .where(eq(users.id, user.id));
      return setup;
    },
  );

  app.post(
    '/api/auth/mfa/totp/enable',
    { schema: { tags, body: totpEnableBody, response: { 200: totpEnableResponse } }, ...limit(10, 15) },
    async (req) => {
      const { user } = req.auth!;
      if (user.totpSecret) throw conflict(MFA_MESSAGES.alreadyOn);
      if (!user.totpPendingSecret) throw badRequest(MFA_MESSAGES.noSetup);
      const secret = pii.decrypt(user.totpPendingSecret, user.id, PENDING_SECRET_FIELD);
      const step = await totpStep(secret, req.body.code, app.clock.now());
      if (step === undefined) throw badRequest(MFA_MESSAGES.invalidCode);
      const codes = newRecoveryCodes();
      await app.db.transaction(async (tx) => {
        const [enabled] = await tx
          .update(users)
          .set({
            mfaEnabled: true,
            totpSecret: pii.encrypt(secret, user.id, SECRET_FIELD),
            totpPendingSecret: null,
            totpLastStep: step,
          })
          .where(and(eq(users.id, user.id), isNull(users.totpSecret)))
          .returning({ id: users.id });
        if (!enabled) throw conflict(MFA_MESSAGES.alreadyOn);
        await replaceRecoveryCodes(tx, user.id, codes, app.clock.now());
        await app.audit(tx, req, { action: 'user.mfa_enable', targetType: 'user', targetId: user.id });
      });
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
      const { user, mfaPending } = req.auth!;
      const { code, password } = req.body;
      if (user.mfaEnabled && code === undefined) throw badRequest(MFA_MESSAGES.needCode);
      if (!user.mfaEnabled && password === undefined) throw badRequest(MFA_MESSAGES.needPassword);

      let left: number | undefined;
      if (code !== undefined) {
        left = (await useSecondFactor(app, pii, user, code)).recoveryCodesLeft;
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
          const [row] = await tx
            .update(users)
            .set({ lastLogin: app.clock.now() })
            .where(eq(users.id, user.id))
            .returning();
          // Not stepped up: a sensitive act asks again (decision 0018), so it is always confirmed on purpose.
          await app.sessions.start(tx, req, reply, user.id);
          return row!;
        });
        req.log.info({ userId: user.id, event: 'login_ok', factor: code ? 'code' : 'password' }, 'signed in');
        return { success: true, message: AUTH_MESSAGES.loggedIn, user: toUser(updated), ...extra };
      }
      await app.sessions.stepUp(req);
      req.log.info({ userId: user.id, event: 'step_up' }, 'stepped up');
      return { success: true, message: MFA_MESSAGES.confirmed, user: toUser(user), ...extra };
    },
  );

  /** Only another admin resets someone's factors: audited, every session ended, the owner mailed. */
  app.delete(
    '/api/users/:id/mfa',
    { schema: { tags, params: idParams, response: { 200: messageBody } } },
    async (req) => {
      if (req.params.id === req.auth!.user.id) throw forbidden(MFA_MESSAGES.resetSelf);
      await app.db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, req.params.id)).for('update');
        if (!target) throw notFound(USER_MESSAGES.notFound);
        await removeFactors(tx, target.id);
        await app.sessions.endAllFor(tx, target.id);
        await app.audit(tx, req, {
          action: 'user.mfa_reset',
          targetType: 'user',
          targetId: target.id,
          details: { hadFactor: target.mfaEnabled },
        });
        await app.mail.enqueue(tx, factorsResetMail(target.email, target.name, app.config.supportEmail));
      });
      app.mail.kick();
      return { message: MFA_MESSAGES.resetDone };
    },
  );
}
