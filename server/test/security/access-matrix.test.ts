import crypto from 'node:crypto';
import {
  DEFAULT_RECERTIFICATION_RULES,
  OID4VCI_CONFIGURATION_ID,
  PRE_AUTHORIZED_CODE_GRANT,
  ROUTES,
} from '@portal/contract';
import type { InjectOptions } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxItems, passkeys, passwordResetTokens, verificationCodes } from '../../src/db/schema';
import { addMinutes } from '../../src/lib/clock';
import { hmac, randomToken, sha256 } from '../../src/lib/tokens';
import { SoftAuthenticator } from '../authenticator';
import { call, createTestApp, GOOD_PASSWORD, stepUp, type TestApp } from '../harness';
import { createResumable, TUS_HEADERS, tusMetadata } from '../resumable';
import { docx, multipart } from '../uploads';
import { ACCESS_MATRIX, CALLERS, type Caller } from './access-matrix';
import {
  adminEditPayload,
  certificateOfA,
  certificatePayload,
  expectOk,
  jobPayload,
  makeWorld,
  notificationPayload,
  csvPart,
  pdfPart,
  pngPart,
  profilePayload,
  reportOfA,
  signupPayload,
  uploadImage,
  type World,
} from './world';

/**
 * The request each matrix row sends, built afresh for every cell on a world of its own (new
 * callers, member A's records made through the API), so no cell depends on another.
 */
type Build = (w: World, caller: Caller) => InjectOptions | Promise<InjectOptions>;

const newJob = async (w: World) =>
  (await expectOk(w.t, w.admin, { method: 'POST', url: '/api/jobs', payload: jobPayload }, 201))._id as string;
/** A job in the trash (issue 16). */
const trashedJob = async (w: World) => {
  const id = await newJob(w);
  await stepUp(w.t, w.admin.cookie, { password: GOOD_PASSWORD });
  await expectOk(w.t, w.admin, { method: 'DELETE', url: `/api/jobs/${id}` }, 200);
  return id;
};
const newNotification = async (w: World) =>
  (await expectOk(w.t, w.admin, { method: 'POST', url: '/api/notifications/add', payload: notificationPayload }, 201))
    ._id as string;

let activitySerial = 0;
/** An activity on a certificate awarded today (certificatePayload): completed today, in its cycle. */
const ceActivityPayload = (certificateId: string) => ({
  certificateId,
  title: `Sorting workshop ${++activitySerial}`,
  provider: 'County Recycling Academy',
  completedOn: new Date().toISOString().slice(0, 10),
  hours: 2,
  category: 'practice',
});
/** Member A's activity on their certificate, and the fields a PUT sends back. */
const ceActivityOfA = async (w: World) => {
  const { certificateId, ...fields } = ceActivityPayload((await certificateOfA(w)).id);
  const payload = { certificateId, ...fields };
  const body = await expectOk(w.t, w.memberA, { method: 'POST', url: '/api/ce-activities', payload }, 201);
  return { id: body._id as string, fields };
};

/** What the default rules ask, logged by member A on their certificate: 20 hours, 12 in practice and 8 in outreach. */
const meetRulesOfA = async (w: World, certificateId: string) => {
  const ids: string[] = [];
  for (const [category, hours] of [
    ['practice', 8],
    ['practice', 4],
    ['outreach', 8],
  ] as const) {
    const payload = { ...ceActivityPayload(certificateId), category, hours };
    ids.push(
      (await expectOk(w.t, w.memberA, { method: 'POST', url: '/api/ce-activities', payload }, 201))._id as string,
    );
  }
  return ids;
};
/** Member A's open application (Submitted: no draw for audit) and the ids of its activities. */
const applicationOfA = async (w: World) => {
  const rules = { ...DEFAULT_RECERTIFICATION_RULES, auditPercent: 0 };
  await expectOk(w.t, w.admin, { method: 'PUT', url: '/api/settings/recertification', payload: rules }, 200);
  const { id } = await certificateOfA(w);
  const activities = await meetRulesOfA(w, id);
  const apply = { method: 'POST' as const, url: `/api/certificates/${id}/renewals`, payload: { attestation: true } };
  return { id: (await expectOk(w.t, w.memberA, apply, 201)).id as string, activities };
};

/** A passkey row of the user, as an enrolment would have stored it (its key is never checked here). */
const passkeyOf = async (w: World, userId: string) => {
  const [row] = await w.t.database.db
    .insert(passkeys)
    .values({ userId, credentialId: crypto.randomUUID(), publicKey: Buffer.from('key'), name: 'Key' })
    .returning();
  return row!.id;
};

/** Decision 0042: a fresh wallet offer of member A's certificate, made by member A. */
const walletOfferOfA = async (w: World) => {
  const { id } = await certificateOfA(w);
  const offer = { method: 'POST' as const, url: `/api/certificates/${id}/wallet-offer` };
  return (await expectOk(w.t, w.memberA, offer, 201)) as {
    credentialUrl: string;
    exchangeUrl: string;
    openidCredentialOffer: string;
  };
};
/** The OID4VCI token request for a fresh offer's pre-authorized code. */
const preAuthorizedCodeForm = async (w: World) => {
  const offer = new URL((await walletOfferOfA(w)).openidCredentialOffer).searchParams.get('credential_offer')!;
  const grant = (JSON.parse(offer) as { grants: Record<string, { 'pre-authorized_code': string }> }).grants[
    PRE_AUTHORIZED_CODE_GRANT
  ]!;
  return { grant_type: PRE_AUTHORIZED_CODE_GRANT, 'pre-authorized_code': grant['pre-authorized_code'] };
};

/**
 * The rows whose act needs a step-up (issue 19; issue 30, F1 and F10): before them, every caller
 * with a full session steps up with the password, as the web app's dialog does, so that a cell
 * shows the route's rule. Refusals without the step-up are tested in test/accounts/two-factor.test.ts.
 */
const STEP_UP_ROWS = new Set([
  'POST /api/auth/mfa/totp/setup',
  'POST /api/auth/mfa/totp/enable',
  'POST /api/auth/mfa/passkeys/registration-options',
  'POST /api/auth/mfa/passkeys',
  'DELETE /api/auth/mfa/passkeys/:id',
  'DELETE /api/users/:id/mfa',
  'POST /api/reports/:id/reveal-ssn',
  'POST /api/exports/hmis',
  'POST /api/bulk-delete',
  'POST /api/certificates/bulk-status',
  'POST /api/certificates/bulk-revoke',
  'DELETE /api/certificates/:id',
  'DELETE /api/reports/:id',
  'DELETE /api/jobs/:id',
  'DELETE /api/users/:id',
  'DELETE /api/notifications/:id',
  'DELETE /api/trash/:type/:id',
]);
const steppedUp = async (w: World, caller: Caller) => {
  if (caller === 'memberA' || caller === 'memberB' || caller === 'admin') {
    await stepUp(w.t, w[caller].cookie, { password: GOOD_PASSWORD });
  }
};

/** An unfinished resumable upload of member A's (issue 18 part 5): its URL. */
const resumableOfA = async (w: World) => {
  const res = await createResumable(w.t.app, w.memberA.cookie, { length: 100 });
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
};

const REQUESTS: Record<string, Build> = {
  'POST /api/auth/signup': async (w) => ({
    method: 'POST',
    url: '/api/auth/signup',
    payload: await signupPayload(w.t),
  }),
  'POST /api/auth/login': (w) => ({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: w.memberA.email, password: GOOD_PASSWORD },
  }),
  'POST /api/auth/forgot-password': (w) => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: w.memberA.email },
  }),
  'POST /api/auth/reset-password/:token': async (w) => {
    const token = randomToken();
    const now = w.t.clock.now();
    await w.t.database.db
      .insert(passwordResetTokens)
      .values({ userId: w.memberA.id, tokenHash: sha256(token), expiresAt: addMinutes(now, 60), createdAt: now });
    return { method: 'POST', url: `/api/auth/reset-password/${token}`, payload: { password: 'Another-Orchard-77' } };
  },
  'POST /api/auth/mfa/totp/enable': async (w, caller) => {
    if (caller !== 'memberA' && caller !== 'memberB' && caller !== 'admin') {
      return { method: 'POST', url: '/api/auth/mfa/totp/enable', payload: { code: '123456' } };
    }
    const setup = { method: 'POST' as const, url: '/api/auth/mfa/totp/setup' };
    const { secret } = (await expectOk(w.t, w[caller], setup, 200)) as { secret: string };
    const code = await generate({ secret, epoch: Math.floor(w.t.clock.now().getTime() / 1000) });
    return { method: 'POST', url: '/api/auth/mfa/totp/enable', payload: { code } };
  },
  // The pending admin gives the code; every full session steps up with the password.
  'POST /api/auth/mfa/verify': async (w, caller) => ({
    method: 'POST',
    url: '/api/auth/mfa/verify',
    payload:
      caller === 'pending'
        ? {
            code: await generate({ secret: w.pending.totpSecret, epoch: Math.floor(w.t.clock.now().getTime() / 1000) }),
          }
        : { password: GOOD_PASSWORD },
  }),
  'DELETE /api/users/:id/mfa': (w) => ({ method: 'DELETE', url: `/api/users/${w.memberA.id}/mfa` }),
  // A software authenticator answers the caller's own registration options.
  'POST /api/auth/mfa/passkeys': async (w, caller) => {
    const authenticator = new SoftAuthenticator();
    if (caller !== 'memberA' && caller !== 'memberB' && caller !== 'admin') {
      return {
        method: 'POST',
        url: '/api/auth/mfa/passkeys',
        payload: { name: 'Key', response: authenticator.register({ challenge: 'eA' }) },
      };
    }
    const options = { method: 'POST' as const, url: '/api/auth/mfa/passkeys/registration-options' };
    const { challenge } = (await expectOk(w.t, w[caller], options, 200)) as { challenge: string };
    return {
      method: 'POST',
      url: '/api/auth/mfa/passkeys',
      payload: { name: 'Key', response: authenticator.register({ challenge }) },
    };
  },
  'DELETE /api/auth/mfa/passkeys/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/auth/mfa/passkeys/${await passkeyOf(w, w.memberA.id)}`,
  }),
  'POST /api/auth/mfa/passkeys/authentication-options': async (w, caller) => {
    if (caller !== 'guest') await passkeyOf(w, w[caller].id);
    return { method: 'POST', url: '/api/auth/mfa/passkeys/authentication-options' };
  },
  'POST /api/auth/verify-email': async (w) => {
    // The unverified caller's code is right; the verified callers are told they are verified.
    const code = '482913';
    const now = w.t.clock.now();
    await w.t.database.db.insert(verificationCodes).values({
      userId: w.unverified.id,
      codeHash: hmac(w.t.app.keys.codeHmac, code),
      expiresAt: addMinutes(now, 10),
      createdAt: now,
    });
    return { method: 'POST', url: '/api/auth/verify-email', payload: { code } };
  },

  'GET /api/certificates/:userEmail': async (w) => {
    await certificateOfA(w);
    return { method: 'GET', url: `/api/certificates/${encodeURIComponent(w.memberA.email)}` };
  },
  'POST /api/certificates': (w) => ({
    method: 'POST',
    url: '/api/certificates',
    payload: certificatePayload(w.memberA.email),
  }),
  'PUT /api/certificates/:id': async (w) => ({
    method: 'PUT',
    url: `/api/certificates/${(await certificateOfA(w)).id}`,
    payload: certificatePayload(w.memberA.email),
  }),
  'DELETE /api/certificates/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/certificates/${(await certificateOfA(w)).id}`,
  }),

  'GET /api/certificates/:id/pdf': async (w) => ({
    method: 'GET',
    url: `/api/certificates/${(await certificateOfA(w)).id}/pdf`,
  }),
  'GET /api/certificates/:id/credential': async (w) => ({
    method: 'GET',
    url: `/api/certificates/${(await certificateOfA(w)).id}/credential`,
  }),
  'PUT /api/certificates/:id/identifier': async (w) => ({
    method: 'PUT',
    url: `/api/certificates/${(await certificateOfA(w)).id}/identifier`,
    payload: { kind: 'email' },
  }),
  'POST /api/certificates/:id/revoke': async (w) => ({
    method: 'POST',
    url: `/api/certificates/${(await certificateOfA(w)).id}/revoke`,
    payload: { reason: 'Exam fraud' },
  }),
  'POST /api/certificates/:id/reinstate': async (w) => {
    const { id } = await certificateOfA(w);
    const revoke = { method: 'POST' as const, url: `/api/certificates/${id}/revoke`, payload: { reason: 'Check' } };
    await expectOk(w.t, w.admin, revoke, 200);
    return { method: 'POST', url: `/api/certificates/${id}/reinstate`, payload: {} };
  },
  'POST /api/certificates/:id/wallet-offer': async (w) => ({
    method: 'POST',
    url: `/api/certificates/${(await certificateOfA(w)).id}/wallet-offer`,
  }),
  // Decision 0042: a fresh offer of member A's certificate, taken by whoever calls (the secret is the key).
  'GET /api/wallet/credentials/:token': async (w) => ({
    method: 'GET',
    url: new URL((await walletOfferOfA(w)).credentialUrl).pathname,
  }),
  'POST /api/wallet/exchanges/:token': async (w) => ({
    method: 'POST',
    url: new URL((await walletOfferOfA(w)).exchangeUrl).pathname,
    payload: {},
  }),
  'POST /api/wallet/oid4vci/token': async (w) => ({
    method: 'POST',
    url: '/api/wallet/oid4vci/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(await preAuthorizedCodeForm(w)).toString(),
  }),
  'POST /api/wallet/oid4vci/credential': async (w) => {
    const token = w.t.app.inject({
      method: 'POST',
      url: '/api/wallet/oid4vci/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(await preAuthorizedCodeForm(w)).toString(),
    });
    const { access_token } = (await token).json() as { access_token: string };
    return {
      method: 'POST',
      url: '/api/wallet/oid4vci/credential',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { credential_configuration_id: OID4VCI_CONFIGURATION_ID },
    };
  },
  'GET /api/verify/:verificationId': async (w) => {
    const { verificationUrl } = await certificateOfA(w);
    return { method: 'GET', url: `/api/verify/${verificationUrl.split('/').pop()!}` };
  },
  'GET /api/status-lists/:purpose/:list': () => ({ method: 'GET', url: '/api/status-lists/revocation/1' }),

  'POST /api/upload-file#image': async () => ({ method: 'POST', url: '/api/upload-file', ...(await pngPart()) }),
  'POST /api/upload-file#document': () => ({ method: 'POST', url: '/api/upload-file', ...pdfPart() }),
  'POST /api/upload-file#word': () => ({
    method: 'POST',
    url: '/api/upload-file',
    ...multipart({
      filename: 'certificate.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: docx(),
    }),
  }),
  'POST /api/upload': async () => ({ method: 'POST', url: '/api/upload', ...(await pngPart('image')) }),
  'POST /api/uploads/tus': () => ({
    method: 'POST',
    url: '/api/uploads/tus',
    headers: { ...TUS_HEADERS, 'upload-length': '100', 'upload-metadata': tusMetadata({ filetype: 'video/mp4' }) },
  }),
  'HEAD /api/uploads/tus/:id': async (w) => ({ method: 'HEAD', url: await resumableOfA(w), headers: TUS_HEADERS }),
  'PATCH /api/uploads/tus/:id': async (w) => ({
    method: 'PATCH',
    url: await resumableOfA(w),
    headers: { ...TUS_HEADERS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.alloc(10),
  }),
  'DELETE /api/uploads/tus/:id': async (w) => ({ method: 'DELETE', url: await resumableOfA(w), headers: TUS_HEADERS }),
  'GET /api/files/:id#unattached-upload': async (w) => ({ method: 'GET', url: await uploadImage(w, w.memberA) }),
  'GET /api/files/:id#report-image': async (w) => ({ method: 'GET', url: (await reportOfA(w)).imageUrl }),
  'GET /api/files/:id#certificate-document': async (w) => ({
    method: 'GET',
    url: (await certificateOfA(w)).downloadLink,
  }),
  'GET /api/files/:id#profile-picture': async (w) => {
    const picture = await uploadImage(w, w.memberA);
    const payload = profilePayload(w.memberA.email, { picture });
    await expectOk(w.t, w.memberA, { method: 'PUT', url: `/api/users/${w.memberA.id}`, payload }, 200);
    return { method: 'GET', url: picture };
  },

  'POST /api/reports': () => ({ method: 'POST', url: '/api/reports', payload: { clientName: 'Someone' } }),
  'GET /api/reports/:id': async (w) => ({ method: 'GET', url: `/api/reports/${(await reportOfA(w)).id}` }),
  'POST /api/reports/:id/reveal-ssn': async (w) => ({
    method: 'POST',
    url: `/api/reports/${(await reportOfA(w)).id}/reveal-ssn`,
    payload: { reason: 'Case review' },
  }),
  'DELETE /api/reports/:id': async (w) => ({ method: 'DELETE', url: `/api/reports/${(await reportOfA(w)).id}` }),

  'POST /api/jobs': () => ({ method: 'POST', url: '/api/jobs', payload: jobPayload }),
  'PUT /api/jobs/:id': async (w) => ({ method: 'PUT', url: `/api/jobs/${await newJob(w)}`, payload: jobPayload }),
  'DELETE /api/jobs/:id': async (w) => ({ method: 'DELETE', url: `/api/jobs/${await newJob(w)}` }),

  // Member A's profile: each caller sends what their own screen would.
  'PUT /api/users/:id': (w, caller) => ({
    method: 'PUT',
    url: `/api/users/${w.memberA.id}`,
    payload: caller === 'admin' ? adminEditPayload(w.memberA.email) : profilePayload(w.memberA.email),
  }),
  'DELETE /api/users/:id': (w) => ({ method: 'DELETE', url: `/api/users/${w.memberA.id}` }),

  'PUT /api/help-content': () => ({
    method: 'PUT',
    url: '/api/help-content',
    payload: { instructions: ['One', 'Two'], contactDetails: ['Desk', 'Phone'], emails: ['a@example.org', 'b@x.org'] },
  }),
  'DELETE /api/help-content/instructions/:index': () => ({
    method: 'DELETE',
    url: '/api/help-content/instructions/0',
  }),
  'DELETE /api/help-content/contact-details/:index': () => ({
    method: 'DELETE',
    url: '/api/help-content/contact-details/0',
  }),
  'DELETE /api/help-content/emails/:index': () => ({ method: 'DELETE', url: '/api/help-content/emails/0' }),

  'POST /api/notifications/add': () => ({
    method: 'POST',
    url: '/api/notifications/add',
    payload: notificationPayload,
  }),
  'DELETE /api/notifications/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/notifications/${await newNotification(w)}`,
  }),

  'PUT /api/settings/renewal-reminders': () => ({
    method: 'PUT',
    url: '/api/settings/renewal-reminders',
    payload: { offsetsDays: [30, 7] },
  }),
  'PUT /api/settings/recertification': () => ({
    method: 'PUT',
    url: '/api/settings/recertification',
    payload: DEFAULT_RECERTIFICATION_RULES,
  }),
  'GET /api/ce-activities': async (w) => ({
    method: 'GET',
    url: `/api/ce-activities?certificateId=${(await certificateOfA(w)).id}`,
  }),
  'POST /api/ce-activities': async (w) => ({
    method: 'POST',
    url: '/api/ce-activities',
    payload: ceActivityPayload((await certificateOfA(w)).id),
  }),
  'PUT /api/ce-activities/:id': async (w) => {
    const activity = await ceActivityOfA(w);
    return { method: 'PUT', url: `/api/ce-activities/${activity.id}`, payload: activity.fields };
  },
  'DELETE /api/ce-activities/:id': async (w) => ({
    method: 'DELETE',
    url: `/api/ce-activities/${(await ceActivityOfA(w)).id}`,
  }),
  'GET /api/certificates/:id/recertification': async (w) => ({
    method: 'GET',
    url: `/api/certificates/${(await certificateOfA(w)).id}/recertification`,
  }),
  'POST /api/certificates/:id/renewals': async (w) => {
    const { id } = await certificateOfA(w);
    await meetRulesOfA(w, id);
    return { method: 'POST', url: `/api/certificates/${id}/renewals`, payload: { attestation: true } };
  },
  'GET /api/renewals/:id': async (w) => ({ method: 'GET', url: `/api/renewals/${(await applicationOfA(w)).id}` }),
  'POST /api/renewals/audit-sample': () => ({
    method: 'POST',
    url: '/api/renewals/audit-sample',
    payload: { percent: 10 },
  }),
  'POST /api/renewals/:id/approve': async (w) => ({
    method: 'POST',
    url: `/api/renewals/${(await applicationOfA(w)).id}/approve`,
  }),
  'POST /api/renewals/:id/reject': async (w) => ({
    method: 'POST',
    url: `/api/renewals/${(await applicationOfA(w)).id}/reject`,
    payload: { reason: 'Not accredited' },
  }),
  'POST /api/ce-activities/:id/approve': async (w) => ({
    method: 'POST',
    url: `/api/ce-activities/${(await applicationOfA(w)).activities[0]}/approve`,
  }),
  'POST /api/ce-activities/:id/reject': async (w) => ({
    method: 'POST',
    url: `/api/ce-activities/${(await applicationOfA(w)).activities[0]}/reject`,
    payload: { reason: 'No evidence' },
  }),
  'POST /api/ce-activities/import': () => ({
    method: 'POST',
    url: '/api/ce-activities/import?dryRun=true',
    ...csvPart('certificateNo,title,provider,date,hours,category\nMATRIX-1,Sorting,Academy,2026-01-01,2,practice\n'),
  }),
  'POST /api/certificates/import': () => ({
    method: 'POST',
    url: '/api/certificates/import?dryRun=true',
    ...csvPart(
      'userEmail,certificateNo,name,status,validTill\nsomeone@example.org,MATRIX-1,Advocate,Active,2030-01-01\n',
    ),
  }),
  'POST /api/certificates/bulk-renew': async (w) => ({
    method: 'POST',
    url: '/api/certificates/bulk-renew',
    payload: { ids: [(await certificateOfA(w)).id], extendMonths: 12 },
  }),
  'POST /api/certificates/bulk-status': async (w) => ({
    method: 'POST',
    url: '/api/certificates/bulk-status',
    payload: { ids: [(await certificateOfA(w)).id], status: 'Inactive' },
  }),
  'POST /api/certificates/bulk-revoke': async (w) => ({
    method: 'POST',
    url: '/api/certificates/bulk-revoke',
    payload: { ids: [(await certificateOfA(w)).id], reason: 'Access matrix' },
  }),
  'POST /api/bulk-delete': async (w) => ({
    method: 'POST',
    url: '/api/bulk-delete',
    payload: { type: 'job', ids: [await newJob(w)] },
  }),
  'POST /api/trash/:type/:id/restore': async (w) => ({
    method: 'POST',
    url: `/api/trash/job/${await trashedJob(w)}/restore`,
  }),
  'POST /api/trash/restore': async (w) => ({
    method: 'POST',
    url: '/api/trash/restore',
    payload: { type: 'job', ids: [await trashedJob(w), await trashedJob(w)] },
  }),
  'DELETE /api/trash/:type/:id': async (w) => ({ method: 'DELETE', url: `/api/trash/job/${await trashedJob(w)}` }),
  'POST /api/inbox/:id/read': async (w) => {
    const [item] = await w.t.database.db
      .insert(inboxItems)
      .values({ userId: w.memberA.id, kind: 'renewal-reminder', title: 'T', message: 'M', createdAt: new Date() })
      .returning();
    return { method: 'POST', url: `/api/inbox/${item!.id}/read` };
  },
  'POST /api/exports/hmis/check': () => ({
    method: 'POST',
    url: '/api/exports/hmis/check',
    payload: { from: '2025-01-01', to: '2025-01-31' },
  }),
  'POST /api/exports/hmis': () => ({
    method: 'POST',
    url: '/api/exports/hmis',
    payload: { from: '2025-01-01', to: '2025-01-31', reason: 'Access check' },
  }),
  'GET /api/reminders/unsubscribe': (w) => ({
    method: 'GET',
    url: `/api/reminders/unsubscribe?token=${w.t.app.reminders.unsubscribeToken(w.memberA.id)}`,
  }),
  'POST /api/reminders/unsubscribe': (w) => ({
    method: 'POST',
    url: `/api/reminders/unsubscribe?token=${w.t.app.reminders.unsubscribeToken(w.memberA.id)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  }),
};

/** A row without a request of its own: the route with every `:param` a random uuid, no body. */
const defaultRequest = (key: string): InjectOptions => {
  const [method, path] = key.split('#')[0]!.split(' ') as [InjectOptions['method'], string];
  return { method, url: path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID()) };
};

const routeOf = (key: string) => key.split('#')[0]!;
const contractRoutes = ROUTES.map((r) => `${r.method} ${r.path}`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the access matrix covers the route table', () => {
  it('has a row for every route of the contract', () => {
    const covered = new Set(Object.keys(ACCESS_MATRIX).map(routeOf));
    expect(contractRoutes.filter((route) => !covered.has(route))).toEqual([]);
  });

  it('has no row for a route the contract does not have', () => {
    expect(Object.keys(ACCESS_MATRIX).filter((key) => !contractRoutes.includes(routeOf(key)))).toEqual([]);
  });

  it('builds requests only for rows of the matrix', () => {
    expect(Object.keys(REQUESTS).filter((key) => !(key in ACCESS_MATRIX))).toEqual([]);
  });
});

describe('every caller gets the status of the matrix', () => {
  let checked = 0;
  afterAll(() => {
    // Guards against a loop that silently checks nothing.
    expect(checked).toBe(Object.keys(ACCESS_MATRIX).length * CALLERS.length);
  });

  it.each(Object.entries(ACCESS_MATRIX))('%s', async (key, row) => {
    const mismatches: string[] = [];
    for (const [column, caller] of CALLERS.entries()) {
      const w = await makeWorld(t);
      if (STEP_UP_ROWS.has(routeOf(key))) await steppedUp(w, caller);
      const opts = await (REQUESTS[key] ?? (() => defaultRequest(key)))(w, caller);
      const cookie = caller === 'guest' ? undefined : w[caller].cookie;
      const res = await call(t.app, cookie, opts);
      checked++;
      if (res.statusCode !== row[column]) {
        mismatches.push(`${caller}: expected ${row[column]}, got ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
