/**
 * The worker thread that owns the server's PGlite (docs/decisions/056): PostgreSQL's work runs
 * here, off the event loop; `PGliteRemote` (pglite-remote.ts) sends what to run. One PGlite, one
 * queue, as before: a transaction holds PGlite's lock until the main thread ends it, so other
 * requests' statements wait for it exactly as they did in-process.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite';
import type { WorkerReply, WorkerRequest } from './pglite-remote';

const port = parentPort!;
const { pgdataDir, dump } = workerData as { pgdataDir?: string; dump?: ArrayBuffer };

const reply = (message: WorkerReply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer ?? []);

/** A database error as plain fields (its code, constraint, detail...): an Error's own fields do not cross threads. */
function errorFields(error: unknown): Record<string, unknown> {
  const source = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = { message: error instanceof Error ? error.message : String(error) };
  for (const [key, value] of Object.entries(source)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  if (error instanceof Error) fields.name = error.name;
  return fields;
}

const textParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersFor(textTypes: number[] | undefined) {
  if (!textTypes) return undefined;
  const key = textTypes.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> }>();

async function handle(pglite: PGlite, request: WorkerRequest): Promise<void> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction is closed');
      const result = await target.query(request.sql, request.params, { rowMode: request.rowMode, parsers: parsersFor(request.textTypes) });
      reply({ id: request.id, ok: true, result });
      return;
    }
    case 'exec': {
      const target = request.tx === undefined ? pglite : open.get(request.tx)?.tx;
      if (!target) throw new Error('The transaction is closed');
      reply({ id: request.id, ok: true, result: await target.exec(request.sql) });
      return;
    }
    case 'begin': {
      let began = false;
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      const settled = pglite.transaction(async (tx) => {
        began = true;
        open.set(request.id, { tx, end, settled });
        reply({ id: request.id, ok: true, result: request.id });
        if (!(await ended)) await tx.rollback();
      });
      settled.catch((error: unknown) => {
        if (!began) reply({ id: request.id, ok: false, error: errorFields(error) });
      });
      return;
    }
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error('The transaction is closed');
      transaction.end(request.commit);
      try {
        await transaction.settled;
      } finally {
        open.delete(request.tx);
      }
      reply({ id: request.id, ok: true, result: null });
      return;
    }
    case 'dump': {
      const buffer = await (await pglite.dumpDataDir(request.compression)).arrayBuffer();
      reply({ id: request.id, ok: true, result: buffer }, [buffer]);
      return;
    }
    case 'close': {
      await pglite.close();
      reply({ id: request.id, ok: true, result: null });
      return;
    }
  }
}

try {
  const pglite = await createPglite({ pgdataDir, loadDataDir: dump ? new Blob([dump]) : undefined });
  port.on('message', (request: WorkerRequest) => {
    handle(pglite, request).catch((error: unknown) => reply({ id: request.id, ok: false, error: errorFields(error) }));
  });
  reply({ id: 0, ok: true, result: null });
} catch (error) {
  reply({ id: 0, ok: false, error: errorFields(error) });
}
