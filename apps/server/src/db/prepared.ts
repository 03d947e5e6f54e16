import type { DbOrTx } from './client';

/**
 * A statement of the hot path (every request, or the case list's first page) built once per
 * database and, being named, parsed once per connection. PostgreSQL still plans it per execution:
 * a generic plan of the case list ignores its LIMIT and reads every case.
 */
export function preparedPerDatabase<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byDatabase = new WeakMap<DbOrTx, T>();
  return (db) => {
    let prepared = byDatabase.get(db);
    if (!prepared) {
      prepared = build(db);
      byDatabase.set(db, prepared);
    }
    return prepared;
  };
}
