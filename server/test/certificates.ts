import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './harness';

/** The day `days` from today (UTC), as the API's date fields take it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A certificate number no other test uses. */
export const certificateNumber = () => `CRA-${crypto.randomBytes(4).toString('hex')}`;

/** The path and query of an absolute URL the app gave out, to send it to the app again. */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

export interface IssuedCertificate {
  _id: string;
  certificateNo: string;
  userEmail: string;
  verificationUrl: string;
  /** The last segment of the verification URL. */
  verificationId: string;
}

/**
 * Puts a certificate on record through `POST /api/certificates`, as the admin whose cookie is
 * given: a fresh number, the usual name, valid for a year, unless `payload` says otherwise.
 */
export async function issueCertificate(
  app: FastifyInstance,
  adminCookie: string,
  payload: Record<string, unknown> & { userEmail: string },
): Promise<IssuedCertificate> {
  const res = await call(app, adminCookie, {
    method: 'POST',
    url: '/api/certificates',
    payload: {
      certificateNo: certificateNumber(),
      name: 'Certified Recycling Advocate',
      validTill: inDays(365),
      ...payload,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const cert = res.json() as Omit<IssuedCertificate, 'verificationId'>;
  return { ...cert, verificationId: cert.verificationUrl.split('/').pop()! };
}
