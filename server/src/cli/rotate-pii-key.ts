/**
 * npm run rotate-pii-key -w @portal/server [-- --new-key] [--batch-size N]
 *
 * Re-seals every report's SSN, DOB and intake data, and every TOTP secret of two-factor sign-in,
 * with the current PII key (docs/operations.md, "Rotating the PII key"). With PII_KEY set, the
 * current key is PII_KEY and the keys it replaced are in PII_KEYS_OLD; with the generated key (no
 * PII_KEY), --new-key first makes a fresh key current in DATA_DIR and keeps the old one in
 * DATA_DIR/pii.old.keys. Safe to stop and run again.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { generateNextKey, keyFiles, loadKeys, piiKeyring } from '../lib/keys';
import { createPii, keyIdOf } from '../lib/pii';
import { rotateDeviceKeySecrets, rotatePii, rotateTotpSecrets } from './rotate-pii';

async function main() {
  const { values } = parseArgs({
    options: { 'new-key': { type: 'boolean', default: false }, 'batch-size': { type: 'string', default: '200' } },
  });
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new ConfigError('--batch-size must be a positive integer');
  const config = loadConfig();
  if (values['new-key']) {
    if (config.piiKey) {
      throw new ConfigError(
        '--new-key is for the generated key only. With PII_KEY: set PII_KEY to a new key ' +
          '(openssl rand -base64 32), PII_KEYS_OLD to the previous one(s), restart the server, then run this again.',
      );
    }
    loadKeys(undefined, config.dataDir); // the current key exists before it is replaced
    const next = generateNextKey(config.dataDir);
    console.log(`New PII key ${keyIdOf(next)} in ${keyFiles(config.dataDir).current}; restart the server to use it.`);
  }
  const keys = loadKeys(config.piiKey, config.dataDir, config.piiKeysOld);
  const pii = createPii(piiKeyring(keys));
  console.log(
    `Re-sealing report PII with key ${pii.currentKeyId}` +
      (keys.piiOld.length ? ` (reading ${keys.piiOld.map(keyIdOf).join(', ')})` : ''),
  );
  const database = await openDatabase(config);
  try {
    const result = await rotatePii(database.db, pii, {
      batchSize,
      afterBatch: (p) => console.log(`batch ${p.batches}: ${p.rotated} re-sealed, ${p.skipped} already current`),
    });
    console.log(
      `Done: ${result.rotated} re-sealed, ${result.skipped} already current, ${result.failed.length} failed.`,
    );
    console.log(`Re-sealing two-factor (TOTP) secrets with key ${pii.currentKeyId}`);
    const secrets = await rotateTotpSecrets(database.db, pii, {
      batchSize,
      afterBatch: (p) => console.log(`batch ${p.batches}: ${p.rotated} re-sealed, ${p.skipped} already current`),
    });
    console.log(
      `Done: ${secrets.rotated} accounts' secrets re-sealed, ${secrets.skipped} already current, ${secrets.failed.length} failed.`,
    );
    console.log(`Re-sealing device key secrets (offline drafts) with key ${pii.currentKeyId}`);
    const deviceKeys = await rotateDeviceKeySecrets(database.db, pii, {
      batchSize,
      afterBatch: (p) => console.log(`batch ${p.batches}: ${p.rotated} re-sealed, ${p.skipped} already current`),
    });
    console.log(
      `Done: ${deviceKeys.rotated} accounts' device key secrets re-sealed, ${deviceKeys.skipped} already current, ${deviceKeys.failed.length} failed.`,
    );
    if (result.failed.length) {
      console.error(
        `These reports do not open with any key given, and were left as they are: ${result.failed.join(', ')}`,
      );
    }
    if (secrets.failed.length) {
      console.error(
        `The TOTP secrets of these accounts do not open with any key given, and were left as they are: ${secrets.failed.join(', ')}`,
      );
    }
    if (deviceKeys.failed.length) {
      console.error(
        `The device key secrets of these accounts do not open with any key given, and were left as they are: ${deviceKeys.failed.join(', ')}`,
      );
    }
    if (result.failed.length || secrets.failed.length || deviceKeys.failed.length) {
      process.exitCode = 2;
    } else if (keys.piiOld.length) {
      console.log(
        'Every report and secret is on the current key: the old key(s) may be removed once no server still writes with them.',
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error('Key rotation failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
