import crypto from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { Pii } from '../../lib/pii';

/** The column's name as the sealed value's associated data names it (lib/pii.ts binds row and field). */
export const DEVICE_KEY_FIELD = 'deviceKeySecret';

/**
 * Issue 30 (F6, decision 0034): the member's device key secret, made on first ask. Two sessions
 * asking at once keep the first one written (the update only fills an empty column).
 */
export async function deviceKeySecretOf(db: Tx, pii: Pii, userId: string): Promise<Buffer> {
  const read = async () =>
    (await db.select({ secret: users.deviceKeySecret }).from(users).where(eq(users.id, userId)))[0]?.secret ?? null;
  let sealed = await read();
  if (sealed === null) {
    const fresh = pii.encrypt(crypto.randomBytes(32).toString('base64url'), userId, DEVICE_KEY_FIELD);
    await db
      .update(users)
      .set({ deviceKeySecret: fresh })
      .where(and(eq(users.id, userId), isNull(users.deviceKeySecret)));
    sealed = await read();
  }
  if (sealed === null) throw new Error('The device key secret was cleared while it was made');
  return Buffer.from(pii.decrypt(sealed, userId, DEVICE_KEY_FIELD), 'base64url');
}

/**
 * The secret re-sealed with the current PII key (rotate-pii-key), or null when it is on it
 * already. One that does not open throws PiiError: nothing is re-sealed blind.
 */
export function resealDeviceKeySecret(pii: Pii, row: { id: string; deviceKeySecret: string | null }) {
  if (row.deviceKeySecret === null || pii.keyIdOf(row.deviceKeySecret) === pii.currentKeyId) return null;
  const secret = pii.decrypt(row.deviceKeySecret, row.id, DEVICE_KEY_FIELD);
  return { deviceKeySecret: pii.encrypt(secret, row.id, DEVICE_KEY_FIELD) };
}

/** The next accounts after `after` (by id) with a device key secret, locked: a batch of the key rotation. */
export const lockDeviceKeySecretsAfter = (tx: Tx, after: string, limit: number) =>
  tx
    .select({ id: users.id, deviceKeySecret: users.deviceKeySecret })
    .from(users)
    .where(and(gt(users.id, after), isNotNull(users.deviceKeySecret)))
    .orderBy(asc(users.id))
    .limit(limit)
    .for('update');

/** Writes an account's re-sealed device key secret. */
export async function writeDeviceKeySecret(tx: Tx, id: string, values: { deviceKeySecret: string }) {
  await tx.update(users).set(values).where(eq(users.id, id));
}
