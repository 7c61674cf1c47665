import type { BulkSelection, CertificateFilters, CertificateListQuery } from '@portal/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { certificates, credentialCopies, users, walletOffers } from '../../db/schema';
import { type CsvColumn, isoTimestamp } from '../../db/csv';
import { jsonObjectText } from '../../db/json-rows';
import { likePattern, listPage, pageSelect, pageWithTotal } from '../../db/paging';
import { bumpVersion } from '../../db/columns';
import { live } from '../../lib/trash';
import { addMinutes } from '../../lib/clock';
import { CERTIFICATE_FACTS, type CertificateFacts, verificationUrl } from './certificate';

export type CertificateRow = typeof certificates.$inferSelect;
export type CertificateValues = Pick<
  typeof certificates.$inferInsert,
  'userEmail' | 'certificateNo' | 'name' | 'status' | 'validTill' | 'awardedOn' | 'downloadLink' | 'holderName'
>;

/** Every column but the signed credential (a few kB that no list shows). */
const { credential: _credential, ...listedColumns } = getTableColumns(certificates);
export type ListedCertificate = Omit<CertificateRow, 'credential'>;
/** What a list of certificates reads: the columns of their answers, nothing else (decision 0050). */
const shownColumns = Object.fromEntries(CERTIFICATE_FACTS.map((key) => [key, certificates[key]])) as Pick<
  typeof listedColumns,
  (typeof CERTIFICATE_FACTS)[number]
>;

/**
 * `certificateStatus` (certificate.ts) in SQL, for statements that sort or filter by the status a
 * person reads: the same rule, written once per language (certificate-status.test.ts proves the
 * two agree on every combination).
 */
export const certificateStatusSql = (
  field: (key: 'revokedAt' | 'status' | 'validTill') => SQLWrapper,
  now: SQLWrapper,
) =>
  sql<string>`case when ${field('revokedAt')} is not null then 'Revoked' when ${field('status')} = 'Inactive' then 'Inactive' when ${field('validTill')} <= ${now} then 'Expired' else 'Active' end`;

/** `verificationUrl` (certificate.ts), written by PostgreSQL from a verification id column. */
export const verificationUrlSql = (appUrl: string, verificationId: SQLWrapper) =>
  sql`${verificationUrl(appUrl, '')}::text || ${verificationId}`;

/**
 * `toCertificate` (certificate.ts) as PostgreSQL writes it, for the lists that answer straight
 * from their statement (decision 0050), with `now` for the derived status. Keep the two in step:
 * test/accounts/session-in-statement.test.ts compares their answers byte for byte.
 */
export const certificateJson = (field: (key: keyof CertificateFacts) => SQL, now: SQL, appUrl: string) =>
  jsonObjectText({
    _id: field('id'),
    userEmail: field('userEmail'),
    certificateNo: field('certificateNo'),
    name: field('name'),
    status: certificateStatusSql(field, now),
    validTill: isoTimestamp(field('validTill')),
    downloadLink: field('downloadLink'),
    createdAt: isoTimestamp(field('createdAt')),
    awardedOn: isoTimestamp(field('awardedOn')),
    holderName: field('holderName'),
    claimed: sql`${field('claimedAt')} is not null`,
    verificationUrl: verificationUrlSql(appUrl, field('verificationId')),
    verificationViews: field('verificationViews'),
    revokedAt: isoTimestamp(field('revokedAt')),
    revocationReason: field('revocationReason'),
    credentialIdentifier: sql`case when ${field('identifyByEmail')} then 'email' else 'certificateNo' end`,
    version: field('version'),
  });

/** What the trash screen and the audit log show of a certificate. */
export const CERTIFICATE_TRASH_LABEL = sql<string>`${certificates.certificateNo} || ' · ' || ${certificates.name}`;
/** What the certificate list is searched by to find a certificate, for a link from the audit log. */
export const CERTIFICATE_TRASH_FIND = sql<string>`${certificates.certificateNo}`;

/**
 * Sort keys. Text sorts ignore case (the same order on every collation), and status sorts by
 * what people see, Expired included (ARCHITECTURE §6).
 */
const sortColumns = (now: Date) =>
  ({
    name: sql`lower(${certificates.name})`,
    certificateNo: sql`lower(${certificates.certificateNo})`,
    userEmail: certificates.userEmail,
    validTill: certificates.validTill,
    status: certificateStatusSql((key) => certificates[key], sql`${now.toISOString()}::timestamptz`),
    createdAt: certificates.createdAt,
  }) as const;

/**
 * A member's own certificates in the screen's order (valid till, ascending): the read every
 * member's dashboard makes, so it is built once and prepared by name, like the session lookup
 * (PostgreSQL plans it once per connection). Other orders and searches go through listPage.
 */
const ownInDefaultOrder = new WeakMap<Tx, ReturnType<typeof prepareOwnInDefaultOrder>>();
function prepareOwnInDefaultOrder(db: Tx) {
  return db
    .select({ ...shownColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(certificates)
    .where(and(eq(certificates.holderId, sql.placeholder('holderId')), live(certificates)))
    .orderBy(asc(certificates.validTill), asc(certificates.id))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare('certificates_of_holder');
}

async function listOwnInDefaultOrder(db: Tx, holderId: string, offset: number, limit: number) {
  let prepared = ownInDefaultOrder.get(db);
  if (!prepared) ownInDefaultOrder.set(db, (prepared = prepareOwnInDefaultOrder(db)));
  const page = await prepared.execute({ holderId, offset, limit });
  return pageWithTotal(page, 'total', offset, async () => {
    const [row] = await db
      .select({ n: count() })
      .from(certificates)
      .where(and(eq(certificates.holderId, holderId), live(certificates)));
    return row?.n ?? 0;
  });
}

/**
 * The lists read with their session, in one statement (decision 0050): a member's own
 * certificates as the dashboard opens them (the session's user id is `holderId`), and the
 * registry as admins open it, newest first.
 */
export const ownCertificatesPage = (db: Tx, holderId: SQL) =>
  pageSelect(
    db,
    certificates,
    {
      where: eq(certificates.holderId, holderId),
      orderBy: [asc(certificates.validTill), asc(certificates.id)],
      total: 'window',
    },
    shownColumns,
  );
export const registryPage = (db: Tx) =>
  // The newest-first order holds no clock (only the status order does).
  pageSelect(db, certificates, certificateSearch({}, { now: new Date(0), defaultSort: 'createdAt' }), shownColumns);

/**
 * Whose certificates a list shows: a member's own are those their account holds (issue 11: by
 * id, never by an e-mail string); an admin looking up an e-mail sees those filed under it.
 */
export type CertificateOwner = { holderId: string } | { userEmail: string };

export async function listCertificates(
  db: Tx,
  query: CertificateListQuery,
  {
    now,
    owner,
    defaultSort,
  }: { now: Date; owner?: CertificateOwner; defaultSort: keyof ReturnType<typeof sortColumns> },
): Promise<{ rows: CertificateFacts[]; total: number }> {
  const defaultOrder =
    defaultSort === 'validTill' && (query.sort ?? 'validTill') === 'validTill' && (query.order ?? 'asc') === 'asc';
  const filtered = Boolean(query.q || query.status || query.expiringWithin);
  if (owner && 'holderId' in owner && !filtered && defaultOrder) {
    return listOwnInDefaultOrder(db, owner.holderId, query.offset, query.limit);
  }
  return listPage(
    db,
    certificates,
    {
      ...certificateSearch(query, { now, owner, defaultSort }),
      offset: query.offset,
      limit: query.limit,
      // One holder's certificates are a handful: counted in the same scan (lib/paging.ts).
      total: owner === undefined ? 'subquery' : 'window',
      // The registry as admins open it (no search, no owner; the status order holds the clock).
      prepareAs:
        owner === undefined && !filtered && (query.sort ?? defaultSort) !== 'status'
          ? `certificates_page_${defaultSort}_${query.sort ?? ''}_${query.order ?? ''}`
          : undefined,
    },
    shownColumns,
  );
}

/** The columns of the certificates export: an import's columns first (issue 16), then the record's facts. */
export const certificateCsvColumns = (appUrl: string): CsvColumn[] => [
  { header: 'userEmail', value: certificates.userEmail },
  { header: 'certificateNo', value: certificates.certificateNo },
  { header: 'name', value: certificates.name },
  { header: 'status', value: certificates.status },
  { header: 'validTill', value: sql`to_char(${certificates.validTill} at time zone 'UTC', 'YYYY-MM-DD')` },
  { header: 'holderName', value: certificates.holderName },
  { header: 'downloadLink', value: certificates.downloadLink },
  // Issue 31: a date, as validTill; the day a certificate has imports back as unchanged.
  { header: 'awardedOn', value: sql`to_char(${certificates.awardedOn} at time zone 'UTC', 'YYYY-MM-DD')` },
  { header: 'claimed', value: sql`case when ${certificates.holderId} is null then 'No' else 'Yes' end` },
  { header: 'revokedAt', value: isoTimestamp(certificates.revokedAt) },
  { header: 'verificationUrl', value: verificationUrlSql(appUrl, certificates.verificationId) },
  { header: 'createdAt', value: isoTimestamp(certificates.createdAt) },
];

/** The admin search (spec §2): part of the name, number or e-mail, any case. */
export function certificateMatch(q: string): SQL {
  const pattern = likePattern(q);
  return or(
    ilike(certificates.name, pattern),
    ilike(certificates.certificateNo, pattern),
    ilike(certificates.userEmail, pattern),
  )!;
}

/** The rows a certificate list (or its export, issue 16) shows, and their order. */
export function certificateSearch(
  query: Pick<CertificateListQuery, 'q' | 'sort' | 'order' | 'status' | 'expiringWithin'>,
  {
    now,
    owner,
    defaultSort,
  }: { now: Date; owner?: CertificateOwner | undefined; defaultSort: keyof ReturnType<typeof sortColumns> },
) {
  const filters: SQL[] = [];
  if (owner) {
    filters.push(
      'holderId' in owner ? eq(certificates.holderId, owner.holderId) : eq(certificates.userEmail, owner.userEmail),
    );
  }
  if (query.q) filters.push(certificateMatch(query.q));
  const columns = sortColumns(now);
  // The status as shown (certificateStatus's rule).
  if (query.status) filters.push(sql`${columns.status} = ${query.status}`);
  if (query.expiringWithin) {
    filters.push(
      isNull(certificates.revokedAt),
      gt(certificates.validTill, now),
      lte(certificates.validTill, addMinutes(now, query.expiringWithin * 24 * 60)),
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const column = columns[query.sort ?? defaultSort];
  const direction =
    (query.order ?? (query.sort ? 'asc' : defaultSort === 'createdAt' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  // The id breaks ties so that pages never overlap or skip a row.
  return { where, orderBy: [direction(column), direction(certificates.id)] };
}

// Issue 16: a certificate in the trash is not found by any of these (decision 0017); its public
// verification page answers as for an unknown one, and its revocation bit is set.
export async function findCertificate(db: Tx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), live(certificates)));
  return row;
}

export async function findCertificateForUpdate(db: Tx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), live(certificates)))
    .for('update');
  return row;
}

/** A digest of the stored credential, computed by the database: what a cached check is keyed on. */
const credentialDigest = sql<
  string | null
>`encode(sha256(convert_to(${certificates.credential}::text, 'UTF8')), 'base64')`;

/**
 * The `id` of a certificate's current credential copy (decision 0037). Spelled out: in a query of
 * one table, drizzle leaves column names unqualified, which the subquery would read as its own.
 */
const currentCopyId = sql<string | null>`(select copy.credential_id from credential_copies copy
  where copy.certificate_id = ${certificates}.id order by copy.number desc limit 1)`;

export type VerifiedRow = Omit<CertificateRow, 'credential'> & {
  credentialDigest: string | null;
  copyId: string | null;
};

/**
 * The public verification's read (issue 11): the record without its credential (about 2 KB), and
 * the credential's digest instead; prepared once, so a page view builds no statement.
 */
export function verificationLookup(db: Db) {
  const statement = db
    .select({ ...listedColumns, credentialDigest, copyId: currentCopyId })
    .from(certificates)
    .where(and(eq(certificates.verificationId, sql.placeholder('verificationId')), live(certificates)))
    .prepare('certificate_by_verification_id');
  return async (verificationId: string): Promise<VerifiedRow | undefined> =>
    (await statement.execute({ verificationId }))[0];
}

/** One credential copy of a certificate, by its number (decision 0037). */
export async function findCopy(db: Db, certificateId: string, number: number) {
  const [copy] = await db
    .select({
      number: credentialCopies.number,
      credentialId: credentialCopies.credentialId,
      revokedAt: credentialCopies.revokedAt,
    })
    .from(credentialCopies)
    .where(and(eq(credentialCopies.certificateId, certificateId), eq(credentialCopies.number, number)));
  return copy;
}

/** The stored credential of a certificate and its digest, read together. */
export async function credentialWithDigest(db: Tx, id: string) {
  const [row] = await db
    .select({ credential: certificates.credential, credentialDigest })
    .from(certificates)
    .where(eq(certificates.id, id));
  return row;
}

/** Whether a live certificate other than `id` has this number (the live unique key, decision 0017). */
export async function numberTakenByOther(db: Tx, certificateNo: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.certificateNo, certificateNo), ne(certificates.id, id), live(certificates)))
    .limit(1);
  return !!row;
}

type Holding = Pick<typeof certificates.$inferInsert, 'holderId' | 'claimedAt' | 'suspendedAt'>;

export async function insertCertificate(db: Tx, values: CertificateValues & Holding & { createdAt: Date }) {
  const [row] = await db.insert(certificates).values(values).returning();
  return row!;
}

/**
 * Every edit of a certificate (the PUT, renewal, revocation, reinstatement) goes through here:
 * its version goes up by one in the same statement (issue 16).
 */
export async function updateCertificate(
  db: Tx,
  id: string,
  values: Partial<
    CertificateValues &
      Holding &
      Pick<
        CertificateRow,
        'revokedAt' | 'revocationReason' | 'identifyByEmail' | 'cycleStartsOn' | 'creditsEarned' | 'creditsAvailable'
      >
  >,
) {
  const [row] = await db
    .update(certificates)
    .set({ ...values, version: bumpVersion(certificates.version) })
    .where(eq(certificates.id, id))
    .returning();
  return row;
}

/** Adds views counted in memory since the last flush (one statement per certificate). */
/**
 * Adds the counted page views in one statement: a failed write adds none of them, so the caller
 * can keep the whole batch for its next try without counting any view twice.
 */
export async function addVerificationViews(db: Tx, views: Map<string, number>) {
  if (views.size === 0) return;
  const counted = sql.join(
    [...views].map(([id, n]) => sql`(${id}::uuid, ${n}::integer)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${certificates} set verification_views = ${certificates.verificationViews} + counted.n
    from (values ${counted}) as counted (id, n)
    where ${certificates.id} = counted.id`);
}

/**
 * What a bulk action's "all matching" chooses (issue 35): the rows the admin list shows for the
 * same search and filters, by the list's own rule.
 */
export const certificateChoice = (q: string, filters: CertificateFilters | undefined, now: Date) =>
  certificateSearch({ q, ...filters }, { now, defaultSort: 'createdAt' }).where;

/**
 * The certificates a bulk action names (issue 15's selection, generalised by issues 16 and 35),
 * locked in one order (by id, so two bulk actions wait for each other instead of deadlocking): by
 * id, or every live one the list shows for the search and filters. At most `limit` rows are read;
 * the caller refuses when it got more than it may change.
 */
export async function lockSelection(
  tx: Tx,
  selection: BulkSelection,
  limit: number,
  now: Date,
): Promise<CertificateRow[]> {
  const chosen =
    'ids' in selection
      ? inArray(certificates.id, selection.ids)
      : certificateChoice(selection.q, selection.filters, now);
  return tx
    .select()
    .from(certificates)
    .where(and(chosen, live(certificates)))
    .orderBy(asc(certificates.id))
    .limit(limit)
    .for('update');
}

/** validTill moved on by whole months, the day kept (or the month's last, as Jan 31 + 1 → Feb 28). */
export function addMonths(validTill: Date, months: number): Date {
  const next = new Date(validTill);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/**
 * Issue 16 (import): the live certificates with these numbers, without their credentials. A
 * number in the trash is free (decision 0017): importing it creates a new certificate.
 */
export async function findByNumbers(db: Tx, numbers: string[]): Promise<ListedCertificate[]> {
  if (!numbers.length) return [];
  // The numbers go as one JSON parameter, not one parameter each: an import sends a thousand at
  // a time (see insertCertificates), and a list of constants is compared one by one per row.
  return db
    .select(listedColumns)
    .from(certificates)
    .where(
      and(
        sql`${certificates.certificateNo} in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`,
        live(certificates),
      ),
    );
}

/**
 * Issue 16 (import): many certificates in one statement, still unsigned (the signer's queue signs
 * them). The rows go as one JSON parameter, as in updateCertificates: built with the query
 * builder, a thousand rows were some 10 MB of objects (a parameter and its SQL chunks per cell,
 * `default` for every column left out), alive until the database answered, so V8 promoted them
 * to the old generation, where they piled up as garbage between full collections (the server's
 * RSS grew by up to 200 MB during a 50,000-row import; docs/performance.md, issue 16).
 */
export async function insertCertificates(
  db: Tx,
  rows: (CertificateValues & Holding & { awardedOn: Date; createdAt: Date })[],
): Promise<{ id: string }[]> {
  if (!rows.length) return [];
  const values = rows.map((r) => ({
    user_email: r.userEmail,
    certificate_no: r.certificateNo,
    name: r.name,
    status: r.status ?? 'Active',
    valid_till: r.validTill.toISOString(),
    awarded_on: r.awardedOn.toISOString(),
    download_link: r.downloadLink ?? '',
    holder_name: r.holderName ?? '',
    holder_id: r.holderId ?? null,
    claimed_at: r.claimedAt?.toISOString() ?? null,
    suspended_at: r.suspendedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
  const { rows: inserted } = (await db.execute(sql`
    insert into ${certificates} (user_email, certificate_no, name, status, valid_till, awarded_on,
      download_link, holder_name, holder_id, claimed_at, suspended_at, created_at)
    select v.user_email, v.certificate_no, v.name, v.status, v.valid_till, v.awarded_on,
      v.download_link, v.holder_name, v.holder_id, v.claimed_at, v.suspended_at, v.created_at
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      user_email text, certificate_no text, name text, status text, valid_till timestamptz,
      awarded_on timestamptz, download_link text, holder_name text, holder_id uuid,
      claimed_at timestamptz, suspended_at timestamptz, created_at timestamptz)
    returning id`)) as unknown as { rows: { id: string }[] };
  return inserted;
}

/** Imports run one at a time (a transaction-scoped advisory lock), so two files can't both create a number. */
const IMPORT_LOCK = 0x16_1_0;

/** Waits for any other import to commit, and keeps the next one waiting until this transaction ends. */
export async function lockImports(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

export type ImportedUpdate = Pick<CertificateRow, 'id' | 'awardedOn'> &
  CertificateValues &
  Holding & {
    /** Whether its credential no longer states it: dropped, for the signer's queue to issue a new copy. */
    resign: boolean;
  };

/**
 * Issue 16 (import): many edits in one statement. Each raises its version (decision 0015); one
 * whose credential no longer states the record drops it, for the signer's queue to issue the next
 * copy (decision 0037).
 */
export async function updateCertificates(db: Tx, rows: ImportedUpdate[], now: Date) {
  if (!rows.length) return;
  const values = rows.map((r) => ({
    id: r.id,
    user_email: r.userEmail,
    name: r.name,
    status: r.status,
    valid_till: r.validTill.toISOString(),
    awarded_on: r.awardedOn.toISOString(),
    holder_name: r.holderName,
    download_link: r.downloadLink,
    holder_id: r.holderId ?? null,
    claimed_at: r.claimedAt?.toISOString() ?? null,
    suspended_at: r.suspendedAt?.toISOString() ?? null,
    resign: r.resign,
  }));
  await db.execute(sql`
    update ${certificates} as c set
      user_email = v.user_email, name = v.name, status = v.status, valid_till = v.valid_till,
      awarded_on = v.awarded_on, holder_name = v.holder_name, download_link = v.download_link,
      holder_id = v.holder_id, claimed_at = v.claimed_at, suspended_at = v.suspended_at,
      credential = case when v.resign then null else c.credential end,
      version = c.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(
      id uuid, user_email text, name text, status text, valid_till timestamptz,
      awarded_on timestamptz, holder_name text, download_link text, holder_id uuid,
      claimed_at timestamptz, suspended_at timestamptz, resign boolean)
    where c.id = v.id`);
}

export type WalletOfferKind = (typeof walletOffers.$inferInsert)['kind'];
export type WalletOfferRow = typeof walletOffers.$inferSelect;

/** Stores an offer of a certificate to a wallet (decision 0042): its secret only as a hash. */
export async function insertWalletOffer(db: Tx, values: typeof walletOffers.$inferInsert) {
  await db.insert(walletOffers).values(values);
}

/** The offer of this kind whose secret has this hash, whatever its state. */
export async function findWalletOfferByHash(db: Tx, kind: WalletOfferKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(walletOffers)
    .where(and(eq(walletOffers.tokenHash, tokenHash), eq(walletOffers.kind, kind)));
  return row;
}

/**
 * Marks the offer used if it is unused and unexpired at `now`, in one statement, so two wallets
 * presenting the same secret at once get it once. The row taken, or undefined.
 */
export async function markWalletOfferUsed(
  db: Tx,
  kind: WalletOfferKind,
  tokenHash: string,
  now: Date,
  changes: Partial<Pick<WalletOfferRow, 'accessTokenHash'>>,
): Promise<WalletOfferRow | undefined> {
  const [taken] = await db
    .update(walletOffers)
    .set({ usedAt: now, ...changes })
    .where(
      and(
        eq(walletOffers.tokenHash, tokenHash),
        eq(walletOffers.kind, kind),
        isNull(walletOffers.usedAt),
        gt(walletOffers.expiresAt, now),
      ),
    )
    .returning();
  return taken;
}

/** Records that the offer's credential was handed to the wallet. */
export async function markWalletCredentialIssued(db: Tx, id: string, issuedAt: Date) {
  await db.update(walletOffers).set({ issuedAt }).where(eq(walletOffers.id, id));
}

/** An access token of a pre-authorized code that has not bought its credential yet and is unexpired. */
const spendableAccessToken = (accessTokenHash: string, now: Date) =>
  and(
    eq(walletOffers.accessTokenHash, accessTokenHash),
    eq(walletOffers.kind, 'pre-authorized-code'),
    isNull(walletOffers.issuedAt),
    gt(walletOffers.expiresAt, now),
  );

/** The offer an access token may still buy the credential of (OID4VCI 1.0 §8), if any. */
export async function findSpendableAccessToken(db: Tx, accessTokenHash: string, now: Date) {
  const [known] = await db
    .select({ id: walletOffers.id })
    .from(walletOffers)
    .where(spendableAccessToken(accessTokenHash, now));
  return known;
}

/**
 * Spends the access token of offer `id` in one statement, so of two requests with it only one
 * gets the credential. The offer, or undefined when the token was spent or expired meanwhile.
 */
export async function spendAccessToken(db: Tx, id: string, accessTokenHash: string, now: Date) {
  const [offer] = await db
    .update(walletOffers)
    .set({ issuedAt: now })
    .where(and(eq(walletOffers.id, id), spendableAccessToken(accessTokenHash, now)))
    .returning();
  return offer;
}

/**
 * The verified, live accounts with these e-mails (issue 30, F9: an account in the trash holds
 * nothing new), by e-mail: who a certificate issued to an address goes to at once.
 */
export async function verifiedHolders(db: Tx, emails: string[]): Promise<Map<string, { id: string; name: string }>> {
  const holders = new Map<string, { id: string; name: string }>();
  if (!emails.length) return holders;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.email, [...new Set(emails)]), eq(users.isVerified, true), live(users)));
  for (const row of rows) holders.set(row.email, { id: row.id, name: row.name });
  return holders;
}

/**
 * Gives the account the unclaimed live certificates filed under its e-mail, with its name where
 * they have none; a new version of each (issue 16). Answers them.
 */
export async function claimUnclaimed(db: Tx, user: { id: string; email: string; name: string }, now: Date) {
  return db
    .update(certificates)
    .set({
      holderId: user.id,
      claimedAt: now,
      holderName: sql`case when ${certificates.holderName} = '' then ${user.name} else ${certificates.holderName} end`,
      version: bumpVersion(certificates.version),
    })
    .where(and(eq(certificates.userEmail, user.email), isNull(certificates.claimedAt), live(certificates)))
    .returning();
}

/** Files every certificate the account holds under its new e-mail; a new version of each. Answers them. */
export async function moveHeldTo(db: Tx, userId: string, email: string) {
  return db
    .update(certificates)
    .set({ userEmail: email, version: bumpVersion(certificates.version) })
    .where(eq(certificates.holderId, userId))
    .returning();
}
