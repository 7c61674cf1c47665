import crypto from 'node:crypto';
import { lazy } from '../../lib/lazy';

/** The W3C Bitstring Status Lists the copies name: their sizes, places and bits. */

/**
 * The status list encoder (with the VC library and jsonld it brings: about 5 MB of heap), loaded
 * by the first status list signed, not at start (issue 14).
 */
export const loadStatusListLibrary = lazy('@digitalbazaar/vc-bitstring-status-list', async () => {
  const { BitstringStatusList, createCredential } = await import('@digitalbazaar/vc-bitstring-status-list');
  return { BitstringStatusList, createStatusListCredential: createCredential };
});

export type StatusPurpose = 'revocation' | 'suspension';

/**
 * W3C Bitstring Status List v1.0 §6.1 (herd privacy): a list has at least 131,072 entries, so
 * that fetching it says little about which credential a verifier is checking.
 */
export const STATUS_LIST_LENGTH = 131_072;
/**
 * Copies a list takes before the next one opens (decision 0037): half its length, so a random
 * position is free at least half the time and a copy finds one in a try or two.
 */
const COPIES_PER_LIST = STATUS_LIST_LENGTH / 2;

/** A copy's place in the revocation lists. */
export interface StatusPlace {
  statusList: number;
  statusPosition: number;
}

/** A list's bits before any copy in it is revoked. */
export const emptyBits = () => Buffer.alloc(STATUS_LIST_LENGTH / 8);

/**
 * The list a copy goes to, from the count of copies issued (its number in `credential_copy_seq`),
 * at a random position.
 */
export const placeFor = (copyNumber: number): StatusPlace => ({
  statusList: Math.floor(copyNumber / COPIES_PER_LIST) + 1,
  statusPosition: randomPosition(),
});

/**
 * Bitstring Status List v1.0 §6.2 (the SHOULD of random positions): a copy's position is drawn at
 * random among the free ones of its list, so that neither a position nor its neighbours tell
 * when a credential was issued. The list follows the count of copies issued.
 */
export const randomPosition = () => crypto.randomInt(STATUS_LIST_LENGTH);

/** A place as a key of a set. */
export const placeKey = (p: StatusPlace) => `${p.statusList}:${p.statusPosition}`;

/**
 * The bits with these positions set. The W3C list numbers a byte's bits from the most
 * significant (Bitstring Status List §3.1). Bits are only ever set: a revocation is final (§2.1).
 */
export function withBitsSet(bits: Uint8Array, positions: number[]): Buffer {
  const next = Buffer.from(bits);
  for (const position of positions) next[position >> 3] = next[position >> 3]! | (0x80 >> (position & 7));
  return next;
}
