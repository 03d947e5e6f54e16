import { openDatabase } from './src/db/client';
import { casosListRepository, filterWhere } from './src/features/casos/casos.list.repository';
import { streamCasosXlsx } from './src/features/casos/casos.export';
import { casoFiltroSchema } from '@siniestros/domain';
const mode = process.argv[2] ?? 'full';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/siniestros_bench_1000000' });
const db = database.db;
const where = filterWhere(casoFiltroSchema.parse({ fechaDesde: '2026-04-17' }));
let dbMs = 0;
const timed = async (beforeId: number | null) => { const t0 = performance.now(); const r = await casosListRepository.exportBatch(db, where, beforeId, Number(process.env.BATCH ?? 2000)); dbMs += performance.now() - t0; return r; };
const t0 = performance.now();
let rss = 0; const iv = setInterval(() => { rss = Math.max(rss, process.memoryUsage().rss); }, 50);
if (mode === 'xlsx') {
  const first = await timed(null);
  let n = 0;
  const stream = streamCasosXlsx(first, async () => { n += Number(process.env.BATCH ?? 2000); return n >= 100000 ? [] : first.map((r, i) => ({ ...r, id: r.id - n - i })); });
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  console.log('bytes', bytes);
} else if (mode === 'db') {
  let b = await timed(null); let n = 0;
  while (b.length) { n += b.length; if (n >= 100000) break; b = await timed(b.at(-1)!.id); }
  console.log('rows', n);
} else {
  let n = 0;
  const first = await timed(null);
  const stream = streamCasosXlsx(first, async (id) => { n += Number(process.env.BATCH ?? 2000); return n >= 100000 ? [] : timed(id); });
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  console.log('bytes', bytes);
}
clearInterval(iv);
console.log(mode, 'total ms', Math.round(performance.now() - t0), 'db ms', Math.round(dbMs), 'peak rss MB', Math.round(rss / 1e6));
await database.close?.();
process.exit(0);
