import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config';
import * as schema from './schema';
import { createPrimaryFinder, NO_PRIMARY, parseHostList, type PrimaryFinder } from './primary';
import { createPglite } from './pglite';
import { keepNamedPlans } from './pglite-named';
import { PGliteRemote, type PGliteLike } from './pglite-remote';

export { DURABLE_START_PARAMS, DurableNodeFS } from './pglite';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** The rows of a hand-written statement's result (`db.execute` answers the driver's result, typed loosely). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type AvailabilityEvent = { type: 'down'; error: unknown } | { type: 'up' } | { type: 'connection-lost'; error: unknown };

/**
 * Whether PostgreSQL answers. After a connection-level failure the pool fails fast (every
 * checkout is refused at once, so requests answer 503 instead of waiting for a timeout each)
 * while a probe retries in the background; the first probe that answers closes it again
 * (docs/decisions/023-database-outages.md).
 */
export type DatabaseAvailability = {
  isDown: () => boolean;
  subscribe: (listener: (event: AvailabilityEvent) => void) => void;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * The embedded PGlite (tests snapshot it): on a data directory, in a worker thread behind
   * PGliteRemote (docs/decisions/056); in memory, in this thread.
   */
  pglite?: PGliteLike;
  pool?: pg.Pool;
  /** PostgreSQL only: outage detection and fail-fast. */
  availability?: DatabaseAvailability;
  /** PostgreSQL only: a client of its own on the server the pool uses (the writable one of several hosts). */
  newClient?: (config?: pg.ClientConfig) => pg.Client;
};

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  /** A PGlite data directory dump to start from (tests). */
  loadDataDir?: Blob;
  poolMax?: number;
  statementTimeoutMs?: number;
  /** Time to open a connection (or wait for a free one) before giving up. */
  connectTimeoutMs?: number;
  /** While the database is down, how often the probe retries. */
  probeIntervalMs?: number;
  /** A statement unanswered this long makes a probe check whether the server still answers at all. */
  stallProbeMs?: number;
};

/**
 * The waits that decide how fast a silent server is noticed, kept apart from the statement
 * timeout (exports run long statements): connect or wait for a free connection 2 s; a statement
 * unanswered after 0.75 s sends a probe on a new connection that has 1 s to answer `select 1`.
 * So a dead or silent server answers 503 within about 1.8 s (checkouts still waiting fail then
 * too), and one that is back is seen by the next probe: 0.25 s after the last one gave up (docs/decisions/023-database-outages.md).
 * A connection gone silent while the server answers new ones is cut when the probe finds its
 * server process idle and not a byte has come on it silentGraceMs later: 503 in about 1 s (docs/decisions/075).
 */
export const DB_WAITS = { connectTimeoutMs: 2_000, stallProbeMs: 750, probeTimeoutMs: 1_000, probeIntervalMs: 250, silentGraceMs: 250 } as const;

/** Driver and server failures that mean "PostgreSQL cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004', '53300', 'DB_UNAVAILABLE',
  // A write reached a read-only server (a standby, or a primary being replaced) and no host is writable yet: a failover (docs/decisions/051).
  '25006', NO_PRIMARY,
]);
const UNAVAILABLE_MESSAGE_RE = /timeout exceeded when trying to connect|Connection terminated|connection timeout|Query read timeout|Client has encountered a connection error|Connection is closed/i;
/** The pool had no free connection in time: the server is busy, not gone. */
const POOL_BUSY_RE = /timeout exceeded when trying to connect/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  const candidate = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!candidate || depth > 5) return false;
  if (candidate.code && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (UNAVAILABLE_MESSAGE_RE.test(candidate.message ?? '')) return true;
  return isDatabaseUnavailable(candidate.cause, depth + 1);
}

/** No free connection came in time: the server is busy (or slow to accept), not known to be gone. */
export function isPoolBusy(error: unknown): boolean {
  return POOL_BUSY_RE.test((error as Error | undefined)?.message ?? '');
}

/** Refused at once because the database is known to be down (no new attempt was made). */
export function isFailingFast(error: unknown, depth = 0): boolean {
  const candidate = error as { code?: string; cause?: unknown } | undefined;
  if (!candidate || depth > 5) return false;
  return candidate.code === 'DB_UNAVAILABLE' || isFailingFast(candidate.cause, depth + 1);
}

/** A statement ran past DB_STATEMENT_TIMEOUT_MS: the server is alive but the request took too long. */
export function isStatementTimeout(error: unknown, depth = 0): boolean {
  const candidate = error as { code?: string; cause?: unknown } | undefined;
  if (!candidate || depth > 5) return false;
  return candidate.code === '57014' || isStatementTimeout(candidate.cause, depth + 1);
}

/** How the office's database is opened from its settings (DATABASE_URL, else PGlite under DATA_DIR): the server and the ops CLIs. */
export function databaseOptions(config: Config): DatabaseOptions {
  return {
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  const dir = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  const unlock = dir ? lockDataDir(dir) : () => undefined;
  try {
    const pglite: PGliteLike =
      dir ? await PGliteRemote.start(dir, options.loadDataDir) : ((await createPglite({ loadDataDir: options.loadDataDir })) as unknown as PGliteLike);
    const db = drizzlePglite(pglite as unknown as PGlite, { schema }) as unknown as Db;
    keepNamedPlans(db, pglite);
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await pglite.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite is one process: a second one opening the same directory (a backup while the app
 * runs, two servers) would corrupt it. A lock file names its owner by pid AND process start
 * time, so a lock left by a killed process is recognised as stale even when its pid was reused
 * (a container restart gives the new process the same pid).
 */
export function lockDataDir(pgdataDir: string): () => void {
  fs.mkdirSync(pgdataDir, { recursive: true });
  const lockFile = path.join(path.dirname(pgdataDir), `${path.basename(pgdataDir)}.lock`);
  const me: LockOwner = { pid: process.pid, start: processStart(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(me), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readLockOwner(lockFile);
      // This very process counts too: two PGlite instances on one directory corrupt it just the same.
      if (owner && isRunning(owner)) {
        throw new Error(`The database in ${pgdataDir} is in use by process ${owner.pid}: stop it first`);
      }
      fs.rmSync(lockFile, { force: true }); // left by a process that is gone
    }
  }
  throw new Error(`Could not lock ${pgdataDir}`);
}

type LockOwner = { pid: number; start: string | null };

function readLockOwner(lockFile: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** When the process started (Linux: /proc/<pid>/stat field 22), or null where unknown. */
function processStart(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isRunning(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStart(owner.pid);
  return owner.start === null || start === null || start === owner.start;
}

type Listener = (event: AvailabilityEvent) => void;

function createAvailability(probe: () => Promise<void>, probeIntervalMs: number) {
  const listeners: Listener[] = [];
  let isDown = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const emit = (event: AvailabilityEvent) => listeners.forEach((listener) => listener(event));

  function scheduleProbe(delayMs: number) {
    if (closed) return;
    timer = setTimeout(() => {
      probe().then(
        () => {
          isDown = false;
          emit({ type: 'up' });
        },
        () => scheduleProbe(probeIntervalMs),
      );
    }, delayMs);
    timer.unref();
  }

  return {
    isDown: () => isDown,
    subscribe: (listener: Listener) => void listeners.push(listener),
    /** A connection-level failure: fail fast until the probe gets an answer. */
    markDown(error: unknown) {
      if (isDown || closed) return;
      isDown = true;
      emit({ type: 'down', error });
      scheduleProbe(0);
    },
    connectionLost: (error: unknown) => emit({ type: 'connection-lost', error }),
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

const BROKEN = Symbol('broken connection');
const GUARDED = Symbol('guarded');
/** Cut for being silent while the server answers others: its failure does not mean the server is down. */
const SILENT = Symbol('silent connection');
/** When the pool opened the connection. */
const OPENED = Symbol('opened at');
type GuardedClient = pg.PoolClient & { [BROKEN]?: boolean; [GUARDED]?: boolean; [SILENT]?: boolean; [OPENED]?: number; processID?: number };
type QueryCallback = (error: Error | undefined, result?: unknown) => void;
type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/** A transaction's opening statement, as drizzle-orm sends it (`{text: 'begin'}`) or as text. */
function isBegin(query: unknown): boolean {
  const text = typeof query === 'string' ? query : (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}

/** The socket under a pg client. */
function streamOf(client: pg.ClientBase): { bytesRead: number; destroy: () => void } | undefined {
  return (client as unknown as { connection?: { stream?: { bytesRead: number; destroy: () => void } } }).connection?.stream;
}

function unavailableError(): Error {
  return Object.assign(new Error('PostgreSQL is unavailable (failing fast until it answers again)'), { code: 'DB_UNAVAILABLE' });
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? 15_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? DB_WAITS.connectTimeoutMs;
  const stallProbeMs = options.stallProbeMs ?? DB_WAITS.stallProbeMs;
  // Several hosts (a primary and its standbys): every connection goes to the writable one (docs/decisions/051).
  const hostList = parseHostList(url);
  const primary: PrimaryFinder | null = hostList ? createPrimaryFinder(hostList, DB_WAITS.probeTimeoutMs) : null;
  const pool = new pg.Pool({
    ...(primary ? { Client: primary.Client } : { connectionString: url }),
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    // The server cancels a statement at statement_timeout; the client gives up a little later
    // so that a connection whose server went silent (no RST, no answer) is noticed too.
    query_timeout: statementTimeoutMs + 2_000,
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    application_name: 'siniestros',
    // No JIT: it compiled every 2,000-row export batch (~180 ms each, more than the query) and
    // pays off only for long analytic queries, which this app doesn't run.
    options: '-c jit=off',
  });

  /**
   * Whether the server answers on a new connection; given the server processes of connections
   * whose statement is unanswered, also which of them are running a statement (the rest are idle
   * on the server: their statement or its answer was lost on the way).
   */
  async function probe(stalledPids: number[] = []): Promise<Set<number>> {
    if (primary) await primary.find();
    if (primary && stalledPids.length === 0) return new Set();
    const options = { connectionTimeoutMillis: DB_WAITS.probeTimeoutMs, query_timeout: DB_WAITS.probeTimeoutMs };
    const client = primary ? new primary.Client(options) : new pg.Client({ ...options, connectionString: url });
    // A connection dropped mid-probe also emits 'error'; unheard, it would crash the process. The promise reports it.
    client.on('error', () => undefined);
    try {
      await client.connect();
      if (stalledPids.length === 0) {
        await client.query('select 1');
        return new Set();
      }
      const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where pid = any($1::int[]) and state = 'active'`, [stalledPids]);
      return new Set(rows.map((row) => row.pid));
    } finally {
      // end() waits for the server: never wait on a silent one.
      void client.end().catch(() => undefined);
    }
  }
  const availability = createAvailability(() => probe().then(() => undefined), options.probeIntervalMs ?? DB_WAITS.probeIntervalMs);
  /** Connections checked out of the pool: when the server is found silent, each is cut, failing its statement. */
  const checkedOut = new Set<GuardedClient>();
  const waitingCheckouts = new Set<ConnectCallback>();
  availability.subscribe((event) => {
    if (event.type !== 'down') return;
    primary?.forget();
    for (const waiter of waitingCheckouts) waiter(unavailableError());
    for (const client of checkedOut) {
      client[BROKEN] = true;
      streamOf(client)?.destroy();
    }
  });
  /** Connections with a statement unanswered past stallProbeMs, each with a token of that statement. */
  const stalled = new Map<GuardedClient, object>();
  let stallCheck: Promise<void> | undefined;
  let recheck: NodeJS.Timeout | undefined;
  /**
   * A statement waits longer than usual: is the server there at all (else everything fails fast),
   * and is each waiting connection's server process running a statement? One idle there while
   * its client waits went silent on the way (a frozen NAT entry or proxy, a half-dead path while
   * new connections get through): it is cut, so its request answers 503 now instead of at
   * query_timeout (docs/decisions/075). A statement the server is running is checked again until
   * it answers. One probe at a time.
   */
  function checkStall() {
    if (stallCheck || availability.isDown()) return;
    const suspects = [...stalled]
      .filter(([client]) => typeof client.processID === 'number')
      .map(([client, token]) => ({ client, token, bytesRead: streamOf(client)?.bytesRead }));
    stallCheck = probe(suspects.map(({ client }) => client.processID as number))
      .then((running) => {
        for (const { client, token, bytesRead } of suspects) {
          if (running.has(client.processID as number)) continue;
          // An answer on its way (a large result still arriving) gets bytes through: silent is nothing at all.
          const isSilent = () => stalled.get(client) === token && streamOf(client)?.bytesRead === bytesRead;
          setTimeout(() => isSilent() && cutSilent(client), DB_WAITS.silentGraceMs).unref();
        }
      })
      .catch((error: unknown) => availability.markDown(Object.assign(new Error('PostgreSQL does not answer', { cause: error }), { code: 'ETIMEDOUT' })))
      .finally(() => {
        stallCheck = undefined;
        if (stalled.size > 0 && !recheck) {
          recheck = setTimeout(() => {
            recheck = undefined;
            checkStall();
          }, stallProbeMs);
          recheck.unref();
        }
      });
  }
  /** When a connection was last found silent: the idle ones opened before it went the same way, and are not handed out. */
  let lastSilentAt = 0;
  function cutSilent(client: GuardedClient) {
    lastSilentAt = Date.now();
    stalled.delete(client);
    client[BROKEN] = true;
    client[SILENT] = true;
    availability.connectionLost(new Error(`PostgreSQL connection silent (server process ${client.processID} idle while a statement waited): cut`));
    streamOf(client)?.destroy();
  }

  const onFailure = (error: unknown) => {
    if (isDatabaseUnavailable(error) && !isPoolBusy(error)) availability.markDown(error);
  };

  /** Watches a checked-out client: a connection-level error marks it so release() destroys it. */
  function guard(client: GuardedClient): GuardedClient {
    if (!client[GUARDED]) {
      client[GUARDED] = true;
      // pg-pool stops listening to a client's 'error' while it is checked out: a connection the
      // server drops between two queries (restart, pg_terminate_backend) would crash the process
      // (test/faults/atomicity.test.ts). Heard here, it only breaks the connection.
      client.on('error', (error) => {
        client[BROKEN] = true;
        if (!client[SILENT]) onFailure(error);
      });
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      /** Marks this connection stalled if the statement is unanswered after stallProbeMs; call the result when it answers. */
      const watchStall = () => {
        const token = {};
        const stall = setTimeout(() => {
          stalled.set(client, token);
          checkStall();
        }, stallProbeMs);
        stall.unref();
        return () => {
          clearTimeout(stall);
          if (stalled.get(client) === token) stalled.delete(client);
        };
      };
      const noteError = (error: unknown, args: unknown[]) => {
        if (isDatabaseUnavailable(error)) client[BROKEN] = true;
        if (!client[SILENT]) onFailure(error);
        // drizzle-orm's transaction() sends BEGIN before the try/finally that releases the client
        // (drizzle-orm issues 6023, 6241): when BEGIN fails the client would never go back to the
        // pool, and a few dropped connections would exhaust it for good. Released here instead.
        if (isBegin(args[0])) client.release();
      };
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const last = args[args.length - 1];
        if (typeof last === 'function') {
          const answered = watchStall();
          args[args.length - 1] = (error: Error | undefined, result: unknown) => {
            answered();
            if (error) noteError(error, args);
            (last as QueryCallback)(error, result);
          };
          return query(...args);
        }
        const result = query(...args);
        if (!(result instanceof Promise)) return result;
        const answered = watchStall();
        return result.catch((error: unknown) => Promise.reject((noteError(error, args), error))).finally(answered);
      };
    }
    // The pool gives each checkout a fresh release(); a broken connection must not go back, and a
    // second release (see noteError) is a no-op rather than pg-pool's error.
    const release = client.release;
    let released = false;
    checkedOut.add(client);
    client.release = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      checkedOut.delete(client);
      release(error ?? (client[BROKEN] ? new Error('connection lost') : undefined));
    };
    return client;
  }

  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  (pool as { connect: unknown }).connect = (callback?: ConnectCallback) => {
    if (availability.isDown()) {
      const error = unavailableError();
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }
    // A checkout still waiting when the server is found silent fails then, not at its own timeout;
    // the connection it was waiting for goes back to the pool if it ever comes.
    let settled = false;
    let answer: ConnectCallback = () => undefined;
    const promise = new Promise<pg.PoolClient>((resolve, reject) => {
      answer = (error, client) => (error ? reject(error) : resolve(client!));
    });
    const waiter: ConnectCallback = (error, client, done) => {
      if (settled) return;
      settled = true;
      waitingCheckouts.delete(waiter);
      if (callback) callback(error, client, done);
      else answer(error, client, done);
    };
    waitingCheckouts.add(waiter);
    const checkout = () =>
      connect((error, client, done) => {
        if (error) onFailure(error);
        if (settled) {
          client?.release();
          return;
        }
        if (client && ((client as GuardedClient)[OPENED] ?? 0) <= lastSilentAt) {
          client.release(new Error('opened before a connection went silent: closed'));
          checkout();
          return;
        }
        waiter(error, client ? guard(client) : client, done);
      });
    checkout();
    return callback ? undefined : promise;
  };

  pool.on('connect', (client) => void ((client as GuardedClient)[OPENED] = Date.now()));
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (error) => {
    availability.connectionLost(error);
    onFailure(error);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    availability: { isDown: availability.isDown, subscribe: availability.subscribe },
    newClient: (config) => (primary ? new primary.Client(config) : new pg.Client({ ...config, connectionString: url })),
    close: async () => {
      availability.close();
      await pool.end();
    },
  };
}
