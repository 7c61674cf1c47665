import { describe, expect, it } from 'vitest';
import {
  type CredentialFacts,
  didWebFor,
  identityHash,
  isoSeconds,
  openBadgeCredential,
  reasonFor,
  stands,
  statesRecord,
} from './credential';
import { emptyBits, placeFor, placeKey, STATUS_LIST_LENGTH, withBitsSet } from './status-list';

/** What a copy states, and the lists' bits: the rules without a database or a key. */

const issuer = {
  did: 'did:web:portal.example.org',
  appUrl: 'https://portal.example.org',
  boardName: 'Recycling Board',
  boardUrl: 'https://board.example.org',
  boardLogoUrl: 'https://board.example.org/logo.png',
};
const facts: CredentialFacts = {
  verificationId: 'v-1',
  name: 'Recycling Advocate',
  certificateNo: 'CRA-1',
  holderName: 'Morgan Member',
  userEmail: 'morgan@example.org',
  identifyByEmail: false,
  awardedOn: new Date('2026-01-02T03:04:05.678Z'),
  validTill: new Date('2028-01-02T00:00:00.000Z'),
  creditsEarned: null,
  creditsAvailable: null,
};
const copy = { credentialId: 'https://portal.example.org/verify/v-1/versions/1', statusList: 1, statusPosition: 42 };
const signed = (f: CredentialFacts = facts) =>
  openBadgeCredential(issuer, f, copy, 'salt', 'https://portal.example.org/api/status-lists/revocation/1');

describe('statesRecord', () => {
  it('holds for the copy made from the record', () => {
    expect(statesRecord(signed(), facts, copy.credentialId)).toBe(true);
    const byEmail = { ...facts, identifyByEmail: true };
    expect(statesRecord(signed(byEmail), byEmail, copy.credentialId)).toBe(true);
  });

  it('fails on every fact a copy states, changed', () => {
    const changed: Partial<CredentialFacts>[] = [
      { name: 'Other' },
      { certificateNo: 'CRA-2' },
      { holderName: 'Someone Else' },
      { validTill: new Date('2029-01-02T00:00:00.000Z') },
      { awardedOn: new Date('2025-01-02T00:00:00.000Z') },
      { identifyByEmail: true },
    ];
    for (const change of changed)
      expect(statesRecord(signed(), { ...facts, ...change }, copy.credentialId)).toBe(false);
    expect(statesRecord(signed(), facts, `${copy.credentialId}x`)).toBe(false);
    // Named by the e-mail's hash: another address, or a number beside the hash, is not the record.
    const byEmail = { ...facts, identifyByEmail: true };
    expect(statesRecord(signed(byEmail), { ...byEmail, userEmail: 'other@example.org' }, copy.credentialId)).toBe(
      false,
    );
    expect(statesRecord(signed(byEmail), { ...byEmail, identifyByEmail: false }, copy.credentialId)).toBe(false);
  });

  it('holds for a copy signed before award dates (decision 0036), and fails on a copy with no subject', () => {
    const { awardedDate: _none, ...older } = signed();
    expect(statesRecord(older, facts, copy.credentialId)).toBe(true);
    const { credentialSubject: _gone, ...bare } = signed();
    expect(statesRecord(bare, facts, copy.credentialId)).toBe(false);
  });

  it('reads the holder by its identifier, so that a number and an e-mail hash together do not pass', () => {
    const both = signed();
    const subject = both.credentialSubject as { identifier: Record<string, unknown>[] };
    subject.identifier.push({
      type: 'IdentityObject',
      identityType: 'emailAddress',
      hashed: true,
      identityHash: identityHash(facts.userEmail, 'salt'),
      salt: 'salt',
    });
    expect(statesRecord(both, facts, copy.credentialId)).toBe(false);
    expect(statesRecord(both, { ...facts, identifyByEmail: true }, copy.credentialId)).toBe(false);
  });
});

describe('the Open Badges document', () => {
  it('states the dates to the second, the board as issuer with its logo, and one revocation entry', () => {
    const credential = signed();
    expect(credential).toMatchObject({
      validFrom: '2026-01-02T03:04:05Z',
      awardedDate: '2026-01-02T03:04:05Z',
      validUntil: '2028-01-02T00:00:00Z',
      issuer: {
        id: issuer.did,
        name: issuer.boardName,
        url: issuer.boardUrl,
        image: { id: issuer.boardLogoUrl, type: 'Image', caption: 'Logo of Recycling Board' },
      },
      credentialStatus: {
        id: 'https://portal.example.org/api/status-lists/revocation/1#42',
        statusListIndex: '42',
        statusPurpose: 'revocation',
      },
    });
    const achievement = (credential.credentialSubject as { achievement: { id: string } }).achievement;
    // A name-based UUID (RFC 9562 version 8): the same achievement for the same name.
    expect(achievement.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(achievement.id).toBe(
      (signed({ ...facts, holderName: 'x' }).credentialSubject as { achievement: { id: string } }).achievement.id,
    );
    expect(achievement.id).not.toBe(
      (signed({ ...facts, name: 'Other' }).credentialSubject as { achievement: { id: string } }).achievement.id,
    );
  });

  it('is valid from its end when it lapsed before it was awarded (VC 2.0 §4.9)', () => {
    const late = { ...facts, awardedOn: new Date('2029-01-01T00:00:00Z') };
    expect(signed(late).validFrom).toBe('2028-01-02T00:00:00Z');
  });

  it('cuts only the milliseconds of an ISO time', () => {
    expect(isoSeconds(new Date('2026-05-06T07:08:09.123Z'))).toBe('2026-05-06T07:08:09Z');
  });
});

describe('standing and revocation reasons', () => {
  const row = { status: 'Active', revokedAt: null as Date | null, deletedAt: null as Date | null };
  it('stands only when Active, not revoked and not in the trash', () => {
    expect(stands(row)).toBe(true);
    expect(stands({ ...row, status: 'Inactive' })).toBe(false);
    expect(stands({ ...row, revokedAt: new Date() })).toBe(false);
    expect(stands({ ...row, deletedAt: new Date() })).toBe(false);
  });

  it('names why a copy is revoked: revoked, then deleted, else suspended', () => {
    expect(reasonFor({ revokedAt: new Date(), deletedAt: new Date() })).toBe('revoked');
    expect(reasonFor({ revokedAt: null, deletedAt: new Date() })).toBe('deleted');
    expect(reasonFor({ revokedAt: null, deletedAt: null })).toBe('suspended');
  });
});

describe('did:web', () => {
  it('is the host of APP_URL, with the port percent-encoded', () => {
    expect(didWebFor('https://portal.example.org')).toBe('did:web:portal.example.org');
    expect(didWebFor('http://localhost:3000')).toBe('did:web:localhost%3A3000');
  });
});

describe('status lists', () => {
  it('sets bits from the most significant of each byte, and leaves the bits it was given alone', () => {
    const bits = emptyBits();
    expect(bits).toHaveLength(STATUS_LIST_LENGTH / 8);
    const set = withBitsSet(bits, [0, 9, STATUS_LIST_LENGTH - 1]);
    expect(set[0]).toBe(0x80);
    expect(set[1]).toBe(0x40);
    expect(set[STATUS_LIST_LENGTH / 8 - 1]).toBe(0x01);
    expect(bits.every((b) => b === 0)).toBe(true);
    // Bits are only ever set.
    expect(withBitsSet(set, [0])[0]).toBe(0x80);
  });

  it('opens the next list after half a list of copies, at a random position in it', () => {
    expect(placeFor(0).statusList).toBe(1);
    expect(placeFor(STATUS_LIST_LENGTH / 2 - 1).statusList).toBe(1);
    expect(placeFor(STATUS_LIST_LENGTH / 2).statusList).toBe(2);
    const positions = new Set(Array.from({ length: 50 }, () => placeFor(1).statusPosition));
    expect(positions.size).toBeGreaterThan(40);
    for (const p of positions) expect(p >= 0 && p < STATUS_LIST_LENGTH).toBe(true);
    expect(placeKey({ statusList: 3, statusPosition: 7 })).toBe('3:7');
  });
});
