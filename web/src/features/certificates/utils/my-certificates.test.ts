import { CERTIFICATES_PAGE_SIZE, type Certificate } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import {
  documentKind,
  hasExpiringSoon,
  isExpiringSoon,
  nextSort,
  pageCount,
  pageOf,
  sortCertificates,
  standingOf,
} from './my-certificates';

const DAY = 86_400_000;
const now = new Date('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();

describe('isExpiringSoon (spec §4)', () => {
  it('counts a certificate valid later than now and at most 30 days ahead', () => {
    expect(isExpiringSoon(inDays(10), now)).toBe(true);
    expect(isExpiringSoon(inDays(30), now)).toBe(true);
    expect(isExpiringSoon(new Date(now.getTime() + 1).toISOString(), now)).toBe(true);
  });
  it('does not count one already expired, expiring right now, or further than 30 days', () => {
    expect(isExpiringSoon(inDays(-1), now)).toBe(false);
    expect(isExpiringSoon(now.toISOString(), now)).toBe(false);
    expect(isExpiringSoon(new Date(now.getTime() + 30 * DAY + 1).toISOString(), now)).toBe(false);
    expect(isExpiringSoon(inDays(60), now)).toBe(false);
  });
  it('flags a list when any one certificate expires soon', () => {
    expect(hasExpiringSoon([{ validTill: inDays(60) }, { validTill: inDays(10) }], now)).toBe(true);
    expect(hasExpiringSoon([{ validTill: inDays(60) }, { validTill: inDays(-5) }], now)).toBe(false);
    expect(hasExpiringSoon([], now)).toBe(false);
  });
});

const rows = [
  { name: 'beta', status: 'Expired' as const, validTill: inDays(-3) },
  { name: 'Alpha', status: 'Active' as const, validTill: inDays(90) },
  { name: 'gamma', status: 'Active' as const, validTill: inDays(5) },
];

describe('sorting', () => {
  it('keeps the server order without a sort', () => {
    expect(sortCertificates(rows, null)).toBe(rows);
  });
  it('sorts names case-insensitively, both ways, without changing the input', () => {
    expect(sortCertificates(rows, { key: 'name', order: 'asc' }).map((r) => r.name)).toEqual([
      'Alpha',
      'beta',
      'gamma',
    ]);
    expect(sortCertificates(rows, { key: 'name', order: 'desc' }).map((r) => r.name)).toEqual([
      'gamma',
      'beta',
      'Alpha',
    ]);
    expect(rows.map((r) => r.name)).toEqual(['beta', 'Alpha', 'gamma']);
  });
  it('sorts dates by time and status by text, stable for ties', () => {
    expect(sortCertificates(rows, { key: 'validTill', order: 'asc' }).map((r) => r.name)).toEqual([
      'beta',
      'gamma',
      'Alpha',
    ]);
    expect(sortCertificates(rows, { key: 'status', order: 'asc' }).map((r) => r.name)).toEqual([
      'Alpha',
      'gamma',
      'beta',
    ]);
  });
  it('sorts ascending first and flips on a second click', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'name', order: 'asc' }, 'name')).toEqual({ key: 'name', order: 'desc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'name')).toEqual({ key: 'name', order: 'asc' });
    expect(nextSort({ key: 'name', order: 'desc' }, 'validTill')).toEqual({ key: 'validTill', order: 'asc' });
  });
});

describe('paging (11 rows a page, ARCHITECTURE §6)', () => {
  const many = Array.from({ length: 23 }, (_, i) => i);
  it('shows 11 rows a page and the rest on later pages', () => {
    expect(CERTIFICATES_PAGE_SIZE).toBe(11);
    expect(pageCount(many.length)).toBe(3);
    expect(pageOf(many, 1)).toEqual(many.slice(0, 11));
    expect(pageOf(many, 2)).toEqual(many.slice(11, 22));
    expect(pageOf(many, 3)).toEqual([22]);
  });
  it('has one (empty) page for no rows and clamps pages out of range', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageOf([], 1)).toEqual([]);
    expect(pageOf(many, 9)).toEqual([22]);
    expect(pageOf(many, 0)).toEqual(many.slice(0, 11));
  });
  it('puts a 12th row on page 2', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => i);
    expect(pageCount(twelve.length)).toBe(2);
    expect(pageOf(twelve, 2)).toEqual([11]);
  });
});

describe('documentKind', () => {
  it('goes by the content type first', () => {
    expect(documentKind('application/pdf', '/api/files/x')).toBe('pdf');
    expect(
      documentKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document; charset=binary', '/x'),
    ).toBe('docx');
    expect(documentKind('application/msword', '/x')).toBe('doc');
  });
  it('falls back to the file name in the link', () => {
    expect(documentKind(null, 'https://example.org/c/cert.PDF?x=1')).toBe('pdf');
    expect(documentKind('application/octet-stream', '/files/cert.docx')).toBe('docx');
    expect(documentKind(null, '/files/cert.doc')).toBe('doc');
    expect(documentKind(null, '/api/files/123')).toBe('other');
  });
});

describe('standingOf (issue 35: the dashboard at a glance)', () => {
  const cert = (name: string, status: Certificate['status'], validTill: string) =>
    ({ name, status, validTill }) as Certificate;

  it('counts active, expiring soon (soonest first) and no longer valid, and names the next expiry', () => {
    const standing = standingOf(
      [
        cert('Later', 'Active', inDays(200)),
        cert('Soon', 'Active', inDays(20)),
        cert('Sooner', 'Active', inDays(3)),
        cert('Gone', 'Expired', inDays(-3)),
        cert('Paused', 'Inactive', inDays(5)),
        cert('Pulled', 'Revoked', inDays(90)),
      ],
      now,
    );
    expect(standing).toMatchObject({ total: 6, active: 3, notValid: 3, nextExpiry: inDays(3) });
    expect(standing.expiringSoon.map((c) => c.name)).toEqual(['Sooner', 'Soon']);
  });

  it('has no next expiry when nothing is active, and nothing for no certificates', () => {
    expect(standingOf([cert('Paused', 'Inactive', inDays(5))], now)).toMatchObject({
      active: 0,
      expiringSoon: [],
      nextExpiry: null,
    });
    expect(standingOf([], now)).toEqual({ total: 0, active: 0, expiringSoon: [], notValid: 0, nextExpiry: null });
  });
});
