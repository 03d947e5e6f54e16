/** PostgreSQL's SQLSTATE of a unique index or constraint refusing a row. */
export const UNIQUE_VIOLATION = '23505';
/** PostgreSQL's SQLSTATE of a foreign key refusing a row. */
export const FOREIGN_KEY_VIOLATION = '23503';

type PgError = { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };

/** The SQLSTATE and constraint name of `error` or of one of its causes (drivers and Drizzle wrap it), if any. */
export function pgErrorOf(error: unknown): { code: string; constraint: string } | undefined {
  for (let current = error as PgError | undefined, depth = 0; current && depth < 5; current = current.cause as PgError | undefined, depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      const constraint = current.constraint ?? current.constraint_name;
      return { code: current.code, constraint: typeof constraint === 'string' ? constraint : '' };
    }
  }
  return undefined;
}

/** A unique violation; of that index or constraint only, when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = pgErrorOf(error);
  return pgError?.code === UNIQUE_VIOLATION && (constraint === undefined || pgError.constraint === constraint);
}
