import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Edit versions (docs/decisions/074): each save of a row a person edits adds one to its `version`,
 * and a save that names the version it read is refused when another save came first.
 */
export const nextVersion = (version: AnyColumn): SQL<number> => sql<number>`${version} + 1`;

/** Whether a save that read `expected` may write over the row's `current` version (absent: not checked). */
export const isCurrentVersion = (expected: number | null | undefined, current: number) => expected === null || expected === undefined || expected === current;

/** The condition of a save that read `expected` (none when it names no version): it updates no row after another save. */
export const versionMatches = (version: AnyColumn, expected: number | null | undefined): SQL | undefined =>
  expected === null || expected === undefined ? undefined : eq(version, expected);
