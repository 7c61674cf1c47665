import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';

/** PostgreSQL refuses text it cannot store (a NUL byte, an invalid sequence): that is bad input. */
const INVALID_TEXT_CODES = new Set(['22021', '22P05']);

/** The database, or Redis holding the rate limits (plugins/limits.ts), cannot answer: 503. */
const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', '57P01', '57P02', '57P03', '08006', '08001', '08003']);

function isDatabaseUnavailable(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (err as { cause?: { code?: string } }).cause?.code;
  const message = (err as Error).message ?? '';
  const causeMessage = (err as { cause?: { message?: string } }).cause?.message ?? '';
  const down =
    /Connection terminated|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end|enableOfflineQueue options is false|Connection is closed/;
  return (
    DB_DOWN_CODES.has(code ?? '') || DB_DOWN_CODES.has(causeCode ?? '') || down.test(message) || down.test(causeMessage)
  );
}

/** The one error handler: the contract's error shape, nothing internal in a 5xx. */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((v) => ({
          path: String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.'),
          message: v.message ?? 'Invalid value',
        }));
        const first = issues[0];
        return reply.status(400).send({
          message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid input',
          issues,
        });
      }
      if (err instanceof HttpError) {
        // A 503 of our own (file storage down, issue 14) is logged with what caused it.
        if (err.statusCode >= 500) req.log.error({ err: err.cause ?? err }, err.message);
        return reply
          .status(err.statusCode)
          .headers(err.headers)
          .send({ message: err.message, ...err.body });
      }
      const dbCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? err.code;
      if (INVALID_TEXT_CODES.has(dbCode ?? '')) {
        return reply.status(400).send({ message: 'The text contains characters that are not allowed.' });
      }
      if (isDatabaseUnavailable(err)) {
        req.log.error({ err }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ message: 'The service is temporarily unavailable. Please try again shortly.' });
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) {
        req.log.error({ err }, 'request failed');
        return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
      }
      if (status === 429) {
        return reply.status(429).send({ message: 'Too many attempts. Please try again later.' });
      }
      const messages: Record<number, string> = {
        413: 'The upload or request is too large.',
        415: 'This type of content is not accepted.',
      };
      return reply.status(status).send({ message: messages[status] ?? err.message });
    });
  },
  { name: 'errors' },
);
