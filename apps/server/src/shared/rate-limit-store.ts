import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

type Rows<T> = { rows: T[] };
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** Every this many requests counted, windows that ended are deleted. */
const PRUNE_EVERY = 500;

/**
 * @fastify/rate-limit's store in the database (table limites_pedidos), so a limit holds for the
 * fleet and not per node: 30 sign-in posts a minute from one address are 30 whichever node
 * answers them (docs/decisions/046). One row per route and client key; the counter and its window
 * move in one atomic upsert. Fixed windows, as the plugin's own store (continueExceeding and
 * exponentialBackoff are not used here and not supported).
 */
export function databaseRateLimitStore(db: Db, now: () => number = Date.now) {
  let counted = 0;
  class DatabaseRateLimitStore {
    private readonly namespace: string;
    /** The plugin constructs the root store with its options; children get their route's name. */
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : '';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const at = now();
      const clave = `${this.namespace}|${key}`.slice(0, 400);
      const start = new Date(at);
      const ends = new Date(at + timeWindow);
      const prune = ++counted % PRUNE_EVERY === 0;
      void (async () => {
        if (prune) await db.execute(sql`delete from limites_pedidos where vence <= ${start}`);
        const result = (await db.execute(sql`
          insert into limites_pedidos as l (clave, cuenta, vence) values (${clave}, 1, ${ends})
          on conflict (clave) do update set
            cuenta = case when l.vence <= ${start} then 1 else l.cuenta + 1 end,
            vence = case when l.vence <= ${start} then ${ends} else l.vence end
          returning cuenta, vence`)) as unknown as Rows<{ cuenta: number; vence: Date | string }>;
        const row = result.rows[0]!;
        return { current: Number(row.cuenta), ttl: Math.max(0, new Date(row.vence).getTime() - at) };
      })().then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    /** A peek without counting (`{ increment: false }`). */
    read(key: string, callback: Callback) {
      const at = now();
      const clave = `${this.namespace}|${key}`.slice(0, 400);
      void (async () => {
        const result = (await db.execute(sql`select cuenta, vence from limites_pedidos where clave = ${clave} and vence > ${new Date(at)}`)) as unknown as Rows<{
          cuenta: number;
          vence: Date | string;
        }>;
        const row = result.rows[0];
        return row ? { current: Number(row.cuenta), ttl: new Date(row.vence).getTime() - at } : { current: 0, ttl: 0 };
      })().then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    /** One store per route: its method and path name its counters. */
    child(options: object) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(`${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''}`);
    }
  }
  return DatabaseRateLimitStore;
}
