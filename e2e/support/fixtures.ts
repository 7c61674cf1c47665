import { type APIRequestContext, expect, request } from '@playwright/test';
import { ADMIN, BASE_URL } from './env';
import { clientHeaders } from './test';
import { waitForMail } from './mail';

let counter = 0;
/** A distinct e-mail per call, across workers and runs. */
export const uniqueEmail = (prefix = 'member') =>
  `${prefix}.${Date.now().toString(36)}.${process.pid}.${++counter}@example.org`;

export const PASSWORD = 'Lantern-Orchard-42';

/** An API context signed in as the administrator the stack was started with. */
export async function adminApi(): Promise<APIRequestContext> {
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, ...clientHeaders() },
  });
  const res = await ctx.post('/api/auth/login', { data: { email: ADMIN.email, password: ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

/** Puts a certificate on record (through the admin API); returns its number. */
export async function createCertificate(
  admin: APIRequestContext,
  body: {
    userEmail: string;
    certificateNo?: string;
    name?: string;
    validTill?: string;
    /** Issue 31: left out, the server's today. */
    awardedOn?: string;
    status?: 'Active' | 'Inactive';
    downloadLink?: string;
    /** The name printed on the certificate (the public page's Holder). */
    holderName?: string;
  },
) {
  const certificateNo = body.certificateNo ?? `CRA-${Date.now().toString(36)}-${++counter}`;
  const validTill = body.validTill ?? new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.post('/api/certificates', {
    data: { name: 'Certified Recycling Advocate', status: 'Active', ...body, certificateNo, validTill },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return { certificateNo, ...(await res.json()) } as { certificateNo: string; _id: string; verificationUrl: string };
}

/**
 * A verified member, made the way a person does it (sign-up, the mailed code), through the API.
 * Returns an API context signed in as them, and their credentials for the browser.
 */
export async function createMember(admin: APIRequestContext, { name = 'Morgan Member', email = uniqueEmail() } = {}) {
  const { certificateNo } = await createCertificate(admin, { userEmail: email });
  const ctx = await request.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { origin: BASE_URL, ...clientHeaders() },
  });
  const signup = await ctx.post('/api/auth/signup', { data: { name, email, certificateNo, password: PASSWORD } });
  expect(signup.status(), await signup.text()).toBe(201);
  const mail = await waitForMail(email, /verification code/i);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const verify = await ctx.post('/api/auth/verify-email', { data: { code } });
  expect(verify.status(), await verify.text()).toBe(200);
  const user = (await verify.json()).user as { _id: string; email: string; name: string };
  return { api: ctx, email, password: PASSWORD, name, certificateNo, user };
}

/**
 * A verified member made an administrator, for a test that changes its own admin's factors (the
 * stack's admin stays without one for the other tests). Making someone an admin is a step-up act
 * (issue 19): `admin` confirms it with the password first.
 */
export async function createAdmin(admin: APIRequestContext, person: { name: string; email: string }) {
  expect((await admin.post('/api/auth/mfa/verify', { data: { password: ADMIN.password } })).status()).toBe(200);
  const member = await createMember(admin, person);
  const promote = await admin.put(`/api/users/${member.user._id}`, {
    data: {
      email: member.email,
      name: member.name,
      certificateNo: member.certificateNo,
      gender: 'Female',
      job: 'Coordinator',
      age: 40,
      isAdmin: true,
    },
  });
  expect(promote.status(), await promote.text()).toBe(200);
  return member;
}
