/**
 * npm run credentials:resign -- --key z6Mk… [--batch-size N]
 *
 * The key-compromise runbook's last step (docs/key-compromise.md, decision 0064): every status
 * list and every live certificate's current copy that the compromised key signed is signed again
 * with ISSUER_KEY; the old copies are revoked and the holders told. Run against the same
 * environment as the server, after ISSUER_KEY is the new key and the compromised key is gone from
 * the DID document. Safe to stop and run again; a run with nothing left to do changes nothing.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isEd25519PublicKey } from '../lib/issuer-keys';
import { loadIssuerSeed, loadKeys } from '../lib/keys';
import { resignCredentials } from '../domains/credentials';

async function main() {
  const { values } = parseArgs({
    options: { key: { type: 'string' }, 'batch-size': { type: 'string', default: '50' } },
  });
  const key = values.key?.trim() ?? '';
  if (!isEd25519PublicKey(key)) {
    throw new ConfigError(
      '--key must be the compromised public key, z6Mk… (what follows the # of its copies’ proof.verificationMethod)',
    );
  }
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new ConfigError('--batch-size must be a positive integer');
  const config = loadConfig();
  if (config.issuerKeysRetired?.includes(key)) {
    throw new ConfigError(
      `${key} is in ISSUER_KEYS_RETIRED: remove it there (and restart the servers), so that nothing it signs verifies, then run this again.`,
    );
  }
  const database = await openDatabase(config);
  try {
    const app = await buildApp({
      config,
      database,
      keys: loadKeys(config.piiKey, config.dataDir, config.piiKeysOld),
      issuerSeed: loadIssuerSeed(config.issuerKey, config.dataDir),
      workers: false,
    });
    try {
      await app.ready();
      const listed = ((await app.credentials.didDocument()).verificationMethod as { publicKeyMultibase: string }[]).map(
        (m) => m.publicKeyMultibase,
      );
      if (listed[0] === key) {
        throw new ConfigError(
          `${key} is the key of ISSUER_KEY: set ISSUER_KEY to a new key (openssl rand -base64 32) first, then run this again.`,
        );
      }
      if (listed.includes(key)) {
        throw new ConfigError(
          `${key} is still in the DID document (from the issuer_keys table, as the start-up warning says): set ISSUER_KEYS_RETIRED without it, then run this again.`,
        );
      }
      console.log(`Signing again with ${listed[0]} what ${key} signed`);
      const result = await resignCredentials(app, {
        key,
        batchSize,
        afterBatch: (p) => console.log(`batch ${p.batches}: ${p.reissued + p.reissuedRevoked} certificates re-issued`),
      });
      console.log(
        `Done: ${result.statusLists} status lists signed again, ${result.reissued} certificates re-issued ` +
          `(their holders told), ${result.reissuedRevoked} revoked or suspended certificates re-issued as revoked.`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Re-signing failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
