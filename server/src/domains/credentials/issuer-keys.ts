import * as multikeyContext from '@digitalbazaar/multikey-context';
import * as didContext from 'did-context';
import type { FastifyInstance } from 'fastify';
import { recordedIssuerKeys } from './repository';

type Json = Record<string, unknown>;

/**
 * Decision 0038: the keys the DID document lists, from configuration: ISSUER_KEY's (`current`)
 * first, then ISSUER_KEYS_RETIRED's. Nothing else: an instance started with another key, or a row
 * in the database, cannot make a key trusted.
 *
 * The upgrade from before that decision: every instance that started then wrote its key to
 * `issuer_keys`, and the DID document listed the whole table. A portal that still signs with one
 * of those keys and has no ISSUER_KEYS_RETIRED keeps listing the table's other keys, so copies
 * they signed keep verifying, and is told the exact value to set. Once ISSUER_KEY is a key the
 * table never held (a rotation, or a compromise: the runbook makes a new key), the table is not
 * read again, so a compromised key it holds can never come back through it.
 */
export async function publishedKeys(app: FastifyInstance, current: string): Promise<string[]> {
  const retired = app.config.issuerKeysRetired ?? (await keysBeforeConfiguration(app, current));
  return [current, ...retired.filter((key) => key !== current)];
}

async function keysBeforeConfiguration(app: FastifyInstance, current: string): Promise<string[]> {
  const recorded = await recordedIssuerKeys(app.db);
  const earlier = recorded.filter((key) => key !== current);
  if (!recorded.includes(current) || !earlier.length) return [];
  const value = earlier.join(',');
  app.log.warn(
    { ISSUER_KEYS_RETIRED: value },
    `ISSUER_KEYS_RETIRED is not set: for this start the DID document also lists the ${earlier.length} earlier ` +
      `key(s) of the issuer_keys table, as before decision 0038. Set ISSUER_KEYS_RETIRED=${value} ` +
      '(leaving out any key that must no longer verify: docs/key-compromise.md)',
  );
  return earlier;
}

/** The issuer's DID document (did:web): each key as a Multikey that may sign credentials. */
export function didDocumentOf(did: string, keys: string[]): Json {
  const methods = keys.map((key) => ({
    id: `${did}#${key}`,
    type: 'Multikey',
    controller: did,
    publicKeyMultibase: key,
  }));
  return {
    '@context': [didContext.CONTEXT_URL, multikeyContext.CONTEXT_URL],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((m) => m.id),
  };
}
