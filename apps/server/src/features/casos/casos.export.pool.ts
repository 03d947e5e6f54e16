/**
 * The xlsx export off the main thread (docs/decisions/055): this thread reads the batches and
 * answers the request; a worker (casos.export.worker.ts) runs ExcelJS and the zip. At most
 * `workers` exports run at once, each on its own worker, kept for the next one; up to `waiting`
 * more wait for a worker; beyond that the export answers 503.
 */
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CASO_MESSAGES } from '@siniestros/domain';
import { boundedConcurrency } from '../../shared/concurrency';
import { unavailable } from '../../shared/errors';
import type { FromExportWorker, ToExportWorker } from './casos.export';

export type XlsxExportOptions = {
  /** Exports that run at once, each on its own worker thread. */
  workers?: number;
  /** Exports that may wait for a worker; one more answers 503. */
  waiting?: number;
  /** The old generation of a worker's heap, MB: a worker past it is ended and its export cut. */
  heapMb?: number;
  /** A worker with no export for this long is ended (its memory given back). */
  idleMs?: number;
};

/**
 * One per core: an export keeps its worker busy (ExcelJS is ~90% of its time), so a third would
 * only share the two cores; the main thread and PostgreSQL need some of them too.
 */
export const EXPORT_WORKERS = 2;
export const EXPORT_WAITING = 8;
/**
 * The 503's `Retry-After`: a full queue is 2 + 8 exports of ~6-13 s each (decision 055), about a
 * minute of work for the two workers.
 */
export const EXPORT_RETRY_AFTER_SECONDS = 60;
/** A worker's old generation: far above what a 100k-row export holds (one batch and ExcelJS); past it is a fault. */
export const EXPORT_WORKER_HEAP_MB = 96;
/**
 * The worker's young generation, MB: V8's default let a worker reach ~80 MB resident during a
 * 100k-row export, 8 MB ~60 MB, at the same CPU (measured: docs/decisions/055).
 */
export const EXPORT_WORKER_YOUNG_MB = 8;
/** Long enough for exports one after another; an idle worker holds ~50 MB the other requests would run with. */
export const EXPORT_WORKER_IDLE_MS = 10_000;
/** What the response buffers before the worker is asked to wait (about its four chunks in flight). */
const OUTPUT_BUFFER_BYTES = 64 * 1024;
/** Batches posted to the worker and not yet in its zip: one being written, one waiting for it. */
const BATCHES_IN_WORKER = 2;

/**
 * In the bundle the worker is its own entry beside this code (dist/casos-export-worker.js). From
 * the sources (vitest, `npm run dev`) it is TypeScript: a worker started with `--import tsx` still
 * refuses a .ts entry on Node 20, so a one-line bootstrap registers tsx's loader first.
 */
function newWorker(options: { resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } }): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./casos-export-worker.js', import.meta.url), options);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json').replace(/package\.json$/, 'dist/esm/api/index.mjs')).href;
  const source = new URL('./casos.export.worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`, { ...options, eval: true });
}

/** A batch of the export's rows: a JSON array of CasoExportRow as text, how many, and the last one's id (the keyset). */
export type ExportBatch = { json: string; count: number; lastId: number };

export type XlsxExports = {
  /**
   * The xlsx of `first` and the batches after it, streamed as the worker writes them: `nextBatch(lastId)`
   * reads the following batch (keyset on id); a batch shorter than `batchSize` is the last (asking
   * for one more would walk the rest of the index to find nothing: 400 ms at 1M cases). Resolves
   * once the worker has begun the workbook (a worker that cannot start fails the request, not a
   * cut download); waits while every worker is busy; throws a 503 when the queue is full too.
   */
  stream: (first: ExportBatch, batchSize: number, nextBatch: (beforeId: number) => Promise<ExportBatch>) => Promise<Readable>;
  /** The worker threads of the exports running now (a test ends one mid-file, as a crash would). */
  busyWorkers: () => Worker[];
  close: () => Promise<void>;
};

/** Every worker busy and the queue full (or the server closing): try again later. */
const exportsBusy = () => unavailable(CASO_MESSAGES.exportOcupado, EXPORT_RETRY_AFTER_SECONDS);

export function createXlsxExports(options: XlsxExportOptions = {}): XlsxExports {
  const heapMb = options.heapMb ?? EXPORT_WORKER_HEAP_MB;
  const idleMs = options.idleMs ?? EXPORT_WORKER_IDLE_MS;
  const slots = boundedConcurrency({ running: options.workers ?? EXPORT_WORKERS, waiting: options.waiting ?? EXPORT_WAITING, refuse: exportsBusy });
  const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
  const all = new Set<Worker>();
  const busy = new Set<Worker>();
  let closed = false;

  function spawn(): Worker {
    const worker = newWorker({ resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: EXPORT_WORKER_YOUNG_MB } });
    all.add(worker);
    worker.once('exit', () => {
      all.delete(worker);
      // An idle worker that died is not handed to the next export.
      const index = idle.findIndex((entry) => entry.worker === worker);
      if (index >= 0) clearTimeout(idle.splice(index, 1)[0]!.timer);
    });
    // An error with no export to cut (an idle worker that died) must not be an uncaught 'error'.
    worker.on('error', () => undefined);
    return worker;
  }

  function take(): Worker {
    const kept = idle.pop();
    if (!kept) return spawn();
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }

  /** Keeps the export's worker for the next one, or ends it when it cannot be trusted. */
  function release(worker: Worker, reusable: boolean) {
    if (!reusable || closed) {
      void worker.terminate();
      return;
    }
    worker.unref();
    const entry = {
      worker,
      timer: setTimeout(() => {
        idle.splice(idle.indexOf(entry), 1);
        void worker.terminate();
      }, idleMs).unref(),
    };
    idle.push(entry);
  }

  function stream(first: ExportBatch, batchSize: number, nextBatch: (beforeId: number) => Promise<ExportBatch>): Promise<Readable> {
    return new Promise((resolve, reject) => {
      // The slot is held until the export is done, failed or abandoned, not only until its answer starts.
      slots
        .run(() => {
          // The server closed while it waited.
          if (closed) throw exportsBusy();
          const { started, ended } = write(take(), first, batchSize, nextBatch);
          started.then(resolve, reject);
          return ended;
        })
        .catch(reject);
    });
  }

  /**
   * The export on `worker`: `started` once the worker has begun the workbook (the response to
   * answer with), `ended` once it is done, failed or abandoned and the worker given back.
   */
  function write(worker: Worker, first: ExportBatch, batchSize: number, nextBatch: (beforeId: number) => Promise<ExportBatch>) {
    busy.add(worker);
    /** Chunks the response has taken and the worker has not yet been told of. */
    let owed = 0;
    /** Done, failed or abandoned: nothing more is sent or read. */
    let settled = false;
    let batchesInWorker = 0;
    let onTaken: (() => void) | null = null;
    let onStarted: { resolve: () => void; reject: (error: Error) => void } | null = null;
    const started = new Promise<void>((resolve, reject) => (onStarted = { resolve, reject }));
    let onEnded!: () => void;
    const ended = new Promise<void>((resolve) => (onEnded = resolve));

    const send = (message: ToExportWorker) => worker.postMessage(message);
    const output = new Readable({
      highWaterMark: OUTPUT_BUFFER_BYTES,
      read() {
        if (settled) return;
        for (; owed > 0; owed--) send({ type: 'more' });
      },
    });
    // Between `started` and the response taking the stream (its onSend hooks run first) a failure
    // must not be an 'error' nobody listens to; the response's own listener still sees it.
    output.on('error', () => undefined);

    const onMessage = (message: FromExportWorker) => {
      if (settled) return;
      switch (message.type) {
        case 'started':
          onStarted?.resolve();
          onStarted = null;
          break;
        case 'chunk':
          if (output.push(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength))) send({ type: 'more' });
          else owed++;
          break;
        case 'taken':
          batchesInWorker--;
          onTaken?.();
          break;
        case 'done':
          finish(true);
          output.push(null);
          break;
        case 'error':
          fail(Object.assign(new Error(`The export's worker failed: ${message.message}`), { stack: message.stack }));
          break;
      }
    };
    const onError = (error: Error) => fail(error);
    const onExit = (code: number) => fail(new Error(`The export's worker stopped (exit code ${code})`));
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);

    function finish(reusable: boolean) {
      settled = true;
      onTaken?.();
      busy.delete(worker);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      release(worker, reusable);
      onEnded();
    }
    /** Before the worker has started, the request fails (500); after, the response is cut. */
    function fail(error: Error) {
      if (settled) return;
      finish(false);
      if (onStarted) {
        onStarted.reject(error);
        output.destroy();
      } else {
        output.destroy(error);
      }
    }
    // The client went away: stop reading, and end the worker mid-file.
    output.once('close', () => {
      if (!settled) finish(false);
    });

    async function feed() {
      let batch = first;
      while (batch.count > 0) {
        // The next batch is read while the worker writes this one.
        const next = batch.count < batchSize ? Promise.resolve({ json: '[]', count: 0, lastId: 0 }) : nextBatch(batch.lastId);
        send({ type: 'rows', json: batch.json });
        batchesInWorker++;
        while (batchesInWorker >= BATCHES_IN_WORKER && !settled) await new Promise<void>((resolve) => (onTaken = resolve));
        onTaken = null;
        if (settled) {
          await next.catch(() => undefined);
          return;
        }
        batch = await next;
        if (settled) return;
      }
      send({ type: 'end' });
    }

    feed().catch((error: unknown) => fail(error as Error));
    return { started: started.then(() => output), ended };
  }

  return {
    stream,
    busyWorkers: () => [...busy],
    async close() {
      closed = true;
      for (const entry of idle.splice(0)) clearTimeout(entry.timer);
      await Promise.all([...all].map((worker) => worker.terminate()));
    },
  };
}
