/**
 * The case's Línea de tiempo (issue 44 item 3, docs/decisions/098): one page of a case with
 * thousands of events, timed from the client (round trip included) through the server's own
 * statement. The events are added to the newest loaded case inside a transaction that is rolled
 * back, so the benchmark's data is left as it was.
 *
 * Alone, on a fresh PGlite, or on the PostgreSQL database of DATABASE_URL, with 1,000 demo cases
 * when it holds none: `npx tsx bench/linea-tiempo.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { decodeLineaCursor, LINEA_PAGE_SIZE, LINEA_TIPOS, type LineaCursor, type LineaTipo } from '@siniestros/domain';
import { openDatabase, resultRows, type Database, type DbOrTx } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/demo/demo-load';
import { ensureDemoOffice } from '../apps/server/src/ops/demo-users';
import { lineaTiempoRepository } from '../apps/server/src/features/linea-tiempo/linea-tiempo.repository';
import { median } from './load';

export type LineaTiempoResult = {
  runs: number;
  /** Events of the case timed. */
  events: number;
  /** Median ms of a page of LINEA_PAGE_SIZE: the newest, one 2,500 events deep, the oldest, and one kind alone (the status changes). */
  firstMs: number;
  deepMs: number;
  lastMs: number;
  estadoMs: number;
};

/** The goal: a page of the strip as fast as the case's detail, well under 50 ms. */
export const LINEA_TIEMPO_TARGET_MS = 50;

/** 5,000 events: 2,000 messages, 1,400 field and 100 status changes, 800 documents, 500 tasks, 100 each of inspections, hearings and injured people. */
async function addEvents(tx: DbOrTx, idCaso: number): Promise<number> {
  const minutes = (column: string) => sql.raw(`now() - ${column} * interval '1 minute'`);
  await tx.execute(sql`insert into historial (id_caso, usuario, msg, fecha) select ${idCaso}, 'bench', 'Mensaje ' || g, ${minutes('g')} from generate_series(1, 2000) g`);
  await tx.execute(sql`insert into audit_log (fecha, actor, action, entity, entity_id, changes)
    select ${minutes('g * 1.3')}, 'bench', 'caso.update', 'caso', ${idCaso},
      case when g % 15 = 0 then jsonb_build_object('id_estado', jsonb_build_array(2, 3)) else jsonb_build_object('gestor', jsonb_build_array('A' || g, 'B' || g)) end
    from generate_series(1, 1500) g`);
  await tx.execute(sql`insert into documentos (id_caso, nombre, tipo, storage_key, tamano, usuario, creado)
    select ${idCaso}, 'Bench_' || g || '.jpg', 'Foto', 'bench/' || g, 1, 'bench', ${minutes('g * 2.1')} from generate_series(1, 800) g`);
  await tx.execute(sql`insert into tareas (id_caso, texto, vence, id_usuario, creado_por, creado, hecha)
    select ${idCaso}, 'Tarea ' || g, current_date, (select min(id) from usuarios), 'bench', ${minutes('g * 3.7')}, now() from generate_series(1, 500) g`);
  await tx.execute(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado)
    select ${idCaso}, (select min(id) from inspectores), current_date - g, 'Calle ' || g, 'Bench', 'Finalizada' from generate_series(1, 100) g`);
  await tx.execute(sql`insert into audiencias (id_caso, fecha, fechah, hora, lugar) select ${idCaso}, current_date - g, current_date - g, '10:00', 'Bench' from generate_series(1, 100) g`);
  await tx.execute(sql`insert into lesionados (id_caso, apellido, nombre, id_tipo_doc, nro_doc) select ${idCaso}, 'Bench', 'L' || g, (select min(id) from tipos_doc), g::text from generate_series(1, 100) g`);
  return 5000;
}

class Rollback extends Error {}

export async function measureLineaTiempo(database: Database, runs = 30): Promise<LineaTiempoResult> {
  let result: LineaTiempoResult | undefined;
  await database.db
    .transaction(async (tx) => {
      const [caso] = resultRows<{ id: number }>(await tx.execute(sql`select max(id) as id from casos`));
      const idCaso = Number(caso!.id);
      const events = await addEvents(tx, idCaso);
      await tx.execute(sql`analyze historial, audit_log, documentos, tareas`);
      const page = (tipos: readonly LineaTipo[], cursor?: LineaCursor) => lineaTiempoRepository.page(tx, idCaso, tipos, cursor, LINEA_PAGE_SIZE + 1);
      const cursorAt = async (depth: number) => {
        const rows = await lineaTiempoRepository.page(tx, idCaso, LINEA_TIPOS, undefined, depth);
        const last = rows.at(-1)!;
        return decodeLineaCursor(Buffer.from(JSON.stringify({ t: last.t, k: LINEA_TIPOS.indexOf(last.tipo), id: last.id })).toString('base64url'))!;
      };
      const deep = await cursorAt(2500);
      const last = await cursorAt(events - LINEA_PAGE_SIZE);
      const timed = async (work: () => Promise<unknown>) => {
        await work();
        const times: number[] = [];
        for (let run = 0; run < runs; run++) {
          const started = performance.now();
          await work();
          times.push(performance.now() - started);
        }
        return Math.round(median(times) * 100) / 100;
      };
      result = {
        runs,
        events,
        firstMs: await timed(() => page(LINEA_TIPOS)),
        deepMs: await timed(() => page(LINEA_TIPOS, deep)),
        lastMs: await timed(() => page(LINEA_TIPOS, last)),
        estadoMs: await timed(() => page(['estado'])),
      };
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result!;
}

/** The table of the benchmark's report. */
export function lineaTiempoTable(result: LineaTiempoResult): string {
  const goal = (ms: number) => (ms <= LINEA_TIEMPO_TARGET_MS ? 'yes' : '**no**');
  const row = (label: string, ms: number) => `| ${label} | ${ms.toFixed(2)} | ${goal(ms)} |`;
  return [
    `| Línea de tiempo of a case with ${result.events.toLocaleString('en')} events, a page of ${LINEA_PAGE_SIZE} (median of ${result.runs} runs) | ms | within ${LINEA_TIEMPO_TARGET_MS} ms |`,
    '|---|---|---|',
    row('Newest page, every kind', result.firstMs),
    row('A page 2,500 events deep (cursor)', result.deepMs),
    row('The oldest page (cursor)', result.lastMs),
    row('Status changes only', result.estadoMs),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'linea-tiempo-bench-'));
  const database = await openDatabase(dataDir ? { dataDir } : { url: process.env.DATABASE_URL! });
  await migrate(database);
  const [loaded] = resultRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from casos`));
  if (Number(loaded!.n) === 0) await seedDemo(database, { cases: 1000, seed: 1 });
  await ensureDemoOffice(database);
  console.log(lineaTiempoTable(await measureLineaTiempo(database)));
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
