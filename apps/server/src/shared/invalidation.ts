import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';

/** The PostgreSQL channel every node listens on; the payload names what changed. */
export const INVALIDATION_CHANNEL = 'siniestros_invalidation';
const RECONNECT_MS = { first: 250, max: 5_000 };

type Log = { warn: (object: object, message: string) => void; info: (message: string) => void };

/**
 * Caches kept in each node's memory, dropped on every node when their data changes
 * (docs/decisions/046). On PostgreSQL a write sends NOTIFY inside its transaction (delivered at
 * COMMIT, never for a rollback) and every node LISTENs on one connection of its own; a node whose
 * listening connection broke drops everything, since it may have missed a notice, and again once
 * it listens anew. PGlite is one process: the writer's own drop is enough, nothing is sent.
 */
export type Invalidation = {
  /** Inside the writing transaction: every node drops `topic` once it commits. */
  notify: (tx: DbOrTx, topic: string) => Promise<void>;
  /** `drop` runs when `topic` changed on any node (this one too), or when notices may have been missed. */
  on: (topic: string, drop: () => void) => void;
  /** Resolves once this node listens (PostgreSQL), so a test knows notices will arrive. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

export function createInvalidation(database: Database, log: Log): Invalidation {
  const listeners = new Map<string, Set<() => void>>();
  const on = (topic: string, drop: () => void) => {
    if (!listeners.has(topic)) listeners.set(topic, new Set());
    listeners.get(topic)!.add(drop);
  };
  const fire = (topic: string | null) => {
    for (const [name, drops] of listeners) if (topic === null || name === topic) for (const drop of drops) drop();
  };

  if (database.kind !== 'postgres' || !database.newClient) {
    return { notify: async () => undefined, on, ready: async () => undefined, close: async () => undefined };
  }

  const newClient = database.newClient;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MS.first;
  let timer: NodeJS.Timeout | null = null;
  let listening: Promise<void>;
  let markListening: () => void = () => undefined;
  const resetReady = () => {
    listening = new Promise((resolve) => (markListening = resolve));
  };
  resetReady();

  async function listen() {
    timer = null;
    if (closed) return;
    // On the pool's server: the writable one when DATABASE_URL lists several hosts (a standby refuses LISTEN).
    const next = newClient({ connectionTimeoutMillis: 2_000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === INVALIDATION_CHANNEL) fire(message.payload ?? null);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      lost(next, error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MS.first;
    fire(null); // whatever changed while nobody listened
    markListening();
  }

  function lost(which: pg.Client, error: unknown) {
    if (client !== which && client !== null) return; // an old connection's late event
    client = null;
    which.removeAllListeners('end');
    void which.end().catch(() => undefined);
    fire(null);
    if (closed || timer) return;
    resetReady();
    log.warn({ err: error }, `cache invalidation: listening connection lost, caches dropped; listening again in ${delay} ms`);
    timer = setTimeout(() => void listen(), delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MS.max);
  }

  void listen();
  return {
    async notify(tx, topic) {
      await tx.execute(sql`select pg_notify(${INVALIDATION_CHANNEL}, ${topic})`);
    },
    on,
    ready: () => listening,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
