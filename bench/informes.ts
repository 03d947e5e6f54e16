/**
 * The informe de gestión (issue 46 item 5, docs/decisions/094): a company-month and a 12-month
 * trend of every company, timed through the server's own service (all its statements, round trips
 * included), median of `runs`. The goals: ≤ 1 s and ≤ 2 s at 1M cases.
 *
 * The demo loader writes cases with their triggers off and recounts the rollup from the cases as
 * they are (informe_recontar): it has no status history, so the stage days (informe_etapas) are
 * filled here as a 1M-case office would have them: each case's stages up to its status, with
 * spread-out days, by the month it left each, per analyst and inspector.
 *
 *   npx tsx bench/informes.ts [cases]          fresh PGlite with that many demo cases (default 50,000)
 *   DATABASE_URL=... npx tsx bench/informes.ts [cases]   loads cases into that database up to `cases`
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

export type InformesResult = { cases: number; runs: number; etapaRows: number; mesMs: number; tendenciaMs: number; rangoMs: number };

/** Stage exits for every loaded case, as its path up to its status would have left them. */
async function fillEtapas(database: Database): Promise<number> {
  // One statement over every case: past the app's statement and query timeouts at 100k and more.
  const fill = `delete from informe_etapas;
    insert into informe_etapas (id_compania, mes, etapa, tipo, id_persona, dias, total)
    select c.id_compania, date_trunc('month', least(c.fecha_creado + (e * 9), c.fecha_estado))::date, e::smallint, t.tipo,
      case t.tipo when 'o' then 0 when 'a' then coalesce(c.id_analista, 0) else (c.id % 7) + 1 end,
      ((c.id * 7919 + e * 104729) % 97)::int, count(*)::int
    from casos c
    cross join generate_series(1, 5) e
    cross join (values ('o'), ('a'), ('i')) t(tipo)
    where e < greatest(informe_etapa(c.id_estado), case when c.id_estado >= 8 then 6 else 0 end) and (t.tipo <> 'i' or e = 2)
    group by 1, 2, 3, 4, 5, 6`;
  if (database.kind === 'pglite') await database.pglite!.exec(fill);
  else {
    const client = await database.pool!.connect();
    try {
      await client.query('SET statement_timeout = 0');
      await client.query({ text: fill, query_timeout: 3_600_000 } as pg.QueryConfig);
    } finally {
      client.release();
    }
  }
  await database.db.execute(sql`analyze informe_etapas`);
  const [row] = resultRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from informe_etapas`));
  return row!.n;
}

export async function measureInformes(database: Database, runs = 7): Promise<InformesResult> {
  const [stats] = resultRows<{ cases: number; compania: number; mes: string }>(
    await database.db.execute(sql`
      select (select count(*)::int from casos) as cases,
        (select id_compania from informe_mes where figura = 'recibidos' group by 1 order by sum(total) desc limit 1) as compania,
        (select to_char(max(mes), 'YYYY-MM') from informe_mes where figura = 'recibidos') as mes`),
  );
  const etapaRows = await fillEtapas(database);
  const informes = createInformesService({ db: database.db });
  const timed = async (query: Parameters<typeof informes.get>[0]) => {
    await informes.get(query);
    const times: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await informes.get(query);
      times.push(performance.now() - started);
    }
    return Math.round(median(times));
  };
  const mes = stats!.mes;
  const desde = (() => {
    const [y, m] = mes.split('-').map(Number) as [number, number];
    const i = y * 12 + m - 1 - 11;
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  })();
  return {
    cases: stats!.cases,
    runs,
    etapaRows,
    // One company, one month (its 12-month trend comes with it, as the screen asks).
    mesMs: await timed({ compania: String(stats!.compania), desde: mes, hasta: mes }),
    // Every company, one month: the trend over all of them.
    tendenciaMs: await timed({ compania: '', desde: mes, hasta: mes }),
    // Every company, twelve months as the period.
    rangoMs: await timed({ compania: '', desde, hasta: mes }),
  };
}

export function informesTable(result: InformesResult): string {
  const goal = (ms: number, target: number) => (ms <= target ? 'yes' : '**no**');
  return [
    `| Informe de gestión at ${result.cases.toLocaleString('en')} cases (median of ${result.runs}; ${result.etapaRows.toLocaleString('en')} stage rows) | ms | goal |`,
    '|---|---|---|',
    `| A company-month (with its 12-month trend) | ${result.mesMs} | ≤ ${INFORME_MES_TARGET_MS}: ${goal(result.mesMs, INFORME_MES_TARGET_MS)} |`,
    `| Every company, a month with the 12-month trend | ${result.tendenciaMs} | ≤ ${INFORME_TENDENCIA_TARGET_MS}: ${goal(result.tendenciaMs, INFORME_TENDENCIA_TARGET_MS)} |`,
    `| Every company, 12 months as the period | ${result.rangoMs} | ≤ ${INFORME_TENDENCIA_TARGET_MS}: ${goal(result.rangoMs, INFORME_TENDENCIA_TARGET_MS)} |`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const cases = Number(process.argv[2] ?? 50_000);
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'informes-bench-'));
  const database = await openDatabase(dataDir ? { dataDir } : { url: process.env.DATABASE_URL! });
  await migrate(database);
  const [loaded] = resultRows<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from casos`));
  if (loaded!.n < cases) {
    const started = performance.now();
    await seedDemo(database, { cases: cases - loaded!.n, seed: 1 });
    console.log(`loaded ${(cases - loaded!.n).toLocaleString('en')} cases in ${Math.round((performance.now() - started) / 1000)} s`);
  }
  console.log(informesTable(await measureInformes(database)));
  await database.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
