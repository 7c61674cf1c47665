import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The tests `npm run test:mutation` (stryker.config.mjs) runs against each mutant of the security
 * modules: the unit tests next to each module, and the few HTTP tests of the auth plugin and the
 * upload path. Cheap files first, so a mutant that breaks everything is killed in milliseconds.
 */
export const MUTATION_TESTS = [
  'contract/src/routes.test.ts',
  'server/src/lib/tokens.test.ts',
  'server/src/lib/pii.test.ts',
  'server/src/lib/keys.test.ts',
  'server/src/lib/passwords.test.ts',
  'server/src/domains/files/content.test.ts',
  'server/src/plugins/auth.test.ts',
  'server/src/domains/files/ingest.test.ts',
  // The session read in the lists' statements (decisions 0025, 0028, 0030): auth.ts code the
  // tests above do not reach. (A file whose tests build apps of their own, such as
  // sessions.test.ts, would turn the static mutants of the route table into mutants "covered"
  // by that one test alone.)
  'server/test/accounts/session-in-statement.test.ts',
  'server/src/lib/paging.test.ts',
];

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
