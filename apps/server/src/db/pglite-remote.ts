import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

/** What the server asks of its PGlite: the calls of drizzle-orm/pglite, the demo loader, migrations and backups. */
export type PGliteLike = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: PGliteTx) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<File | Blob>;
  close(): Promise<void>;
};
export type PGliteTx = Pick<PGliteLike, 'query' | 'exec'>;

export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression?: 'auto' | 'gzip' | 'none' }
  | { op: 'close' }
);
export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };
type Ask = { [Op in WorkerRequest['op']]: Omit<Extract<WorkerRequest, { op: Op }>, 'id'> }[WorkerRequest['op']];

/**
 * Bundled (`npm run build`) the worker is its own entry in dist/. Run from source (tsx, tests) it
 * is the TypeScript file, loaded through tsx's hooks registered in the worker itself: Node 20
 * does not apply an `--import` of a worker's execArgv to its entry file.
 */
function newWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
}

/**
 * Drizzle's parsers leave some types as their text (dates, timestamps, intervals, numeric[]):
 * functions cannot cross threads, so the worker is told which types, and makes the same parsers.
 */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(options: QueryOptions | undefined): number[] | undefined {
  const parsers = options?.parsers;
  if (!parsers) return undefined;
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([oid, parse]) => {
      if (parse('x', Number(oid)) !== 'x') throw new Error('PGliteRemote: only parsers that keep the text are supported');
      return Number(oid);
    });
    textTypesOf.set(parsers, types);
  }
  return types;
}

/**
 * The server's PGlite in a worker thread (docs/decisions/056). Its calls are PGlite's own;
 * PostgreSQL parses, plans, runs and formats rows on the worker's thread while the event loop
 * serves other requests.
 */
export class PGliteRemote implements PGliteLike {
  #worker: Worker;
  #next = 1;
  #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerReply) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(Object.assign(new Error(String(message.error.message)), message.error));
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const pending of this.#pending.values()) pending.reject(this.#failure);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The PGlite worker stopped (exit code ${code})`)));
  }

  /** On `pgdataDir`, or in memory when it is undefined (the online backup reads its image so, docs/decisions/076). */
  static async start(pgdataDir: string | undefined, loadDataDir?: Blob): Promise<PGliteRemote> {
    const dump = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    const worker = newWorker({ workerData: { pgdataDir, dump }, transferList: dump ? [dump] : [] });
    const remote = new PGliteRemote(worker);
    try {
      await new Promise((resolve, reject) => remote.#pending.set(0, { resolve, reject }));
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return remote;
  }

  #ask<T>(request: Ask, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id }, transfer ?? []);
    });
  }

  #query<T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) throw new Error('PGliteRemote: unsupported query option');
    return this.#ask({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes: textTypes(options), tx });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#ask({ op: 'exec', sql });
  }

  /** Like PGlite's: BEGIN, the work, COMMIT (ROLLBACK when it throws); nothing else runs in between. */
  async transaction<T>(work: (tx: PGliteTx) => Promise<T>): Promise<T> {
    const id = await this.#ask<number>({ op: 'begin' });
    const tx: PGliteTx = {
      query: (sql, params, options) => this.#query(id, sql, params, options),
      exec: (sql) => this.#ask({ op: 'exec', sql, tx: id }),
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.#ask({ op: 'end', tx: id, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#ask({ op: 'end', tx: id, commit: true });
    return result;
  }

  async dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<Blob> {
    const buffer = await this.#ask<ArrayBuffer>({ op: 'dump', compression });
    return new Blob([buffer]);
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#ask({ op: 'close' });
    await this.#worker.terminate();
  }
}
