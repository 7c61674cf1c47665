/** The SQLSTATE of a database error, or of the driver error a query builder wraps. */
export const pgCode = (err: unknown): string | undefined =>
  (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;

/** Whether a database error is a unique-key violation. */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';

/** A lock was not available within `lock_timeout` (or with NOWAIT). */
export const LOCK_NOT_AVAILABLE = '55P03';
