import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openDatabase } from './src/db/client';
import { casosListRepository } from './src/features/casos/casos.list.repository';
import { streamCasosXlsx } from './src/features/casos/casos.export';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/casos_explain_dev', statementTimeoutMs: 900_000 });
const db = database.db;
let peak = 0;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const first = await casosListRepository.exportBatch(db, undefined, process.env.START ? Number(process.env.START) : null, 2000);
let bytes = 0;
let rows = first.length;
await pipeline(
  streamCasosXlsx(first, async (before) => {
    const batch = await casosListRepository.exportBatch(db, undefined, before, 2000);
    rows += batch.length;
    return batch;
  }),
  new Writable({ write(chunk, _enc, done) { bytes += chunk.length; setTimeout(done, 0); } }),
);
clearInterval(timer);
console.log({ rows, mb: (bytes / 1e6).toFixed(1), seconds: ((performance.now() - started) / 1000).toFixed(1), peakRssMb: (peak / 1e6).toFixed(0) });
await database.close();
