import { CERTIFICATES_PAGE_SIZE, EXPIRING_SOON_DAYS, type Certificate } from '@portal/contract';

const DAY_MS = 86_400_000;

/** spec §4: expiring soon = validTill later than now and at most 30 days ahead. */
export function isExpiringSoon(validTill: string, now: Date = new Date()): boolean {
  const until = new Date(validTill).getTime();
  const from = now.getTime();
  return until > from && until <= from + EXPIRING_SOON_DAYS * DAY_MS;
}

export const hasExpiringSoon = (certificates: Pick<Certificate, 'validTill'>[], now: Date = new Date()) =>
  certificates.some((c) => isExpiringSoon(c.validTill, now));

export type SortKey = 'name' | 'status' | 'validTill';
export type SortOrder = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  order: SortOrder;
}

/** Clicking a column sorts ascending; clicking it again flips the order. */
export const nextSort = (current: Sort | null, key: SortKey): Sort =>
  current?.key === key ? { key, order: current.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' };

const compare = (a: Pick<Certificate, SortKey>, b: Pick<Certificate, SortKey>, key: SortKey) =>
  key === 'validTill'
    ? new Date(a.validTill).getTime() - new Date(b.validTill).getTime()
    : a[key].localeCompare(b[key], undefined, { sensitivity: 'base', numeric: true });

/** A sorted copy; a stable sort, so equal rows keep the server's order. No sort: the server's order. */
export function sortCertificates<T extends Pick<Certificate, SortKey>>(rows: T[], sort: Sort | null): T[] {
  if (!sort) return rows;
  const sign = sort.order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, sort.key));
}

export const pageCount = (total: number, size = CERTIFICATES_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** Page `page` (1-based) of the rows: spec §2 shows 11 rows; ARCHITECTURE §6 pages the rest. */
export function pageOf<T>(rows: T[], page: number, size = CERTIFICATES_PAGE_SIZE): T[] {
  const last = pageCount(rows.length, size);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return rows.slice((current - 1) * size, current * size);
}

export type DocumentKind = 'pdf' | 'docx' | 'doc' | 'other';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** What a certificate document is, from its content type, else from the file name in its link. */
export function documentKind(contentType: string | null, link: string): DocumentKind {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type === DOCX_TYPE) return 'docx';
  if (type === 'application/msword') return 'doc';
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(link)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'docx') return 'docx';
  if (ext === 'doc') return 'doc';
  return 'other';
}

/** Issue 35: where a member's certificates stand, for the dashboard's first look. */
export interface CertificateStanding {
  total: number;
  active: number;
  /** Active and expiring within EXPIRING_SOON_DAYS, soonest first. */
  expiringSoon: Certificate[];
  /** Expired, suspended (Inactive) or revoked. */
  notValid: number;
  /** The soonest expiry among the active ones, if any. */
  nextExpiry: string | null;
}

export function standingOf(certificates: Certificate[], now: Date = new Date()): CertificateStanding {
  const active = certificates.filter((c) => c.status === 'Active');
  const byExpiry = [...active].sort((a, b) => Date.parse(a.validTill) - Date.parse(b.validTill));
  return {
    total: certificates.length,
    active: active.length,
    expiringSoon: byExpiry.filter((c) => isExpiringSoon(c.validTill, now)),
    notValid: certificates.length - active.length,
    nextExpiry: byExpiry[0]?.validTill ?? null,
  };
}
