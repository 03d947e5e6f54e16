/**
 * Writes the demo data of `demo-data.ts` into PostgreSQL or PGlite: one transaction, batches of
 * `INSERT ... SELECT FROM unnest($1::int4[], ...)`, the counter trigger off during the load (the
 * counters are recounted at the end) and, for big loads, secondary indexes and foreign keys
 * dropped and rebuilt once. Used by `npm run seed:demo` and by the benchmark.
 */
import type pg from 'pg';
import { FIRST_CLOSED_ESTADO, ROL, todayIso } from '@siniestros/domain';
import type { Database } from '../db/client';
import { CASO_BLOQUE_BITS, CASO_TRAMO_BITS } from '../db/tables/casos';
import {
  DEMO_ANALISTAS,
  DEMO_COLUMNS,
  DEMO_COMPANIAS,
  DEMO_ID_REFERENCES,
  DEMO_INSPECTORES,
  DEMO_RESPONSABILIDADES,
  DEMO_TABLE_NAMES,
  DemoGenerator,
  type DemoBatch,
  type DemoColumn,
  type DemoContext,
  type DemoIds,
  type DemoTableName,
} from './demo-data';

export type SeedDemoOptions = {
  cases: number;
  seed?: number;
  /** Day of the newest case (YYYY-MM-DD); today by default. */
  until?: string;
  batchSize?: number;
  /** Drop secondary indexes and foreign keys during the load; by default from 20,000 cases. */
  fastLoad?: boolean;
  /** VACUUM ANALYZE the tables afterwards (default true): searches need the statistics. */
  vacuum?: boolean;
  /**
   * Write each generated case this many times (default 1), under consecutive ids, by the
   * database itself (`writeCopies`): how 10 million cases load in minutes. `cases` must be a
   * multiple of it.
   */
  copies?: number;
  onProgress?: (done: number, total: number) => void;
};

export type SeedDemoResult = {
  cases: number;
  rows: Record<DemoTableName, number>;
  seconds: { load: number; rebuild: number; vacuum: number; total: number };
};

type Rows = Record<string, unknown>[];
type Exec = (text: string, params?: unknown[]) => Promise<Rows>;

/** Long statements (index builds) must outlive the pool's statement and query timeouts. */
const NO_TIMEOUT_MS = 24 * 3600_000;
const FAST_LOAD_FROM = 20_000;
/**
 * Tables whose user triggers (counters, audit of changes, the company of a hearing) stay off
 * while demo rows load: every table of a batch is written by one statement, whose triggers
 * would not see the cases it inserts.
 */
const TRIGGERED_TABLES = ['casos', 'asegurados', 'terceros', 'audiencias'] as const;

export async function seedDemo(database: Database, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const cases = Math.max(0, Math.floor(options.cases));
  const seed = options.seed ?? 1;
  const until = options.until ?? todayIso();
  const batchSize = options.batchSize ?? (database.kind === 'postgres' ? 5_000 : 1_000);
  const fastLoad = options.fastLoad ?? cases >= FAST_LOAD_FROM;
  const copies = options.copies ?? 1;
  if (!Number.isInteger(copies) || copies < 1 || cases % copies !== 0)
    throw new Error(`copies must be a whole number from 1 that divides the cases (${cases}), got ${copies}`);
  const distinctCases = cases / copies;
  const rows = Object.fromEntries(DEMO_TABLE_NAMES.map((name) => [name, 0])) as Record<DemoTableName, number>;
  const timing = { load: 0, rebuild: 0, vacuum: 0, total: 0 };

  await inTransaction(database, async (exec) => {
    if (database.kind === 'postgres') {
      await exec('SET LOCAL statement_timeout = 0');
      await exec("SET LOCAL maintenance_work_mem = '512MB'");
    }
    const context = await ensureReferenceData(exec);
    await exec(`LOCK TABLE ${DEMO_TABLE_NAMES.join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
    const ids = {} as DemoIds;
    for (const name of DEMO_TABLE_NAMES) {
      const [row] = await exec(`SELECT coalesce(max(id), 0)::int AS max FROM ${name}`);
      ids[name] = Number(row!.max) + 1;
    }
    const firstIds = { ...ids };

    // The counters trigger would update one row a million times: recounted below instead. The
    // audit triggers would log every generated third party as a change: demo data is not one.
    for (const table of TRIGGERED_TABLES) await exec(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    const dropped = fastLoad ? await dropIndexesAndForeignKeys(exec) : { indexes: [], foreignKeys: [] };

    const loadStarted = performance.now();
    // With copies the generated rows go to temporary tables first, the source of the copies.
    const target = copies > 1 ? await createCopySources(exec) : '';
    const insertBatch = batchInserter(exec, target);
    const generator = new DemoGenerator(context, { seed, until, totalCases: distinctCases });
    let writing: Promise<unknown> | undefined;
    let written = 0;
    for (let generated = 0; generated < distinctCases;) {
      const count = Math.min(batchSize, distinctCases - generated);
      // Generated while the server still writes the previous batch.
      const batch = generator.generate(generated, count, ids);
      for (const name of DEMO_TABLE_NAMES) rows[name] += batch[name].size * copies;
      if (writing) {
        await writing;
        options.onProgress?.(written * copies, cases);
      }
      writing = insertBatch(batch);
      writing.catch(() => undefined);
      generated += count;
      written = generated;
    }
    if (writing) {
      await writing;
      if (copies === 1) options.onProgress?.(written, cases);
    }
    if (copies > 1) {
      await writeCopies(exec, { first: firstIds, next: ids }, copies);
      options.onProgress?.(cases, cases);
    }
    timing.load = seconds(loadStarted);

    const rebuildStarted = performance.now();
    for (const statement of dropped.indexes) await exec(statement);
    for (const statement of dropped.foreignKeys) await exec(statement);
    timing.rebuild = seconds(rebuildStarted);

    for (const table of TRIGGERED_TABLES) await exec(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await exec(
      `INSERT INTO caso_contadores (cerrado, total)
       SELECT cerrado, (SELECT count(*)::int FROM casos WHERE (id_estado >= $1) = cerrado) FROM unnest(ARRAY[false, true]) AS cerrado
       ON CONFLICT (cerrado) DO UPDATE SET total = excluded.total`,
      [FIRST_CLOSED_ESTADO],
    );
    // The per-block and per-tramo counts of the deep pages (drizzle/0012, 0021, docs/decisions/042), recounted like the counters.
    await exec('DELETE FROM caso_bloques');
    await exec(
      `INSERT INTO caso_bloques (bloque, cerrado, total)
       SELECT id >> $1, id_estado >= $2, count(*)::int FROM casos GROUP BY 1, 2`,
      [CASO_BLOQUE_BITS, FIRST_CLOSED_ESTADO],
    );
    await exec('DELETE FROM caso_tramos');
    await exec(
      `INSERT INTO caso_tramos (tramo, cerrado, total)
       SELECT id >> $1, id_estado >= $2, count(*)::int FROM casos GROUP BY 1, 2`,
      [CASO_TRAMO_BITS, FIRST_CLOSED_ESTADO],
    );
    // Cases per status × analyst (drizzle/0016, the Tablero) and per status × company × analyst
    // (drizzle/0028, the list's totals), recounted like the counters; the
    // Tablero's Plazo figures are counted again by the next Tablero.
    await exec('DELETE FROM plazo_cuentas');
    await exec('DELETE FROM caso_contadores_estado');
    await exec(
      `INSERT INTO caso_contadores_estado (id_estado, id_analista, total)
       SELECT id_estado, coalesce(id_analista, 0), count(*)::int FROM casos GROUP BY 1, 2`,
    );
    await exec('DELETE FROM caso_contadores_compania');
    await exec(
      `INSERT INTO caso_contadores_compania (id_estado, id_compania, id_analista, total)
       SELECT id_estado, id_compania, coalesce(id_analista, 0), count(*)::int FROM casos GROUP BY 1, 2, 3`,
    );
    // Open cases per day of F Alta and of the status date (drizzle/0018, the Tablero's ages) and
    // closed cases per closing date and month (drizzle/0023, the values report), recounted alike.
    await exec('DELETE FROM caso_contadores_dia');
    await exec(
      `INSERT INTO caso_contadores_dia (campo, dia, total)
       SELECT 'alta', fecha_creado, count(*)::int FROM casos WHERE id_estado < $1 GROUP BY 2
       UNION ALL SELECT 'estado', fecha_estado, count(*)::int FROM casos WHERE id_estado < $1 GROUP BY 2
       UNION ALL SELECT 'cierre', fecha_cierre, count(*)::int FROM casos WHERE id_estado >= $1 AND fecha_cierre IS NOT NULL GROUP BY 2
       UNION ALL SELECT 'cierre_mes', date_trunc('month', fecha_cierre)::date, count(*)::int FROM casos WHERE id_estado >= $1 AND fecha_cierre IS NOT NULL GROUP BY 2`,
      [FIRST_CLOSED_ESTADO],
    );
    // The informe de gestión's monthly rollup (drizzle/0048, docs/decisions/094), recounted from the loaded cases alike.
    await exec('SELECT informe_recontar()');
    await exec(
      `UPDATE fila_contadores k SET total = CASE k.tabla
         WHEN 'inspecciones' THEN (SELECT count(*)::int FROM inspecciones) ELSE (SELECT count(*)::int FROM audiencias) END`,
    );
    // Hearings per date (drizzle/0024, the Tablero), their triggers off during the load too.
    await exec('DELETE FROM audiencia_contadores');
    await exec('INSERT INTO audiencia_contadores (fechah, total) SELECT fechah, count(*)::int FROM audiencias GROUP BY 1');
    // And per company and date (drizzle/0027, the list's company filter).
    await exec('DELETE FROM audiencia_contadores_compania');
    await exec('INSERT INTO audiencia_contadores_compania (id_compania, fechah, total) SELECT id_compania, fechah, count(*)::int FROM audiencias GROUP BY 1, 2');
    // The legal clocks of the loaded cases (their triggers were off), as migration 0011 back-fills
    // them (docs/decisions/044); the cases of the Plazo filter then in one pass for all
    // (docs/decisions/057), not case by case from the clocks' trigger.
    await exec('ALTER TABLE caso_plazos DISABLE TRIGGER USER');
    await exec(
      `INSERT INTO caso_plazos (id_caso, evento, desde, hasta)
       SELECT id, 'siniestro', fecha_siniestro, CASE WHEN id_estado >= 8 THEN fecha_estado END FROM casos WHERE id >= $1 AND fecha_siniestro IS NOT NULL
       UNION ALL SELECT id, 'documentacion_completa', fecha_estado, NULL FROM casos WHERE id >= $1 AND id_estado BETWEEN 2 AND 3
       UNION ALL SELECT id, 'valor_acordado', fecha_estado, NULL FROM casos WHERE id >= $1 AND id_estado BETWEEN 5 AND 7
       UNION ALL SELECT a.id_caso, 'audiencia', max(a.fechah), CASE WHEN bool_or(c.id_estado >= 8) THEN max(c.fecha_estado) END
         FROM audiencias a JOIN casos c ON c.id = a.id_caso WHERE a.id_caso >= $1 GROUP BY a.id_caso
       ON CONFLICT (id_caso, evento) DO NOTHING`,
      [firstIds.casos],
    );
    await exec('ALTER TABLE caso_plazos ENABLE TRIGGER USER');
    await exec('SELECT caso_plazo_estados_refrescar()');
    for (const name of DEMO_TABLE_NAMES) {
      if (ids[name] > firstIds[name]) await exec(`SELECT setval(pg_get_serial_sequence('${name}', 'id'), $1, true)`, [ids[name] - 1]);
    }
  });

  if (options.vacuum ?? true) {
    const vacuumStarted = performance.now();
    await vacuumAnalyze(database);
    timing.vacuum = seconds(vacuumStarted);
  }
  timing.total = seconds(started);
  return { cases, rows, seconds: timing };
}

const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

async function inTransaction(database: Database, work: (exec: Exec) => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await database.pglite!.transaction(async (tx) => {
      await work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows);
    });
    return;
  }
  const client = await database.pool!.connect();
  const exec: Exec = async (text, params) => {
    const config = { text, values: params, query_timeout: NO_TIMEOUT_MS } as pg.QueryConfig;
    return (await client.query(config)).rows as Rows;
  };
  try {
    await exec('BEGIN');
    await work(exec);
    await exec('COMMIT');
    client.release();
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    // A connection that failed mid-transaction is not reused.
    client.release(true);
    throw error;
  }
}

const columnList = (columns: readonly DemoColumn[]) => columns.map((column) => `"${column.name}"`).join(', ');

/**
 * One statement writes a whole batch (a data-modifying CTE per table; the foreign keys are
 * checked at its end), so while the server runs it the next batch is generated. Into the
 * tables named `<prefix><table>`: the demo tables themselves, or the sources of the copies.
 */
function batchInserter(exec: Exec, prefix: string): (batch: DemoBatch) => Promise<Rows> {
  return (batch) => {
    const params: unknown[][] = [];
    const ctes = DEMO_TABLE_NAMES.flatMap((name) => {
      const { columns, values } = batch[name].written();
      // A batch without rows for a table (5 cases may have no hearing) writes nothing to it.
      if (columns.length === 0) return [];
      const arrays = columns.map((column, i) => `$${params.push(values[i]!)}::${column.type}[]`).join(', ');
      return `ins_${name} AS (INSERT INTO ${prefix}${name} (${columnList(columns)}) SELECT * FROM unnest(${arrays}))`;
    });
    return exec(`WITH ${ctes.join(',\n')} SELECT 1`, params);
  };
}

const COPY_SOURCE_PREFIX = 'demo_copia_';

/** Temporary tables shaped like the demo tables, their defaults included (`writeCopies` drops them). */
async function createCopySources(exec: Exec): Promise<string> {
  for (const name of DEMO_TABLE_NAMES) await exec(`CREATE TEMPORARY TABLE ${COPY_SOURCE_PREFIX}${name} (LIKE ${name} INCLUDING DEFAULTS)`);
  return COPY_SOURCE_PREFIX;
}

/**
 * Writes every generated row `copies` times, in one statement per table: row x of table T
 * becomes first_T + (x - first_T) × copies + k for k = 0 … copies - 1, and so does every id it
 * holds of another demo table (`DEMO_ID_REFERENCES`). Copy k of a case keeps its own people,
 * hearings and messages; ids stay dense and still rise with F Alta (the copies of a case are
 * neighbours), so the lists read as a bigger office's would. The copies share names, documents
 * and claim numbers: a search for one finds all of them. `next` is moved past the copies.
 */
async function writeCopies(exec: Exec, ids: { first: DemoIds; next: DemoIds }, copies: number): Promise<void> {
  const renumber = (column: string, table: DemoTableName) => `${ids.first[table]} + ("${column}" - ${ids.first[table]}) * ${copies} + copia`;
  for (const name of DEMO_TABLE_NAMES) {
    const values = DEMO_COLUMNS[name].map(({ name: column }) => {
      const table = column === 'id' ? name : DEMO_ID_REFERENCES[name][column];
      return table ? renumber(column, table) : `"${column}"`;
    });
    // The set-returning function in the select list yields the copies of each source row in
    // turn, so the rows land in the order of their new ids.
    await exec(
      `INSERT INTO ${name} (${columnList(DEMO_COLUMNS[name])})
       SELECT ${values.join(', ')} FROM (SELECT s.*, generate_series(0, ${copies - 1}) AS copia FROM ${COPY_SOURCE_PREFIX}${name} s) c`,
    );
    await exec(`DROP TABLE ${COPY_SOURCE_PREFIX}${name}`);
    ids.next[name] = ids.first[name] + (ids.next[name] - ids.first[name]) * copies;
  }
}

/** Adds the demo companies, analysts, inspectors and responsibilities that are missing. */
async function ensureReferenceData(exec: Exec): Promise<DemoContext> {
  const companiaNames = DEMO_COMPANIAS.map(([nombre]) => nombre);
  await exec(
    `INSERT INTO companias (nombre) SELECT n FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i)
     WHERE NOT EXISTS (SELECT 1 FROM companias c WHERE c.nombre = t.n) ORDER BY i`,
    [companiaNames],
  );
  await exec(
    `INSERT INTO responsabilidades (nombre) SELECT n FROM unnest($1::text[]) WITH ORDINALITY AS t(n, i)
     WHERE NOT EXISTS (SELECT 1 FROM responsabilidades r WHERE r.nombre = t.n) ORDER BY i`,
    [[...DEMO_RESPONSABILIDADES]],
  );
  for (const table of ['analistas', 'inspectores'] as const) {
    const people = table === 'analistas' ? DEMO_ANALISTAS : DEMO_INSPECTORES;
    await exec(
      `INSERT INTO ${table} (nombre, apellido) SELECT n, a FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(n, a, i)
       WHERE NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.nombre = t.n AND x.apellido = t.a) ORDER BY i`,
      [people.map((p) => p.nombre), people.map((p) => p.apellido)],
    );
  }

  const companias = await exec('SELECT id, nombre FROM companias WHERE nombre = ANY($1::text[])', [companiaNames]);
  const companiaId = new Map(companias.map((row) => [row.nombre as string, Number(row.id)]));
  const byName = async (table: string, people: readonly { nombre: string; apellido: string }[]) => {
    const found = await exec(`SELECT id, nombre, apellido FROM ${table}`);
    return people.map((person) => {
      const row = found.find((candidate) => candidate.nombre === person.nombre && candidate.apellido === person.apellido)!;
      return { id: Number(row.id), nombre: person.nombre, apellido: person.apellido };
    });
  };
  const responsabilidades = await exec('SELECT id FROM responsabilidades WHERE nombre = ANY($1::text[]) ORDER BY id', [
    [...DEMO_RESPONSABILIDADES],
  ]);
  const productos = await exec('SELECT id, nombre FROM productos ORDER BY id');
  const estados = await exec('SELECT id, nombre FROM estados ORDER BY id');
  const tiposDoc = await exec('SELECT id, nombre FROM tipos_doc ORDER BY id');
  if (productos.length === 0 || tiposDoc.length === 0)
    throw new Error('The database has no productos or tipos_doc: run the migrations first');

  return {
    companias: companiaNames.map((nombre) => companiaId.get(nombre)!),
    analistas: await byName('analistas', DEMO_ANALISTAS),
    inspectores: (await byName('inspectores', DEMO_INSPECTORES)).map((inspector) => inspector.id),
    responsabilidades: responsabilidades.map((row) => Number(row.id)),
    productos: productos.map((row) => ({ id: Number(row.id), nombre: String(row.nombre) })),
    estados: new Map(estados.map((row) => [Number(row.id), String(row.nombre)])),
    tiposDoc: tiposDoc.map((row) => ({ id: Number(row.id), nombre: String(row.nombre) })),
  };
}

/**
 * Drops the loaded tables' secondary indexes and foreign keys (inside the transaction), and
 * returns the statements that rebuild exactly what was there: building once beats updating a
 * trigram index and checking a parent row for every inserted row.
 */
async function dropIndexesAndForeignKeys(exec: Exec): Promise<{ indexes: string[]; foreignKeys: string[] }> {
  const tables = [...DEMO_TABLE_NAMES];
  const foreignKeys = await exec(
    `SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1::text[]::regclass[])`,
    [tables],
  );
  const indexes = await exec(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i
     WHERE i.indrelid = ANY($1::text[]::regclass[]) AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const fk of foreignKeys) await exec(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT "${fk.conname}"`);
  for (const index of indexes) await exec(`DROP INDEX ${index.name}`);
  return {
    indexes: indexes.map((index) => String(index.def)),
    foreignKeys: foreignKeys.map((fk) => `ALTER TABLE ${fk.tbl} ADD CONSTRAINT "${fk.conname}" ${fk.def}`),
  };
}

// caso_plazos too: without statistics the list's filter 'Plazo' read every running clock (decision 044).
const LOADED_TABLES = `${DEMO_TABLE_NAMES.join(', ')}, caso_contadores, caso_bloques, caso_tramos, caso_contadores_estado, caso_contadores_compania, caso_contadores_dia, audiencia_contadores, audiencia_contadores_compania, inspeccion_contadores, inspeccion_contadores_dia, inspeccion_contadores_producto, caso_plazos, caso_plazo_estados`;

/**
 * VACUUM ANALYZE of freshly loaded tables, outside any transaction: besides statistics, the
 * visibility map, without which an index-only walk (a deep page's skip) fetches every heap row.
 */
async function vacuumAnalyze(database: Database, tables = LOADED_TABLES): Promise<void> {
  const statement = `VACUUM ANALYZE ${tables}`;
  if (database.kind === 'pglite') {
    await database.pglite!.exec(statement);
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query({ text: statement, query_timeout: NO_TIMEOUT_MS } as pg.QueryConfig);
  } finally {
    // The session setting must not leak back into the pool.
    client.release(true);
  }
}

/** What a claims office writes in its diary (issue 18, docs/decisions/043). */
const DEMO_TAREAS = [
  'Llamar al tercero para pedir fotos del vehículo',
  'Reclamar la denuncia policial al asegurado',
  'Pedir presupuesto actualizado al taller',
  'Revisar el informe del inspector y cargar la cotización',
  'Enviar el ofrecimiento por correo al letrado',
  'Confirmar el CBU del tercero para el pago',
  'Controlar la firma del convenio',
  'Consultar a la compañía por la franquicia',
  'Pedir certificado de cobertura a la compañía',
  'Coordinar una nueva fecha de inspección',
  'Pedir copia del registro de conducir del tercero',
  'Responder el reclamo del letrado',
  'Verificar la vigencia de la póliza a la fecha del siniestro',
  'Pedir la historia clínica y el alta médica del lesionado',
  'Reiterar al tercero el pedido de documentación',
  'Contestar la carta documento del tercero',
  'Preparar la propuesta para la audiencia de mediación',
  'Pedir al asegurado la descripción del siniestro por escrito',
  'Solicitar el informe de dominio del vehículo del tercero',
  'Enviar la orden de pago a la compañía',
];

/**
 * Open tasks for about half of the open cases, spread over the office's Admins and Users and
 * from 12 days overdue to 4 weeks ahead of `until`, so 'Mis tareas' and a dashboard look like a
 * working office's. Nothing when nobody can have tasks yet. Returns the number written. Each
 * task's text is drawn by a hash of its case and `seed`, not by the case number the assignee is,
 * so that each person's list mixes all the texts.
 */
export async function seedDemoTareas(
  database: Database,
  options: { until?: string; fromCaso?: number; seed?: number } = {},
): Promise<number> {
  const until = options.until ?? todayIso();
  let written = 0;
  await inTransaction(database, async (exec) => {
    // One recount below instead of a deferred trigger event per task.
    await exec('ALTER TABLE tareas DISABLE TRIGGER tareas_contadores_ins_del');
    const [row] = await exec(
      `WITH staff AS (SELECT array_agg(id ORDER BY id) AS ids FROM usuarios WHERE activo AND rol IN ($1, $2)),
       nuevas AS (
         INSERT INTO tareas (id_caso, texto, vence, id_usuario, origen, creado_por)
         SELECT c.id, ($3::text[])[1 + abs(hashint8extended(c.id, $7::bigint) % array_length($3::text[], 1))::int],
           $4::date + ((c.id::bigint * 7919) % 41)::int - 12,
           staff.ids[1 + (c.id / 2) % array_length(staff.ids, 1)], 'manual', 'demo'
         FROM casos c, staff
         WHERE staff.ids IS NOT NULL AND c.id >= $5 AND c.id_estado < $6 AND c.id % 2 = 0
           AND NOT EXISTS (SELECT 1 FROM tareas t WHERE t.id_caso = c.id)
         RETURNING 1)
       SELECT count(*)::int AS n FROM nuevas`,
      [ROL.ADMIN, ROL.USER, DEMO_TAREAS, until, options.fromCaso ?? 0, FIRST_CLOSED_ESTADO, options.seed ?? 1],
    );
    written = Number(row?.n ?? 0);
    // The per-user-and-day counters (drizzle/0016) recounted once, as the loader does the cases'.
    await exec('DELETE FROM tarea_contadores');
    await exec(`INSERT INTO tarea_contadores (id_usuario, vence, total)
      SELECT id_usuario, vence, count(*)::int FROM tareas WHERE hecha IS NULL GROUP BY 1, 2`);
    await exec('ALTER TABLE tareas ENABLE TRIGGER tareas_contadores_ins_del');
  });
  // Autovacuum may be busy with the cases for a long while: at 10M cases the skip inside one due
  // date of the team's middle page fetched 36,000 heap rows (55 ms) before this.
  await vacuumAnalyze(database, 'tareas, tarea_contadores');
  return written;
}
