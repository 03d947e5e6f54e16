/**
 * The export's worker thread (docs/decisions/055): builds one xlsx at a time with ExcelJS from the
 * batches the main thread reads, and posts the zip's chunks back. Built as its own entry
 * (dist/casos-export-worker.js, scripts/build.ts); casos.export.pool.ts starts and reuses it.
 */
import { Writable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { createCasosSheet, type CasoExportRow, type CasosSheet, type FromExportWorker, type ToExportWorker } from './casos.export';

/**
 * Chunks posted and not yet taken by the response: a chunk is ~16 KB of zip, so the worker holds
 * at most ~64 KB before it waits, and the rows wait behind it (createCasosSheet's backpressure).
 */
const CHUNKS_IN_FLIGHT = 4;

const port = parentPort!;
const post = (message: FromExportWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** The bytes in a buffer of their own, to hand over: a Buffer's may be a slice of Node's shared pool. */
function ownCopy(chunks: Buffer[]): Uint8Array {
  const data = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.length;
  }
  return data;
}

/**
 * The zip's destination: every chunk goes to the main thread, at most CHUNKS_IN_FLIGHT unanswered.
 * One per export: the main thread sends no `more` after `done`, and the ones it sent before arrive
 * ahead of the next export's rows.
 */
function chunkPoster() {
  let inFlight = 0;
  let waiting: (() => void) | null = null;
  const send = (data: Uint8Array, callback: () => void) => {
    post({ type: 'chunk', data }, [data.buffer as ArrayBuffer]);
    if (++inFlight < CHUNKS_IN_FLIGHT) callback();
    else waiting = callback;
  };
  const sink = new Writable({
    write: (chunk: Buffer, _encoding, callback) => send(ownCopy([chunk]), callback),
    // The zip writes its headers a few bytes at a time: what piled up while waiting goes as one message.
    writev: (chunks, callback) => send(ownCopy(chunks.map((item) => item.chunk as Buffer)), callback),
  });
  const more = () => {
    inFlight--;
    const callback = waiting;
    waiting = null;
    callback?.();
  };
  return { sink, more };
}

let poster = chunkPoster();
let sheet: Promise<CasosSheet> | null = null;
/** The steps of the current export, one after the other; after a failure, none. */
let steps: Promise<void> = Promise.resolve();
let failed = false;

function step(work: (current: CasosSheet) => Promise<void>) {
  if (!sheet) {
    poster = chunkPoster();
    sheet = createCasosSheet(poster.sink).then((created) => {
      post({ type: 'started' });
      return created;
    });
  }
  const current = sheet;
  steps = steps
    .then(async () => {
      if (!failed) await work(await current);
    })
    .catch((error: unknown) => {
      if (failed) return;
      failed = true;
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      post({ type: 'error', message, stack });
    });
}

port.on('message', (message: ToExportWorker) => {
  switch (message.type) {
    case 'more':
      poster.more();
      break;
    case 'rows':
      step(async (current) => {
        await current.add(JSON.parse(message.json) as CasoExportRow[]);
        post({ type: 'taken' });
      });
      break;
    case 'end':
      step(async (current) => {
        await current.end();
        // Ready for the next export (the pool reuses this worker).
        sheet = null;
        post({ type: 'done' });
      });
      break;
  }
});

// ExcelJS loaded while the main thread reads the first batches.
void import('exceljs');
