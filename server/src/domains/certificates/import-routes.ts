import {
  certificateImportQuery,
  certificateImportResult,
  type CertificateImportResult,
  IMPORT_MESSAGES,
  type ImportRowError,
  toValidTill,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client';
import {
  type ImportedCertificate,
  type ImportFormat,
  ImportProblems,
  type ParsedRow,
  readCertificates,
  type XlsxLimits,
} from './import';
import { importContext, keepImportFile, withImportFile } from './import-file';
import {
  findByNumbers,
  type ImportedUpdate,
  insertCertificates,
  type ListedCertificate,
  lockImports,
  updateCertificates,
} from './repository';
import { nextAwardedOn } from './awarded-on';

/**
 * Rows looked up and written per statement. With 1,000, a batch's objects (and its JSON, over
 * V8's 128 kB large-object size) lived long enough to reach the old generation, and the server's
 * RSS grew by 19 to 67 MB over runs of the same 50,000-row import; with 250, by 38 to 43 MB, in
 * the same time (docs/performance.md, issue 16).
 */
const BATCH_ROWS = 250;

interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Issue 16: POST /api/certificates/import. The file goes to a scratch file (never whole in
 * memory), and is read twice, streamed: the first pass validates every row and finds numbers the
 * file gives twice; the second looks each batch up, and (unless it is a dry run) writes it, in one
 * transaction with the file's upload row and the audit. Multipart is registered in this context
 * only.
 */
export default async function certificateImportRoutes(
  base: FastifyInstance,
  options: { xlsxLimits?: Partial<XlsxLimits> },
) {
  const { app, reading } = await importContext(base, options);

  /** Pass 1: every row read and checked; numbers given twice are errors in each of their rows. */
  async function validate(file: string, format: ImportFormat, problems: ImportProblems) {
    const errors: ImportRowError[] = [];
    const firstRow = new Map<string, number>();
    const secondRow = new Map<string, number>();
    const duplicated = new Set<string>();
    let rows = 0;
    const flush = () => errors.splice(0).forEach((e) => problems.add(e));
    for await (const { row, certificateNo } of readCertificates(file, format, errors, reading())) {
      rows++;
      flush();
      if (!certificateNo) continue;
      const first = firstRow.get(certificateNo);
      if (first === undefined) firstRow.set(certificateNo, row);
      else {
        duplicated.add(certificateNo);
        if (!secondRow.has(certificateNo)) secondRow.set(certificateNo, row);
        problems.add({ row, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(first) });
      }
    }
    flush();
    for (const [number, second] of secondRow) {
      problems.add({ row: firstRow.get(number)!, column: 'certificateNo', message: IMPORT_MESSAGES.duplicate(second) });
    }
    return { rows, duplicated };
  }

  /**
   * What a row changes of the certificate it matches: the next values, undefined when nothing,
   * or the award date's problem (issue 31: as the PUT refuses it).
   */
  function nextValues(current: ListedCertificate, values: ImportedCertificate, now: Date) {
    const validTill = toValidTill(values.validTill);
    const awarded = nextAwardedOn(values.awardedOn, current, validTill, now);
    if (awarded.problem !== undefined) return { problem: awarded.problem, column: awarded.field };
    const next = {
      userEmail: values.userEmail,
      name: values.name,
      status: values.status,
      validTill,
      // An empty cell keeps what the certificate has (the award date too: nextAwardedOn).
      awardedOn: awarded.awardedOn,
      holderName: values.holderName || current.holderName,
      downloadLink: values.downloadLink || current.downloadLink,
    };
    const same =
      next.userEmail === current.userEmail &&
      next.name === current.name &&
      next.status === current.status &&
      next.validTill.getTime() === current.validTill.getTime() &&
      next.awardedOn.getTime() === current.awardedOn.getTime() &&
      next.holderName === current.holderName &&
      next.downloadLink === current.downloadLink;
    return same ? undefined : { next };
  }

  interface Effects {
    /** Certificates whose credential no longer states them: their copies are revoked as superseded. */
    superseded: string[];
    released: string[];
  }

  /** Pass 2 for one batch: looked up, counted, and written when `write`. */
  async function applyBatch(
    tx: Tx,
    batch: ParsedRow[],
    problems: ImportProblems,
    counts: Counts,
    effects: Effects | undefined,
  ) {
    const now = app.clock.now();
    const existing = new Map<string, ListedCertificate[]>();
    for (const row of await findByNumbers(
      tx,
      batch.map((r) => r.certificateNo),
    )) {
      existing.set(row.certificateNo, [...(existing.get(row.certificateNo) ?? []), row]);
    }
    const links = batch.map((r) => r.values!.downloadLink).filter(Boolean);
    const documents = await app.files.known(tx, links, ['document']);

    const creates: { row: number; values: ImportedCertificate; awardedOn: Date }[] = [];
    type Next = Extract<ReturnType<typeof nextValues>, { next: unknown }>['next'];
    const updates: { current: ListedCertificate; next: Next }[] = [];
    for (const { row, values } of batch) {
      if (values!.downloadLink && !documents.has(values!.downloadLink)) {
        problems.add({ row, column: 'downloadLink', message: IMPORT_MESSAGES.notOurFile });
        continue;
      }
      const matches = existing.get(values!.certificateNo) ?? [];
      if (matches.length > 1) {
        problems.add({ row, column: 'certificateNo', message: IMPORT_MESSAGES.ambiguous });
        continue;
      }
      const current = matches[0];
      if (!current) {
        // Issue 31: an empty cell is today; a date it names is checked as the POST checks it.
        const awarded = nextAwardedOn(values!.awardedOn, undefined, toValidTill(values!.validTill), now);
        if (awarded.problem !== undefined) {
          problems.add({ row, column: awarded.field, message: awarded.problem });
          continue;
        }
        creates.push({ row, values: values!, awardedOn: awarded.awardedOn });
        continue;
      }
      // Issue 30, F5: a claimed certificate's e-mail is its holder's and follows their account
      // (registry.followEmail); a file, say an export older than an e-mail change, never moves it.
      if (current.holderId && values!.userEmail !== current.userEmail) {
        problems.add({ row, column: 'userEmail', message: IMPORT_MESSAGES.heldByAnotherAccount });
        continue;
      }
      const change = nextValues(current, values!, now);
      if (change?.problem !== undefined) problems.add({ row, column: change.column, message: change.problem });
      else if (change) updates.push({ current, next: change.next });
      else counts.unchanged++;
    }
    counts.created += creates.length;
    counts.updated += updates.length;
    if (!effects) return;

    // Issued to a verified account's address, a certificate is theirs at once (decision 0054).
    const holders = await app.registry.holdersFor(tx, [
      ...creates.map((c) => c.values.userEmail),
      ...updates.filter((u) => u.next.userEmail !== u.current.userEmail).map((u) => u.next.userEmail),
    ]);
    // Stored unsigned: the background signer issues their copies (revoked at once for an Inactive one).
    await insertCertificates(
      tx,
      creates.map(({ values, awardedOn }) => {
        const holder = holders.get(values.userEmail);
        // Named one by one: with a spread (`...values`), V8 allocated about 1.4 kB more per row,
        // and these live until the database answers (docs/performance.md, issue 16).
        return {
          userEmail: values.userEmail,
          certificateNo: values.certificateNo,
          name: values.name,
          status: values.status,
          validTill: toValidTill(values.validTill),
          awardedOn,
          downloadLink: values.downloadLink,
          holderName: values.holderName || holder?.name || '',
          holderId: holder?.id ?? null,
          claimedAt: holder ? now : null,
          suspendedAt: values.status === 'Inactive' ? now : null,
          createdAt: now,
        };
      }),
    );
    const changed: ImportedUpdate[] = updates.map(({ current, next }) => {
      const moved = next.userEmail !== current.userEmail;
      const holder = moved ? holders.get(next.userEmail) : undefined;
      const suspended = next.status === 'Inactive';
      // Decision 0037: a change to what the credential states, or to whether it stands, issues a
      // new copy (the background signer's); the current one is revoked as this import commits.
      const resign =
        moved ||
        next.name !== current.name ||
        next.status !== current.status ||
        next.validTill.getTime() !== current.validTill.getTime() ||
        (next.holderName || holder?.name || '') !== current.holderName;
      if (resign) effects.superseded.push(current.id);
      if (current.downloadLink && current.downloadLink !== next.downloadLink)
        effects.released.push(current.downloadLink);
      return {
        id: current.id,
        certificateNo: current.certificateNo,
        ...next,
        // As the PUT does: filed under another e-mail, it goes to that address's account, or waits.
        holderName: next.holderName || holder?.name || '',
        holderId: moved ? (holder?.id ?? null) : current.holderId,
        claimedAt: moved ? (holder ? now : null) : current.claimedAt,
        suspendedAt: suspended ? (current.status === 'Inactive' ? current.suspendedAt : now) : null,
        resign,
      };
    });
    await updateCertificates(tx, changed, now);
    const attached = new Set([
      ...creates.map((c) => c.values.downloadLink),
      ...updates.filter((u) => u.next.downloadLink !== u.current.downloadLink).map((u) => u.next.downloadLink),
    ]);
    attached.delete('');
    await app.files.attach(tx, [...attached], { kinds: ['document'] });
  }

  /** Pass 2: the rows pass 1 found valid, in batches. */
  async function applyAll(
    tx: Tx,
    file: string,
    format: ImportFormat,
    duplicated: Set<string>,
    problems: ImportProblems,
    effects: Effects | undefined,
  ): Promise<Counts> {
    const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
    let batch: ParsedRow[] = [];
    // Pass 1 listed every problem of the rows themselves already.
    for await (const parsed of readCertificates(file, format, [], reading())) {
      if (!parsed.values || duplicated.has(parsed.certificateNo)) continue;
      batch.push(parsed);
      if (batch.length === BATCH_ROWS) {
        await applyBatch(tx, batch, problems, counts, effects);
        batch = [];
      }
    }
    if (batch.length) await applyBatch(tx, batch, problems, counts, effects);
    if (effects?.superseded.length) await app.credentials.supersede(tx, effects.superseded);
    return counts;
  }

  const importFile = (req: FastifyRequest, dryRun: boolean): Promise<CertificateImportResult> =>
    withImportFile(app, req, async (file) => {
      const { scratch, format } = file;
      const problems = new ImportProblems();
      const { rows, duplicated } = await validate(scratch, format, problems);
      if (dryRun) {
        const counts = await applyAll(app.db, scratch, format, duplicated, problems, undefined);
        return { rows, ...counts, errors: problems.report() };
      }

      const effects: Effects = { superseded: [], released: [] };
      const { counts, storageKey } = await app.db.transaction(async (tx) => {
        // Imports run one at a time, so two files can't both create a number.
        await lockImports(tx);
        const counts = await applyAll(tx, scratch, format, duplicated, problems, effects);
        const kept = await keepImportFile(app, tx, req, file);
        await app.audit(tx, req, {
          action: 'certificate.import',
          targetType: 'import',
          targetId: kept.uploadId,
          details: { ...kept.details, rows, ...counts, errors: problems.count },
        });
        return { counts, storageKey: kept.storageKey };
      });
      await app.storage.putFile(storageKey, scratch);
      if (counts.created || counts.updated) {
        app.reminders.kick();
        app.credentials.kickSigning();
      }
      await app.files.release(effects.released);
      req.log.info({ rows, ...counts, errors: problems.count }, 'certificates imported');
      return { rows, ...counts, errors: problems.report() };
    });

  app.post(
    '/api/certificates/import',
    {
      schema: {
        tags: ['certificates'],
        consumes: ['multipart/form-data'],
        querystring: certificateImportQuery,
        response: { 200: certificateImportResult },
      },
    },
    (req) => importFile(req, req.query.dryRun === 'true'),
  );
}
