import { WALLET_OFFER_MINUTES } from '@portal/contract';
import type { Tx } from '../../db/client';
import { addMinutes } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/tokens';
import {
  findWalletOfferByHash,
  insertWalletOffer,
  markWalletOfferUsed,
  type WalletOfferKind,
  type WalletOfferRow,
} from './repository';

/** Why a wallet's secret was refused: never given, or given and then used, or too old. */
export type Refusal = 'unknown' | 'used' | 'expired';

/**
 * A new offer of a certificate to a wallet (decision 0042): its secret, of which only the hash is
 * stored, good for WALLET_OFFER_MINUTES from `now`.
 */
export async function createWalletOffer(
  db: Tx,
  offer: { certificateId: string; kind: WalletOfferKind; createdBy: string; now: Date; challenge?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const expiresAt = addMinutes(offer.now, WALLET_OFFER_MINUTES);
  await insertWalletOffer(db, {
    certificateId: offer.certificateId,
    kind: offer.kind,
    tokenHash: sha256(token),
    challenge: offer.challenge ?? null,
    expiresAt,
    createdBy: offer.createdBy,
    createdAt: offer.now,
  });
  return { token, expiresAt };
}

/** The offer a secret names, whatever its state (undefined when none of this kind has it). */
export async function findWalletOffer(db: Tx, kind: WalletOfferKind, token: string) {
  return findWalletOfferByHash(db, kind, sha256(token));
}

/** Why an offer cannot be used at `now`, or undefined when it can. */
export function refusalOf(row: WalletOfferRow | undefined, now: Date): Refusal | undefined {
  if (!row) return 'unknown';
  if (row.usedAt) return 'used';
  if (row.expiresAt <= now) return 'expired';
  return undefined;
}

/**
 * Takes an offer for good: one statement marks it used if it is unused and unexpired, so two
 * wallets presenting the same secret at once get it once. The row taken, or why not.
 */
export async function takeWalletOffer(
  db: Tx,
  kind: WalletOfferKind,
  token: string,
  now: Date,
  changes: Partial<Pick<WalletOfferRow, 'accessTokenHash'>> = {},
): Promise<WalletOfferRow | Refusal> {
  const taken = await markWalletOfferUsed(db, kind, sha256(token), now, changes);
  return taken ?? refusalOf(await findWalletOffer(db, kind, token), now)!;
}
