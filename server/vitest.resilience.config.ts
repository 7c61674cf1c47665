import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The two-instance test (issue 14) runs after the others, as the issue asks. */
class LastIsTwoInstances extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => (f.moduleId.endsWith('two-instances.test.ts') ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

/**
 * The resilience suite (server/test/resilience): the built server as a real process under load,
 * killed, and with its PostgreSQL restarted. It runs on its own, one file at a time, after the
 * other suites (`npm run test:resilience`), since it restarts the shared PostgreSQL.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    root: __dirname,
    environment: 'node',
    include: ['test/resilience/**/*.test.ts'],
    fileParallelism: false,
    sequence: { sequencer: LastIsTwoInstances },
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
