import crypto from 'node:crypto';
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey';
import * as multikeyContext from '@digitalbazaar/multikey-context';
import type * as vc from '@digitalbazaar/vc';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../db/client';
import { staticContexts } from '../../lib/credential-contexts';
import { LOCK_NOT_AVAILABLE, pgCode } from '../../lib/pg-errors';
import {
  type CredentialFacts,
  didWebFor,
  type Issuer,
  isoSeconds,
  newSalt,
  openBadgeCredential,
  reasonFor,
  type RevocationReason,
  type SettledCertificate,
  stands,
  statesRecord,
  versionUrl,
} from './credential';
import { didDocumentOf, publishedKeys } from './issuer-keys';
import * as repository from './repository';
import type { CopyPlace, UnsignedRow } from './repository';
import { credentialSigner } from './signer';
import {
  loadStatusListLibrary,
  placeFor,
  placeKey,
  randomPosition,
  type StatusPlace,
  type StatusPurpose,
  withBitsSet,
} from './status-list';

type Json = Record<string, unknown>;

/** Certificates the background signer reads, signs (about 13 ms each, in the worker) and writes at a time. */
const SIGNING_BATCH = 100;
/** How long the background signer waits for a lock a request holds before it gives way. */
const SIGNER_LOCK_TIMEOUT = '200ms';
/** The background signer's job on the queue (decision 0009): after each import, and every ten minutes. */
const SIGNING_JOB = 'credential-signing';
/** The revocations SQL marked but could not sign (a migration's): at every start. */
const DUE_REVOCATION_JOB = 'credential-revocations-due';

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

    const issuer: Issuer = {
      did,
      appUrl: app.config.appUrl,
      boardName: app.config.boardName,
      boardUrl: app.config.boardUrl,
      boardLogoUrl: app.config.boardLogoUrl,
    };
    const unsignedCredential = (facts: CredentialFacts, copy: StatusPlace & { credentialId: string }) =>
      openBadgeCredential(issuer, facts, copy, newSalt(), statusListUrl(copy.statusList, 'revocation'));

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

    /**
     * Sets copies' revocation bits and re-signs each list they touch once, in the caller's
     * transaction (the same one that changes the certificates). The lists' rows are locked (in one
     * order), so concurrent revocations queue up and each signs the bits the earlier ones left.
     */
    async function setRevocationBits(tx: Tx, places: StatusPlace[]) {
      const byList = new Map<number, number[]>();
      for (const { statusList, statusPosition } of places) {
        byList.set(statusList, [...(byList.get(statusList) ?? []), statusPosition]);
      }
      for (const list of [...byList.keys()].sort((a, b) => a - b)) {
        const row = await repository.lockStatusList(tx, list, 'revocation');
        const bits = withBitsSet(row.bits, byList.get(list)!);
        const credential = await signStatusList(list, 'revocation', bits);
        await repository.storeStatusList(tx, list, 'revocation', { bits, credential });
      }
    }

    /** Revokes copies for good, each with its reason; copies revoked already are left as they are. */
    async function revokeCopies(tx: Tx, copies: (CopyPlace & { reason: RevocationReason })[]) {
      const due = copies.filter((c) => !c.revokedAt);
      if (!due.length) return;
      await setRevocationBits(tx, due);
      const now = app.clock.now();
      for (const reason of new Set(due.map((c) => c.reason))) {
        const ids = due.filter((c) => c.reason === reason).map((c) => c.id);
        await repository.markRevoked(tx, ids, reason, now);
      }
    }

    /**
     * Places for new copies: their list from the count of copies issued, a random position in it
     * that no copy holds (checked here; a race for the same position is caught by the unique key).
     */
    async function drawPlaces(db: Tx, count: number): Promise<StatusPlace[]> {
      if (!count) return [];
      const places = (await repository.nextCopyNumbers(db, count)).map(placeFor);
      for (let attempt = 0; ; attempt++) {
        const taken = new Set((await repository.takenPlaces(db, places)).map(placeKey));
        const seen = new Set<string>();
        let redraw = 0;
        for (const place of places) {
          if (taken.has(placeKey(place)) || seen.has(placeKey(place))) {
            place.statusPosition = randomPosition();
            redraw++;
          } else seen.add(placeKey(place));
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
      const copy = await repository.insertCopy(tx, {
        certificateId: row.id,
        number,
        credentialId,
        ...place!,
        issuedAt: now,
      });
      const credential = await signer.sign(unsignedCredential(row, { credentialId, ...place! }), now);
      await repository.setCredential(tx, row.id, credential);
      await revokeCopies(tx, [
        ...(current ? [{ ...current, reason }] : []),
        ...(stands(row) ? [] : [{ ...copy, reason: reasonFor(row) }]),
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
      const current = (await repository.currentCopies(tx, [row.id])).get(row.id);
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
        const row = await repository.lockCertificate(tx, certificateId);
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
      const current = await repository.currentCopies(tx, certificateIds);
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
        copy: repository.NewCopy;
        credential: Json;
      }[],
    ): Promise<number> {
      const free = await repository.lockFreeCertificates(
        tx,
        signed.map((s) => s.row.id),
        SIGNER_LOCK_TIMEOUT,
      );
      const revocations: (CopyPlace & { reason: RevocationReason })[] = [];
      let written = 0;
      for (const { row, current, copy, credential } of signed) {
        if (!free.has(row.id)) continue;
        // Its place or number taken meanwhile (another instance's run): left for the next run.
        const inserted = await repository.insertCopyIfFree(tx, copy);
        if (!inserted) continue;
        if (!(await repository.setCredentialIfUnchanged(tx, row, credential))) {
          await repository.deleteCopy(tx, inserted.id);
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
        const rows = await repository.unsignedCertificates(app.db, after, batch);
        if (!rows.length) return signed;
        after = rows.at(-1)!.id;
        const now = app.clock.now();
        const current = await repository.currentCopies(
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
            const credential = await signer.sign(unsignedCredential(row, copy), now);
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
        const due = await repository.lockDueRevocations(tx);
        await revokeCopies(tx, due);
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
      const signed = await repository.signedStatusList(app.db, list, purpose);
      if (signed) return signed;
      if (!(await repository.statusListInUse(app.db, list, purpose))) return undefined;
      return app.db.transaction(async (tx) => {
        const locked = await repository.lockStatusList(tx, list, purpose);
        if (locked.credential) return locked.credential;
        const credential = await signStatusList(list, purpose, locked.bits);
        return repository.storeStatusList(tx, list, purpose, { credential });
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
