/** The Redis the tests use (on every machine of this project's kind, and in CI). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
