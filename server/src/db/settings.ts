import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from './client';
import { settings } from './schema';

/**
 * Issue 15: a setting the board saves on its admin screens, one JSON value per key: as saved,
 * read with its contract schema, or `fallback` until it is saved (or when what was saved no longer
 * reads under the schema).
 */
export async function readSetting<T>(db: Tx, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  const parsed = schema.safeParse(row?.value);
  return parsed.success ? parsed.data : fallback;
}

/** Saves a setting's value, replacing what was there. */
export async function writeSetting(db: Tx, key: string, value: unknown, now: Date): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
}
