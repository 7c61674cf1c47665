import { certificate, user, verification } from '@portal/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { compileAll, responseJsonSchema, serializerCompiler, zodSerialized } from './serializer';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const compiled = (schema: unknown) => serializerCompiler(route(schema) as never);
const byZod = (schema: unknown) => zodSerializerCompiler(route(schema) as never);

const aCertificate = {
  _id: '0b5c7c1e-2a4b-4a8e-9c5d-1f2e3d4c5b6a',
  userEmail: 'ada@example.org',
  certificateNo: 'CRA-1 "quoted" \u2028 </script>',
  name: 'Certified Recycling Advocate',
  status: 'Active',
  validTill: '2027-03-03T00:00:00.000Z',
  downloadLink: '',
  createdAt: '2026-01-01T10:00:00.000Z',
  awardedOn: '2025-12-15T00:00:00.000Z',
  credentialIdentifier: 'certificateNo',
  holderName: 'Ada Lovelace',
  claimed: true,
  verificationUrl: 'http://localhost:3000/verify/abc',
  verificationViews: 3,
  revokedAt: null,
  revocationReason: null,
  version: 2,
};

describe('compiled answers (decision 0024)', () => {
  it('write what zod would write, for lists, nested objects and nulls', () => {
    const list = z.array(certificate);
    const rows = [
      aCertificate,
      {
        ...aCertificate,
        downloadLink: 'https://x.example/a.pdf',
        revokedAt: '2026-05-01T00:00:00.000Z',
        revocationReason: 'error',
      },
    ];
    expect(JSON.parse(compiled(list)(rows))).toEqual(JSON.parse(byZod(list)(rows)));
    const facts = {
      verificationId: 'abc',
      board: {
        name: 'Board',
        url: 'https://board.example',
        logoUrl: 'https://board.example/logo.svg',
        contactEmail: 'verify@board.example',
      },
      holderName: 'Ada',
      credentialName: 'CRA',
      description: 'CRA, a credential of the Board.',
      criteria: null,
      certificateNo: 'CRA-1',
      issuedOn: '2026-01-01T00:00:00.000Z',
      validTill: '2027-01-01T00:00:00.000Z',
      status: 'Revoked',
      statusSince: '2026-06-01T00:00:00.000Z',
      renewalInProgress: false,
      checks: { issuedByBoard: true, signatureIntact: true, notRevoked: false, notSuspended: true, notExpired: true },
      checkedAt: '2026-11-27T10:00:00.000Z',
      signature: {
        valid: true,
        issuer: 'did:web:localhost%3A3000',
        signedAt: null,
        cryptosuite: 'eddsa-rdfc-2022',
        credentialId: null,
        statusListCredential: 'http://localhost:3000/api/status-lists/revocation/1',
      },
    };
    expect(JSON.parse(compiled(verification)(facts))).toEqual(JSON.parse(byZod(verification)(facts)));
  });

  it('never write a property the contract does not name', () => {
    const row = { ...aCertificate, credential: { secret: 'signed' }, holderId: 'u1', deletedAt: null };
    const out = JSON.parse(compiled(certificate)(row));
    expect(out).not.toHaveProperty('credential');
    expect(out).not.toHaveProperty('holderId');
    expect(Object.keys(out).sort()).toEqual(Object.keys(aCertificate).sort());
    const account = JSON.parse(compiled(user)({ ...sampleUser(), passwordHash: '$argon2id$…', mfaSecret: 'x' }));
    expect(account).not.toHaveProperty('passwordHash');
    expect(account).not.toHaveProperty('mfaSecret');
  });

  it('refuse an answer that lacks a field the contract requires', () => {
    const { certificateNo: _, ...partial } = aCertificate;
    expect(() => compiled(certificate)(partial)).toThrow(/certificateNo/);
  });

  it('turn T | null into a nullable type, not a per-value branch', () => {
    const json = responseJsonSchema(z.object({ a: z.string().nullable(), b: z.number().nullable() }));
    expect(json).toMatchObject({ properties: { a: { type: ['string', 'null'] }, b: { type: ['number', 'null'] } } });
  });

  it('leave a schema JSON Schema cannot express to zod', () => {
    const odd = z.string().transform((s) => s.length);
    expect(compiled(odd)('abc')).toBe('3');
    expect(zodSerialized.has('GET /x 200')).toBe(true);
  });
});

function sampleUser() {
  return {
    _id: 'u1',
    email: 'ada@example.org',
    name: 'Ada',
    job: 'Advocate',
    age: null,
    picture: null,
    gender: null,
    phoneNo: null,
    address: null,
    certificateNo: 'CRA-1',
    isAdmin: false,
    isVerified: true,
    reminderEmails: true,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    mfaEnabled: false,
    language: 'en',
  };
}

describe('every route of the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    zodSerialized.clear();
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('has its answers compiled', () => {
    compileAll();
    expect([...zodSerialized]).toEqual([]);
  });
});
