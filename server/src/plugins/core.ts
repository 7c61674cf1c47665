import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Keys } from '../lib/keys';

export interface CoreDeps {
  config: Config;
  database: Database;
  keys: Keys;
  clock: Clock;
}

/** What every other plugin stands on: configuration, database, keys and the clock. */
export const configPlugin = fp(
  async (app: FastifyInstance, deps: CoreDeps) => {
    app.decorate('config', deps.config);
    app.decorate('keys', deps.keys);
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
    clock: Clock;
    database: Database;
    db: Db;
  }
}
