import type { FastifyServerOptions } from 'fastify';

/** Reset tokens travel in the path; they never reach a log line. */
export const redactUrl = (url: string) => url.replace(/(reset-password\/)[^/?#]+/g, '$1[redacted]');

/** The one logger configuration: secrets redacted once, here (STYLE: one of each). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.code',
        '*.token',
        '*.ssn',
        '*.dob',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
  };
}
