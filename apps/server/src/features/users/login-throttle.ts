import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An address a user signed in from stays known this long. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
/** Every this many failures, those out of every window (and addresses no longer known) are deleted. */
const PRUNE_EVERY = 100;

export type LoginGuardOptions = {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
  now: () => number;
};

type Rows<T> = { rows: T[] };

/**
 * The throttles of sign-in (ASVS 6.3.1, docs/decisions/020-login-throttling.md):
 * - per address: every failure from an address counts, whatever username it tried;
 * - per account: failures against one username from anywhere count;
 * - a user at an address they already signed in from is held back by neither of those (so
 *   someone guessing from elsewhere, or trying other accounts behind the office's NAT, cannot
 *   keep them out) but only by the failures against their username from that very address.
 * Each throttle ends by itself when its window passes: after `max` failures inside the window
 * the key waits until the oldest of them leaves it; a success clears the username's count.
 * Failures and known addresses live in the database (login_fallos, login_direcciones), so every
 * node counts the same failures (docs/decisions/046).
 */
export function createLoginGuard(db: Db, options: LoginGuardOptions) {
  const accountKey = (username: string) => `a:${username.trim().toLowerCase()}`.slice(0, 400);
  const addressKey = (address: string) => `d:${address}`.slice(0, 400);
  const pairKey = (username: string, address: string) => `p:${username.trim().toLowerCase()}\n${address}`.slice(0, 400);
  let failures = 0;

  /** Milliseconds until `key` may try again: 0 below `max` failures inside the window. */
  async function retryAfter(key: string, max: number): Promise<number> {
    const now = options.now();
    const result = (await db.execute(
      sql`select fecha from login_fallos where clave = ${key} and fecha > ${new Date(now - options.windowMs)} order by fecha desc limit ${max}`,
    )) as unknown as Rows<{ fecha: Date | string }>;
    if (result.rows.length < max) return 0;
    const oldest = new Date(result.rows[max - 1]!.fecha).getTime();
    return Math.max(0, oldest + options.windowMs - now);
  }

  async function isKnown(username: string, address: string): Promise<boolean> {
    const result = (await db.execute(sql`select desde from login_direcciones where par = ${pairKey(username, address)}`)) as unknown as Rows<{
      desde: Date | string;
    }>;
    const since = result.rows[0] ? new Date(result.rows[0].desde).getTime() : undefined;
    return since !== undefined && options.now() - since < KNOWN_ADDRESS_MS;
  }

  return {
    /** Milliseconds until this username may be tried from this address, 0 when now. */
    async retryAfter(username: string, address: string): Promise<number> {
      if (await isKnown(username, address)) return retryAfter(pairKey(username, address), options.maxPerAccount);
      const [account, from] = await Promise.all([retryAfter(accountKey(username), options.maxPerAccount), retryAfter(addressKey(address), options.maxPerAddress)]);
      return Math.max(account, from);
    },
    async failed(username: string, address: string) {
      const at = new Date(options.now());
      await db.execute(
        sql`insert into login_fallos (clave, fecha) values (${accountKey(username)}, ${at}), (${addressKey(address)}, ${at}), (${pairKey(username, address)}, ${at})`,
      );
      if (++failures % PRUNE_EVERY === 0) {
        await db.execute(sql`delete from login_fallos where fecha <= ${new Date(options.now() - options.windowMs)}`);
        await db.execute(sql`delete from login_direcciones where desde <= ${new Date(options.now() - KNOWN_ADDRESS_MS)}`);
      }
    },
    async succeeded(username: string, address: string) {
      await db.execute(sql`delete from login_fallos where clave in (${accountKey(username)}, ${pairKey(username, address)})`);
      await db.execute(
        sql`insert into login_direcciones (par, desde) values (${pairKey(username, address)}, ${new Date(options.now())}) on conflict (par) do update set desde = excluded.desde`,
      );
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
