/** PostgreSQL's SQLSTATE of a unique index or constraint refusing a row. */
export const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of `error` or of one of its causes (drivers and Drizzle wrap it), if any. */
export function pgCodeOf(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 5; current = current.cause as typeof current, depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown): boolean => pgCodeOf(error) === UNIQUE_VIOLATION;
