import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

/** A background job: what runs, when (cron, UTC), and whether it runs once at every start. */
export interface JobDefinition {
  /** Five-field cron expression (UTC); pg-boss sends the job once per match, whichever process is first. */
  cron?: string;
  /** Sent when a server starts, so that work due while it was down is done at once. */
  atStart?: boolean;
  run(): Promise<unknown>;
}

/** How often an idle worker asks for its next job (pg-boss polls; the query is one index read). */
const POLL_SECONDS = 2;
/**
 * On the embedded database every query runs on the event loop: four queues polled every 2 s
 * left login requests waiting over 10 s under load (server/test/resilience/load.test.ts), and
 * cost a fifth of the read throughput. Jobs that must not wait are sent when their cause happens.
 */
const POLL_SECONDS_PGLITE = 10;

/**
 * The database as pg-boss sees it. pg-boss completes or fails a job without awaiting it
 * (`onFetch` in its manager.js, 10.x), so a job that outlives `stop()` (one past the stop's
 * timeout, or fetched as the queue stopped) writes to the pool after the server has closed it: an
 * unhandled rejection, which ends the process. Once the queue has stopped, its statements are
 * dropped instead: such a job stays active until it expires and then runs again, which every
 * handler is safe to do. After `stop()` pg-boss has no workers, schedule or maintenance left, so
 * the only statements are those completions, whose answer it reads as `rows[0].count`
 * (`mapCommandResponse`): "nothing changed" is answered.
 */
export function queueDatabase(
  database: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> },
  stopped: () => boolean,
  onDropped: (text: string) => void,
) {
  return {
    executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
      if (!stopped()) return database.executeSql(text, values);
      onDropped(text);
      return Promise.resolve({ rows: [{ count: 0 }] });
    },
  };
}

/**
 * Background work on pg-boss (decision 0009), in the portal's own database: its tables (schema
 * `pgboss`) are created and migrated by pg-boss at start, under an advisory lock, on PGlite and
 * PostgreSQL alike. Every queue is `short`: at most one job waits, so the sends of several
 * processes at once (a start, a kick, the cron) collapse into one run. Runs are not exclusive
 * (a job of a killed process stays active until it expires, and must not block the next run),
 * so every handler is safe to run twice at once: each claims its rows (outbox, reminders).
 */
export default fp(
  async (app: FastifyInstance, opts: { worker?: boolean }) => {
    const definitions = new Map<string, JobDefinition>();
    let boss: PgBoss | undefined;
    let running = false;
    let stopped = false;
    /** This process's worker per queue: a kick wakes it at once instead of at its next poll. */
    const workers = new Map<string, string>();

    async function start() {
      boss = new PgBoss({
        db: queueDatabase(
          app.database,
          () => stopped,
          (text) => app.log.warn({ statement: text.slice(0, 60) }, 'job queue statement after stop dropped'),
        ),
        // Completed jobs are kept a day, then archived and dropped by pg-boss's own maintenance.
        retentionDays: 7,
        archiveCompletedAfterSeconds: 24 * 60 * 60,
        deleteAfterDays: 7,
      });
      boss.on('error', (err: Error) => app.log.error({ err: err.message }, 'job queue error'));
      await boss.start();
      for (const [name, job] of definitions) {
        await boss.createQueue(name, { name, policy: 'short', retryLimit: 3, retryDelay: 30, expireInSeconds: 900 });
        if (job.cron) await boss.schedule(name, job.cron, {}, { tz: 'UTC' });
        const pollingIntervalSeconds = app.database.driver === 'pglite' ? POLL_SECONDS_PGLITE : POLL_SECONDS;
        const workerId = await boss.work(name, { pollingIntervalSeconds }, async () => {
          try {
            await job.run();
          } catch (err) {
            // pg-boss retries the job (retryLimit); the log says why.
            app.log.error({ err, job: name }, 'background job failed');
            throw err;
          }
        });
        workers.set(name, workerId);
      }
      running = true;
      for (const [name, job] of definitions) if (job.atStart) await boss.send(name, {});
      app.log.info({ queues: [...definitions.keys()] }, 'job queue started');
    }

    app.decorate('queue', {
      define(name: string, job: JobDefinition) {
        if (definitions.has(name)) throw new Error(`Job ${name} is defined twice`);
        definitions.set(name, job);
      },
      kick(name: string) {
        if (!running || !boss) return;
        // The job runs in whichever process polls first; a send lost here is caught by the cron.
        const queued = boss;
        queued.send(name, {}).then(
          () => {
            const workerId = workers.get(name);
            if (workerId) queued.notifyWorker(workerId);
          },
          (err: unknown) => app.log.warn({ err, name }, 'job could not be queued'),
        );
      },
      status: () => (!opts.worker ? 'off' : running ? 'running' : 'stopped'),
    });

    if (opts.worker) {
      app.addHook('onReady', start);
      app.addHook('onClose', async () => {
        running = false;
        // Waits for jobs in progress (a reminder run, a mail batch); the pool is ours to close.
        await boss?.stop({ graceful: true, timeout: 10_000, close: false, wait: true });
        stopped = true;
      });
    }
  },
  { name: 'queue', dependencies: ['config', 'db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    queue: {
      /** Declares a job; call while the app registers (the queue starts when the app is ready). */
      define(name: string, job: JobDefinition): void;
      /** Asks for a run of the job soon (after the caller's transaction has committed). */
      kick(name: string): void;
      /** `off` when this app runs no workers (tests), `running`, or `stopped`. */
      status(): 'off' | 'running' | 'stopped';
    };
  }
}
