import type { Language } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { messageKeyOf } from '@portal/contract/messages/lookup';
import { requestLanguage, type Words } from './i18n';

/**
 * Issue 34: the API's error messages in the reader's language. The server and the contract write
 * them in English; the error handler (plugins/errors.ts) looks each one up here by its exact
 * English text (`messageKeyOf`, shared with the web app's forms) and answers with the catalogue's
 * message of the same key (`api.*`, contract/src/messages). A text that is
 * not known (a message of a domain, one Fastify wrote) stays as it is, in English. An English
 * answer is never touched: its text is the one the code wrote, to the byte.
 */

/** The language of an API answer: the signed-in member's profile's, else the request's. */
export const answerLanguage = (req: FastifyRequest): Language => req.auth?.user.language ?? requestLanguage(req);

/**
 * An API message in the reader's words: English as written, another language from its catalogue.
 * An error answer never fails for its words: a deployment's message that does not format (one
 * that names an argument the English does not have) gives the English text.
 */
export function translateMessage(words: Words, english: string): string {
  if (words.language === 'en') return english;
  const found = messageKeyOf(english);
  if (!found) return english;
  try {
    return words.t(found.key, found.values);
  } catch {
    return english;
  }
}
