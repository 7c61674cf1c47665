import type { Certificate } from '@portal/contract';

/** A certificate as the API answers it, with `over` on top (tests only). */
export const makeCertificate = (over: Partial<Certificate> = {}): Certificate => ({
  _id: '7d1c1a52-6a3e-4d5e-9a59-0b8f1d6f2a10',
  userEmail: 'holder@example.org',
  certificateNo: 'CRA-001',
  name: 'Certified Recycling Advocate',
  status: 'Active',
  validTill: '2031-06-15T23:59:59.999Z',
  downloadLink: '',
  createdAt: '2024-01-01T00:00:00.000Z',
  awardedOn: '2024-01-01T00:00:00.000Z',
  holderName: 'Morgan Member',
  claimed: true,
  verificationUrl: 'http://localhost:3000/verify/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd',
  verificationViews: 0,
  revokedAt: null,
  revocationReason: null,
  credentialIdentifier: 'certificateNo',
  version: 1,
  ...over,
});
