import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from '../lib/clock';
import { type Keys, piiKeyring } from '../lib/keys';
import { createPii, type Pii } from '../lib/pii';

export interface CoreDeps {
  config: Config;
  database: Database;
  keys: Keys;
  clock: Clock;
}

/**
 * What every other plugin stands on: configuration, database, keys (and the sealer of personal
 * data made from them) and the clock.
 */
export const configPlugin = fp(
  async (app: FastifyInstance, deps: CoreDeps) => {
    app.decorate('config', deps.config);
    app.decorate('keys', deps.keys);
    app.decorate('pii', createPii(piiKeyring(deps.keys)));
    app.decorate('clock', deps.clock);
  },
  { name: 'config' },
);

export const dbPlugin = fp(
  async (app: FastifyInstance, deps: { database: Database }) => {
    app.decorate('database', deps.database);
    app.decorate('db', deps.database.db);
  },
  { name: 'db' },
);

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    keys: Keys;
    /** Seals and opens personal data (lib/pii.ts) under the PII keys. */
    pii: Pii;
    clock: Clock;
    database: Database;
    db: Db;
  }
}
