import { sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** `build(key)` on first use of each key, the same value after. */
function builtOnce<K, V>(byKey: { get(key: K): V | undefined; set(key: K, value: V): unknown }, build: (key: K) => V): (key: K) => V {
  return (key) => {
    let value = byKey.get(key);
    if (value === undefined) {
      value = build(key);
      byKey.set(key, value);
    }
    return value;
  };
}

/**
 * A statement of the hot path (every request, or the case list's first page) built once per
 * database and, being named, parsed once per connection. PostgreSQL still plans it per execution
 * unless its text lets a generic plan win (see the case list's statements).
 */
export function preparedPerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  return builtOnce(new WeakMap<DbOrTx, T>(), build);
}

/** A named statement for each key (a page size, a list and a page size), built on first use. */
export function statementPerKey<K, S>(build: (key: K) => S): (key: K) => S {
  return builtOnce(new Map<K, S>(), build);
}

/**
 * A page size written into a named statement's text, so a generic plan knows it: an SQL chunk, not
 * a number (drizzle would send a number as a parameter).
 */
export function limitLiteral(limit: number) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`Bad page size ${limit}`);
  return sql.raw(String(limit));
}

/**
 * A page's OFFSET in a named statement: written in as 0 on page 1, the parameter `offset` beyond.
 * With the offset a parameter PostgreSQL costs a kept (generic) plan as if a tenth of the rows were
 * read, finds it dearer than planning for the value, and plans every execution (0.3-0.6 ms of a
 * list's page at 1M cases); page 1, the page most requests ask for, then keeps its plan.
 */
export function offsetOf(firstPage: boolean) {
  return firstPage ? (sql.raw('0') as unknown as number) : sql.placeholder('offset');
}

/** What a select can be paged with: drizzle's `.limit()` then `.offset()`. */
interface Pageable<R> {
  limit(limit: number | Placeholder): { offset(offset: number | Placeholder): R };
}

/**
 * The LIMIT and OFFSET of a named page statement: the page size written in (limitLiteral), the
 * offset as offsetOf says.
 */
export function pageSlice<R>(query: Pageable<R>, limit: number, firstPage: boolean): R {
  return query.limit(limitLiteral(limit) as unknown as number).offset(offsetOf(firstPage));
}
