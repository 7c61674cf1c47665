import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const IDEMPOTENCY_TESTS = [
  'server/src/domains/reports/idempotency.test.ts',
  'server/src/domains/files/ingest.test.ts',
  'server/src/domains/files/resumable.test.ts',
];

/**
 * The tests `npm run test:mutation` (stryker.config.mjs) runs against each mutant of the security
 * modules, by module: the unit tests next to each module, and the HTTP tests that reach it on a
 * real database. Within a group, cheap files first, so a mutant that breaks everything is killed
 * in milliseconds.
 */
export const MUTATION_TESTS_BY_MODULE: Record<string, string[]> = {
  'contract/src/routes.ts': ['contract/src/routes.test.ts'],
  'server/src/lib/tokens.ts': ['server/src/lib/tokens.test.ts'],
  'server/src/lib/pii.ts': ['server/src/lib/pii.test.ts'],
  'server/src/lib/keys.ts': ['server/src/lib/keys.test.ts'],
  'server/src/lib/passwords.ts': ['server/src/lib/passwords.test.ts'],
  'server/src/domains/files/content.ts': ['server/src/domains/files/content.test.ts'],
  // The sessions' statements (plugins/auth's, in the database layer).
  'server/src/db/sessions.ts': [
    'server/src/plugins/auth/auth.test.ts',
    'server/test/accounts/session-in-statement.test.ts',
  ],
  'server/src/plugins/auth/': [
    'server/src/plugins/auth/auth.test.ts',
    // The session read in the lists' statements (decisions 0025, 0028, 0030): auth.ts code the
    // test above does not reach. (A file whose tests build apps of their own, such as
    // sessions.test.ts, would turn the static mutants of the route table into mutants "covered"
    // by that one test alone.)
    'server/test/accounts/session-in-statement.test.ts',
    'server/src/db/paging.test.ts',
  ],
  'server/src/domains/files/ingest.ts': ['server/src/domains/files/ingest.test.ts'],
  // Issue 19: the second factor (TOTP, recovery codes, the lock, passkeys) and its routes.
  // rotate-pii-key.test.ts re-seals the TOTP secrets (resealTotpSecrets).
  'server/src/domains/mfa/': [
    'server/test/accounts/two-factor.test.ts',
    'server/test/accounts/passkeys.test.ts',
    'server/test/rotate-pii-key.test.ts',
  ],
  // Issue 18: Idempotency-Key on reports and uploads: its rules, and its statements.
  'server/src/lib/idempotency.ts': IDEMPOTENCY_TESTS,
  'server/src/db/idempotency.ts': IDEMPOTENCY_TESTS,
  // The public verify page, the signed credential and the status lists (issue 31).
  'server/src/domains/certificates/verify-routes.ts': [
    'server/src/domains/certificates/public-resources.test.ts',
    'server/src/domains/certificates/verify-page.test.ts',
    'server/src/domains/certificates/verifiable.test.ts',
  ],
  // The parser's units (no database) first, then the HTTP tests.
  'server/src/domains/certificates/import': [
    'server/src/domains/certificates/import-read.test.ts',
    'server/src/domains/certificates/import.test.ts',
  ],
  'server/src/domains/hmis/': [
    'server/src/domains/hmis/spec.test.ts',
    'server/src/domains/hmis/validate.test.ts',
    'server/src/domains/hmis/mapping.test.ts',
    'server/src/domains/hmis/export.test.ts',
  ],
  'server/src/domains/credentials/': [
    // The rules without a database first (what a copy states, the lists' bits), then the HTTP
    // tests; since the first run (docs/mutation-testing.md), also those that reach the import's
    // supersede and background signer, the wallet's bound copy, a row loaded with SQL, and the
    // issuer keys of the upgrade.
    'server/src/domains/credentials/credential.test.ts',
    'server/src/domains/credentials/signer.test.ts',
    'server/src/domains/credentials/signing-locks.test.ts',
    'server/src/domains/certificates/verifiable.test.ts',
    'server/src/domains/certificates/public-resources.test.ts',
    'server/test/resign-credentials.test.ts',
    'server/src/domains/certificates/issuer-keys.test.ts',
    'server/src/domains/certificates/import.test.ts',
    'server/src/domains/certificates/wallet.test.ts',
    'server/src/domains/certificates/verify-page.test.ts',
  ],
};

/**
 * The files of the modules being mutated, when stryker.config.mjs was given `--mutate` (it passes
 * them on in MUTATION_MODULES): only their tests run. Without it, every group's do. A dry run of
 * every HTTP file above takes many minutes on a busy machine; a run of one module needs its own.
 */
const mutated = process.env.MUTATION_MODULES?.split(',').filter(Boolean) ?? [];
const testsOf = (wanted: (module: string) => boolean) =>
  Object.entries(MUTATION_TESTS_BY_MODULE)
    .filter(([module]) => wanted(module))
    .flatMap(([, tests]) => tests);
const chosen = testsOf((module) => mutated.some((file) => file.startsWith(module)));
/** A file given that no group names (a pattern, a new module) runs every group's tests. */
export const MUTATION_TESTS = [...new Set(chosen.length > 0 ? chosen : testsOf(() => true))];

/** Runs the files in the order above (Vitest's own order puts the slowest first). */
class ListedOrder extends BaseSequencer {
  override sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => MUTATION_TESTS.findIndex((test) => file.moduleId.endsWith(test));
    return Promise.resolve([...files].sort((a, b) => rank(a) - rank(b)));
  }
}

export default defineConfig({
  resolve: {
    // Stryker mutates a copy of the tree; the workspace link would load the unmutated contract.
    alias: { '@portal/contract': fileURLToPath(new URL('./contract/src/index.ts', import.meta.url)) },
  },
  test: {
    environment: 'node',
    include: MUTATION_TESTS,
    sequence: { sequencer: ListedOrder },
    // Each mutant's run builds the app afresh: on PostgreSQL (TEST_DATABASE_URL, as in CI) that
    // clones a template database in about a second, where PGlite takes many times longer.
    env: { TEST_DB_DRIVER: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
    globalSetup: ['./server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
