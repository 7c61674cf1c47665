import { type AnyColumn, sql } from 'drizzle-orm';

/**
 * `version = version + 1`, for the SET of every edit's UPDATE: the version an `If-Match` names
 * (lib/preconditions.ts).
 */
export const bumpVersion = (column: AnyColumn) => sql`${column} + 1`;
