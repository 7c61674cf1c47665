import type { Certificate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { linkedInAddToProfileUrl } from './linkedin';

const certificate: Certificate = {
  _id: 'c1',
  userEmail: 'm@example.org',
  certificateNo: 'CRA-2001',
  name: 'Certified Recycling Advocate',
  status: 'Active',
  validTill: '2027-01-31T23:59:59.999Z',
  downloadLink: '',
  createdAt: '2027-01-05T10:00:00.000Z',
  awardedOn: '2026-12-01T00:30:00.000Z',
  holderName: 'Morgan Member',
  claimed: true,
  verificationUrl: 'https://portal.example/verify/AbCdEfGhIjKlMnOpQrStUv',
  verificationViews: 0,
  revokedAt: null,
  revocationReason: null,
  credentialIdentifier: 'certificateNo',
  version: 1,
};

describe('linkedInAddToProfileUrl', () => {
  it('fills LinkedIn’s certification form with the name, organisation, months, id and URL', () => {
    const url = new URL(linkedInAddToProfileUrl(certificate, 'Recycling Board & Co'));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Certified Recycling Advocate',
      organizationName: 'Recycling Board & Co',
      issueYear: '2026',
      issueMonth: '12',
      expirationYear: '2027',
      expirationMonth: '1',
      certUrl: 'https://portal.example/verify/AbCdEfGhIjKlMnOpQrStUv',
      certId: 'CRA-2001',
    });
  });
});
