import pg from 'pg';
import { sql } from 'drizzle-orm';
import { casoFiltroSchema } from '@siniestros/domain';
import { openDatabase, type Database } from './src/db/client';
import { migrate } from './src/db/migrate';
import { casosListRepository, filterWhere } from './src/features/casos/casos.list.repository';

const N = Number(process.env.N ?? 20000);
const kind = process.argv[2] ?? 'pglite';
const captured: { query: string; params: unknown[] }[] = [];

async function open(): Promise<Database> {
  if (kind === 'pg') {
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS casos_explain_dev');
    await admin.query('CREATE DATABASE casos_explain_dev');
    await admin.end();
    return openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/casos_explain_dev', statementTimeoutMs: 900_000 });
  }
  return openDatabase({});
}

const database = process.env.REUSE ? await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/casos_explain_dev', statementTimeoutMs: 900_000 }) : await open();
if (!process.env.REUSE) await migrate(database);
const db = database.db;
const t0 = Date.now();
if (!process.env.REUSE) {

await db.execute(sql.raw(`insert into companias (nombre) select 'Compañía ' || g from generate_series(1, 8) g`));
await db.execute(sql.raw(`insert into analistas (nombre, apellido) select 'Ana' || g, 'Analista' || g from generate_series(1, 10) g`));
const surnames = `array['González','Pérez','Gómez','Fernández','López','Díaz','Martínez','Rodríguez','Sánchez','Romero','Núñez','Álvarez','Torres','Ruiz','Ibáñez','Muñoz']`;
await db.execute(sql.raw(`insert into asegurados (apellido, nombre, id_tipo_doc, nro_doc, marca_modelo, dominio, cuit)
  select (${surnames})[1 + (g * 7) % 16] || case when g % 3 = 0 then '' else ' ' || g end, 'Nombre' || g, 1, (20000000 + g)::text, 'Ford Ka',
  chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad((g % 1000)::text, 3, '0') || chr(65 + (g / 7) % 26) || chr(65 + (g / 11) % 26), '20-' || (20000000 + g) || '-1'
  from generate_series(1, ${N}) g`));
await db.execute(sql.raw(`insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, id_analista, id_producto, busqueda, urg)
  select 1 + g % 8, (4000000000 + g)::text, 'Gestor', date '2024-01-01' + (g % 900), 'bench', 1 + (g * 13) % 19, date '2024-01-01', g,
  case when g % 5 = 0 then null else 1 + g % 10 end, 1 + g % 6, '', g % 17 = 0
  from generate_series(1, ${N}) g`));
await db.execute(sql.raw(`insert into terceros (id_caso, orden, apellido, nombre, id_tipo_doc, nro_doc, marca_modelo, dominio)
  select g, 1, (${surnames})[1 + (g * 5) % 16] || ' T' || g, 'Tercero', 1, (30000000 + g)::text, 'Fiat', 'T' || lpad(g::text, 6, '0') from generate_series(1, ${N}) g`));
await db.execute(sql.raw(`update casos c set busqueda = translate(lower(concat_ws(' ', c.reclamo_nro, a.apellido, a.nombre, a.nro_doc, a.cuit, a.dominio, t.apellido, t.nombre, t.nro_doc, t.dominio)), 'ÁÉÍÓÚÑáéíóúñ', 'aeiounaeioun')
  from asegurados a, terceros t where a.id = c.id_asegurado and t.id_caso = c.id`));
await db.execute(sql.raw('vacuum analyze'));
}
console.log(`# ${kind}: ${N} cases loaded in ${Date.now() - t0} ms`);

// Capture the SQL the repository sends, then EXPLAIN ANALYZE it.
async function explain(label: string, run: (database: typeof db) => Promise<unknown>) {
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  const spy = (kind === 'pg' ? drizzlePg(database.pool!, { logger }) : drizzlePglite(database.pglite!, { logger })) as unknown as typeof db;
  captured.length = 0;
  const started = performance.now();
  await run(spy);
  const elapsed = performance.now() - started;
  console.log(`\n## ${label} (query wall time ${elapsed.toFixed(1)} ms)`);
  for (const { query, params } of captured) {
    const text = `explain (analyze, costs off, timing on, summary on) ${query}`;
    const rows = kind === 'pg' ? (await database.pool!.query(text, params)).rows : (await database.pglite!.query(text, params)).rows;
    console.log((rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n'));
  }
}

const f = (body: Record<string, unknown>) => filterWhere(casoFiltroSchema.parse(body));
await explain('unfiltered list, page 1', (d) => casosListRepository.page(d, undefined, 20, 0));
await explain('unfiltered list, page 500 (offset 9980)', (d) => casosListRepository.page(d, undefined, 20, 9980));
await explain('quick search "gonzalez" (common): page', (d) => casosListRepository.page(d, f({ busquedaRapida: 'gonzalez' }), 20, 0));
await explain('quick search "gonzalez": count', (d) => casosListRepository.count(d, f({ busquedaRapida: 'gonzalez' })));
await explain('quick search "ab123" (rare): page', (d) => casosListRepository.page(d, f({ busquedaRapida: 'ab123' }), 20, 0));
await explain('quick search "ab123": count', (d) => casosListRepository.count(d, f({ busquedaRapida: 'ab123' })));
await explain('apellido "nuñez": page', (d) => casosListRepository.page(d, f({ apellido: 'nuñez' }), 20, 0));
await explain('compania 3 + Vigentes + analista 4: page', (d) => casosListRepository.page(d, f({ compania: '3', condCasos: '1', analista: '4' }), 20, 0));
await explain('compania 3 + Vigentes + analista 4: count', (d) => casosListRepository.count(d, f({ compania: '3', condCasos: '1', analista: '4' })));
await explain('export batch (2000, keyset)', (d) => casosListRepository.exportBatch(d, undefined, 15000, 2000));
await database.close();
