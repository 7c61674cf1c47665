import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { answerLanguage, translateMessage } from '../lib/api-messages';
import { HttpError } from '../lib/errors';
import { wordsFor } from '../lib/i18n';

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

/**
 * The `issues` of an answer of our own (lib/errors.ts, invalidField), each message in the reader's
 * language; the answer's `message` names the first one's path as a schema's 400 does.
 */
function translatedIssues(english: string, body: Record<string, unknown>, say: (message: string) => string) {
  const issues = body.issues;
  if (!Array.isArray(issues)) return body;
  const translated = (issues as { path: string; message: string }[]).map((issue) => ({
    ...issue,
    message: say(issue.message),
  }));
  const first = (issues as { path: string; message: string }[])[0];
  const message =
    first && english === `${first.path}: ${first.message}` ? `${first.path}: ${translated[0]!.message}` : undefined;
  return { ...body, issues: translated, ...(message === undefined ? {} : { message }) };
}

/** The one error handler: the contract's error shape, nothing internal in a 5xx. */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      // Issue 34: the messages in the reader's language (lib/api-messages.ts); the paths, codes
      // and every other field as they are, and an English answer as written.
      const words = wordsFor(answerLanguage(req));
      const say = (message: string) => translateMessage(words, message);
      if (words.language !== 'en') reply.header('content-language', words.language);
      if (hasZodFastifySchemaValidationErrors(err)) {
        const issues = err.validation.map((v) => ({
          path: String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replaceAll('/', '.'),
          message: say(v.message ?? 'Invalid value'),
        }));
        const first = issues[0];
        return reply.status(400).send({
          message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : say('Invalid input'),
          issues,
        });
      }
      if (err instanceof HttpError) {
        // A 503 of our own (file storage down, issue 14) is logged with what caused it.
        if (err.statusCode >= 500) req.log.error({ err: err.cause ?? err }, err.message);
        return reply
          .status(err.statusCode)
          .headers(err.headers)
          .send({ message: say(err.message), ...translatedIssues(err.message, err.body, say) });
      }
      const dbCode = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? err.code;
      if (INVALID_TEXT_CODES.has(dbCode ?? '')) {
        return reply.status(400).send({ message: say('The text contains characters that are not allowed.') });
      }
      if (isDatabaseUnavailable(err)) {
        req.log.error({ err }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ message: say('The service is temporarily unavailable. Please try again shortly.') });
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) {
        req.log.error({ err }, 'request failed');
        return reply.status(500).send({ message: say('Something went wrong. Please try again.') });
      }
      if (status === 429) {
        return reply.status(429).send({ message: say('Too many attempts. Please try again later.') });
      }
      const messages: Record<number, string> = {
        413: 'The upload or request is too large.',
        415: 'This type of content is not accepted.',
      };
      return reply.status(status).send({ message: say(messages[status] ?? err.message) });
    });
  },
  { name: 'errors' },
);
