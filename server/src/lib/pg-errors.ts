/** Whether a database error (or the driver error a query builder wraps) is a unique-key violation. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';
