import type { PagingQuery } from '@siniestros/domain';

/**
 * From this offset a filtered page waits for its total: walking fewer entries costs well under a
 * millisecond, and beyond it an exact total lets a page past the middle be read from the oldest end.
 */
export const DEEP_OFFSET = 1_000;

/**
 * Which form of a counted list's page a named statement holds: page 1 (its OFFSET written in as 0,
 * db/prepared.ts `offsetOf`), a shallow one (an index walked past the offset) or a deep one, from
 * DEEP_OFFSET (read from the date its offset falls in, docs/decisions/062).
 */
export type PageDepth = 'first' | 'shallow' | 'deep';
export const pageDepth = (offset: number): PageDepth => (offset === 0 ? 'first' : offset < DEEP_OFFSET ? 'shallow' : 'deep');

export function pageOffset({ page, pageSize }: PagingQuery): number {
  return (page - 1) * pageSize;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}

/**
 * Where to read a page of `total` rows from: a page past the middle is read from the oldest end
 * (the reverse order, then reversed), so OFFSET never walks more than half the rows. Null for a
 * page past the end. Without a total, from the newest end as asked.
 */
export function pageWindow(limit: number, offset: number, total?: number): { fromOldest: boolean; limit: number; offset: number } | null {
  if (total === undefined || offset <= total / 2) return { fromOldest: false, limit, offset };
  if (offset >= total) return null;
  return { fromOldest: true, limit: Math.min(limit, total - offset), offset: Math.max(0, total - offset - limit) };
}

/**
 * A page and the total of its list. From DEEP_OFFSET the total comes first: it says from which end
 * `read` takes the page (pageWindow) and that a page past the end reads nothing.
 */
export async function pageWithTotal<R>(offset: number, count: () => Promise<number>, read: (total?: number) => Promise<R[]>): Promise<{ rows: R[]; total: number }> {
  if (offset >= DEEP_OFFSET) {
    const total = await count();
    return { rows: await read(total), total };
  }
  const [rows, total] = await Promise.all([read(), count()]);
  return { rows, total };
}

/**
 * A page read in the list's order, or past the middle in its exact reverse and then turned back
 * (pageWindow); no read for a page past the end. `read` gets the order, size and offset to use.
 */
export async function readWindow<R, O>(
  limit: number,
  offset: number,
  total: number | undefined,
  order: { forward: O; backward: O },
  read: (order: O, limit: number, offset: number) => Promise<R[]>,
): Promise<R[]> {
  const window = pageWindow(limit, offset, total);
  if (!window) return [];
  const rows = await read(window.fromOldest ? order.backward : order.forward, window.limit, window.offset);
  return window.fromOldest ? rows.reverse() : rows;
}
