/**
 * The informe de gestión (issue 46 item 5, docs/decisions/094, 102): a company-month and a 12-month
 * trend of every company, timed through the server's own service (all its statements, round trips
 * included): median and min-max of `runs`, with the load average. The goals: ≤ 1 s and ≤ 2 s at 1M.
 *
 * The demo loader writes cases with their triggers off and no status history, so the stage days
 * (informe_etapas) are filled here as a loaded office would have them: each case's stages up to its
 * status, spread-out days, by the month it left each, per analyst and inspector. With --historia the
 * cases get a status history in the audit log instead (each case walked from status 1 to its status,
 * days spread from its F Alta to its status date) and informe_recontar() builds the stage days from
 * it, as an office upgrading would (and that recount is timed).
 *
 *   npx tsx bench/informes.ts [cases]          fresh PGlite with that many demo cases (default 50,000)
 *   DATABASE_URL=... npx tsx bench/informes.ts [cases] [--recontar] [--historia]
 *       loads cases into that database up to `cases` (none when it has them); --recontar times
 *       informe_recontar() on the cases as they are (the migration's and the demo loader's recount)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { openDatabase, resultRows, type Database } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { seedDemo } from '../apps/server/src/demo/demo-load';
import { createInformesService } from '../apps/server/src/features/informes';
import { median } from './load';

export const INFORME_MES_TARGET_MS = 1000;
export const INFORME_TENDENCIA_TARGET_MS = 2000;

type Tiempo = { median: number; min: number; max: number };
export type InformesResult = {
  cases: number;
  runs: number;
  etapaRows: number;
  /** The load average (1 min) before and after the timed runs. */
  load: [number, number];
  mesMs: Tiempo;
  tendenciaMs: Tiempo;
  rangoMs: Tiempo;
};

/** One statement past the app's statement and query timeouts (they are minutes at 1M cases). */
async function runLong(database: Database, statement: string): Promise<number> {
  const started = performance.now();
  if (database.kind === 'pglite') await database.pglite!.exec(statement);
  else {
    const client = await database.pool!.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query({ text: statement, query_timeout: 3_600_000 } as pg.QueryConfig);
    } finally {
      client.release();
    }
  }
  return performance.now() - started;
}

/** Stage exits for every loaded case, as its path up to its status would have left them. */
async function fillEtapas(database: Database): Promise<void> {
  await runLong(
    database,
    `delete from informe_etapas;
    insert into informe_etapas (id_compania, mes, etapa, tipo, id_persona, dias, total)
    select c.id_compania, date_trunc('month', least(c.fecha_creado + (e * 9), c.fecha_estado))::date, e::smallint, t.tipo,
      case t.tipo when 'o' then 0 when 'a' then coalesce(c.id_analista, 0) else (c.id % 7) + 1 end,
      ((c.id * 7919 + e * 104729) % 97)::int, count(*)::int
    from casos c
    cross join generate_series(1, 5) e
    cross join (values ('o'), ('a'), ('i')) t(tipo)
    where e < greatest(informe_etapa(c.id_estado), case when c.id_estado >= 8 then 6 else 0 end) and (t.tipo <> 'i' or e = 2)
    group by 1, 2, 3, 4, 5, 6`,
  );
}

/**
 * A status history in the audit log for every case without one: 1 → 2 → … up to its last open
 * status (its previous one when closed, at most 7), then its closing status, the days spread evenly
 * from F Alta to its status date, in the shape the audit trigger writes (drizzle/0004).
 */
export async function fillHistoria(database: Database): Promise<number> {
  return runLong(
    database,
    `insert into audit_log (fecha, actor, action, entity, entity_id, changes)
    select now(), 'bench', 'caso.update', 'caso', p.id,
      jsonb_build_object('id_estado', jsonb_build_array(p.antes, p.despues),
        'fecha_estado', jsonb_build_array(to_char(p.fecha_creado + p.lapso * (p.paso - 1) / p.pasos, 'YYYY-MM-DD'),
          to_char(p.fecha_creado + p.lapso * p.paso / p.pasos, 'YYYY-MM-DD')))
    from (
      select c.id, c.fecha_creado, greatest(c.fecha_estado - c.fecha_creado, 0) as lapso, e - 1 as paso,
        u.ultimo - 1 + (c.id_estado >= 8)::int as pasos,
        case when e <= u.ultimo then e - 1 else u.ultimo end as antes, case when e <= u.ultimo then e else c.id_estado end as despues
      from casos c
      cross join lateral (select case when c.id_estado < 8 then c.id_estado else least(coalesce(c.id_estado_previo, 4), 7) end as ultimo) u
      cross join lateral generate_series(2, u.ultimo + (c.id_estado >= 8)::int) e
      where not exists (select 1 from audit_log a where a.entity = 'caso' and a.entity_id = c.id and a.action = 'caso.update')
      order by c.id, e
    ) p
    where p.pasos > 0`,
  );
}

/** informe_recontar() once: what the migration and the demo loader run. */
export async function timeRecontar(database: Database): Promise<number> {
  const ms = await runLong(database, 'select informe_recontar()');
  await database.db.execute(sql`analyze informe_mes`);
  await database.db.execute(sql`analyze informe_etapas`);
  return ms;
}

export async function measureInformes(database: Database, runs = 7, options: { historia?: boolean } = {}): Promise<InformesResult> {
  const [stats] = resultRows<{ cases: number; compania: number; mes: string }>(
    await database.db.execute(sql`
      select (select count(*)::int from casos) as cases,
        (select id_compania from informe_mes where figura = 'recibidos' group by 1 order by sum(total) desc limit 1) as compania,
        (select to_char(max(mes), 'YYYY-MM') from informe_mes where figura = 'recibidos') as mes`),
  );
  if (!options.historia) await fillEtapas(database);
  await database.db.execute(sql`analyze informe_etapas`);
  const [etapas] = resultRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from informe_etapas`));
  const load = os.loadavg()[0]!;
  const informes = createInformesService({ db: database.db });
  const timed = async (query: Parameters<typeof informes.get>[0]) => {
    await informes.get(query);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await informes.get(query);
      times.push(performance.now() - started);
    }
    return { median: Math.round(median(times)), min: Math.round(Math.min(...times)), max: Math.round(Math.max(...times)) };
  };
  const mes = stats!.mes;
  const desde = (() => {
    const [y, m] = mes.split('-').map(Number) as [number, number];
    const i = y * 12 + m - 1 - 11;
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  })();
  // One company, one month (its 12-month trend comes with it, as the screen asks).
  const mesMs = await timed({ compania: String(stats!.compania), desde: mes, hasta: mes });
  // Every company, one month: the trend over all of them.
  const tendenciaMs = await timed({ compania: '', desde: mes, hasta: mes });
  // Every company, twelve months as the period.
  const rangoMs = await timed({ compania: '', desde, hasta: mes });
  const round = (value: number) => Math.round(value * 10) / 10;
  return { cases: stats!.cases, runs, etapaRows: etapas!.n, load: [round(load), round(os.loadavg()[0]!)], mesMs, tendenciaMs, rangoMs };
}

export function informesTable(result: InformesResult): string {
  const fila = (label: string, time: Tiempo, target: number) =>
    `| ${label} | ${time.median} | ${time.min}-${time.max} | ≤ ${target}: ${time.median <= target ? 'yes' : '**no**'} |`;
  return [
    `| Informe de gestión at ${result.cases.toLocaleString('en')} cases (${result.runs} runs; ${result.etapaRows.toLocaleString('en')} stage rows; load average ${result.load[0]} → ${result.load[1]}) | median ms | min-max | goal |`,
    '|---|---|---|---|',
    fila('A company-month (with its 12-month trend)', result.mesMs, INFORME_MES_TARGET_MS),
    fila('Every company, a month with the 12-month trend', result.tendenciaMs, INFORME_TENDENCIA_TARGET_MS),
    fila('Every company, 12 months as the period', result.rangoMs, INFORME_TENDENCIA_TARGET_MS),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const cases = Number(args.find((arg) => !arg.startsWith('--')) ?? 50_000);
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'informes-bench-'));
  const database = await openDatabase(dataDir ? { dataDir } : { url: process.env.DATABASE_URL! });
  await migrate(database);
  const [loaded] = resultRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from casos`));
  if (loaded!.n < cases) {
    const started = performance.now();
    await seedDemo(database, { cases: cases - loaded!.n, seed: 1 });
    console.log(`loaded ${(cases - loaded!.n).toLocaleString('en')} cases in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s (load average ${os.loadavg()[0]!.toFixed(1)})`;
  if (args.includes('--recontar')) console.log(`informe_recontar() on the cases as they are: ${seconds(await timeRecontar(database))}`);
  const historia = args.includes('--historia');
  if (historia) {
    console.log(`status history written to the audit log: ${seconds(await fillHistoria(database))}`);
    console.log(`informe_recontar() with that history: ${seconds(await timeRecontar(database))}`);
  }
  console.log(informesTable(await measureInformes(database, 7, { historia })));
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
