import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An address a user signed in from stays known this long. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
/** Every this many failures, those out of every window (and addresses no longer known) are deleted. */
const PRUNE_EVERY = 100;
/** Failures past the limit counted for the step-up (beyond, the step-up stays at its top). */
const STEP_UP_STEPS = 16;

export type LoginGuardOptions = {
  maxPerAccount: number;
  maxPerAddress: number;
  windowMs: number;
  now: () => number;
};

/**
 * How a sign-in is held: `retryAfterMs` > 0 refuses it (the address's window, 429); `stepUp` > 0
 * slows it without refusing (failures against the username past the limit: a harder captcha and a
 * delay, docs/decisions/079).
 */
export type LoginHold = { retryAfterMs: number; stepUp: number };

type Rows<T> = { rows: T[] };

/**
 * The throttles of sign-in (ASVS 6.3.1, docs/decisions/020 and 079):
 * - per address: every failure from an address counts, whatever username it tried; past
 *   LOGIN_MAX_FAILURES_PER_ADDRESS the address is refused (429) until the window passes;
 * - per account: failures against one username from anywhere count; past LOGIN_MAX_FAILURES each
 *   attempt on that username is stepped up (harder captcha, delay) but never refused, so a guesser
 *   cannot keep the owner out;
 * - a user at an address they already signed in from escapes both: there only the failures against
 *   their username from that very address step them up.
 * Re-authentication inside a session (current password, a code) counts per account (`s:` keys):
 * only whoever holds a session of that user makes those failures, so they are refused (429).
 * Failures and known addresses live in the database (login_fallos, login_direcciones), so every
 * node counts the same failures (docs/decisions/046).
 */
export function createLoginGuard(db: Db, options: LoginGuardOptions) {
  const lower = (username: string) => username.trim().toLowerCase();
  const accountKey = (username: string) => `a:${lower(username)}`.slice(0, 400);
  const addressKey = (address: string) => `d:${address}`.slice(0, 400);
  const pairKey = (username: string, address: string) => `p:${lower(username)}\n${address}`.slice(0, 400);
  const sessionKey = (userId: number) => `s:${userId}`;
  let failures = 0;
  const since = () => new Date(options.now() - options.windowMs);

  /** Milliseconds until `key` may try again: 0 below `max` failures inside the window. */
  async function retryAfter(key: string, max: number): Promise<number> {
    const now = options.now();
    const result = (await db.execute(
      sql`select fecha from login_fallos where clave = ${key} and fecha > ${since()} order by fecha desc limit ${max}`,
    )) as unknown as Rows<{ fecha: Date | string }>;
    if (result.rows.length < max) return 0;
    const oldest = new Date(result.rows[max - 1]!.fecha).getTime();
    return Math.max(0, oldest + options.windowMs - now);
  }

  /** 0 below the limit; 1 at it, then one more per failure past it (at most STEP_UP_STEPS). */
  async function stepUp(key: string): Promise<number> {
    const cap = options.maxPerAccount + STEP_UP_STEPS;
    const result = (await db.execute(
      sql`select count(*)::int as n from (select 1 from login_fallos where clave = ${key} and fecha > ${since()} limit ${cap}) f`,
    )) as unknown as Rows<{ n: number }>;
    return Math.max(0, Number(result.rows[0]?.n ?? 0) - options.maxPerAccount + 1);
  }

  async function isKnown(username: string, address: string): Promise<boolean> {
    const result = (await db.execute(sql`select desde from login_direcciones where par = ${pairKey(username, address)}`)) as unknown as Rows<{
      desde: Date | string;
    }>;
    const since = result.rows[0] ? new Date(result.rows[0].desde).getTime() : undefined;
    return since !== undefined && options.now() - since < KNOWN_ADDRESS_MS;
  }

  async function remember(username: string, address: string) {
    await db.execute(
      sql`insert into login_direcciones (par, desde) values (${pairKey(username, address)}, ${new Date(options.now())}) on conflict (par) do update set desde = excluded.desde`,
    );
  }

  async function insert(keys: string[]) {
    const at = new Date(options.now());
    await db.execute(sql`insert into login_fallos (clave, fecha) values ${sql.join(keys.map((key) => sql`(${key}, ${at})`), sql`, `)}`);
    if (++failures % PRUNE_EVERY === 0) {
      await db.execute(sql`delete from login_fallos where fecha <= ${since()}`);
      await db.execute(sql`delete from login_direcciones where desde <= ${new Date(options.now() - KNOWN_ADDRESS_MS)}`);
    }
  }

  return {
    /** How a sign-in of this username from this address is held (see LoginHold). */
    async hold(username: string, address: string): Promise<LoginHold> {
      if (await isKnown(username, address)) return { retryAfterMs: 0, stepUp: await stepUp(pairKey(username, address)) };
      const [level, retryAfterMs] = await Promise.all([stepUp(accountKey(username)), retryAfter(addressKey(address), options.maxPerAddress)]);
      return { retryAfterMs, stepUp: level };
    },
    /** The step-up of a username from an address it is not known at (the captcha of the login form asks). */
    stepUpOf: (username: string) => stepUp(accountKey(username)),
    failed: (username: string, address: string) => insert([accountKey(username), addressKey(address), pairKey(username, address)]),
    async succeeded(username: string, address: string) {
      await db.execute(sql`delete from login_fallos where clave in (${accountKey(username)}, ${pairKey(username, address)})`);
      await remember(username, address);
    },
    /** The owner followed an unlock link: the username's failures are forgotten and this address becomes known. */
    async unlocked(username: string, address: string) {
      await db.execute(sql`delete from login_fallos where clave in (${accountKey(username)}, ${pairKey(username, address)})`);
      await remember(username, address);
    },
    /** Milliseconds until this signed-in user may re-authenticate again (current password or code). */
    reauthRetryAfter: (userId: number) => retryAfter(sessionKey(userId), options.maxPerAccount),
    /** A wrong current password or code inside a session: counted for that user and for the address. */
    reauthFailed: (userId: number, address: string) => insert([sessionKey(userId), addressKey(address)]),
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
