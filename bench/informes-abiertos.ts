/**
 * The lists the informe's open cases at a past month's end open (docs/decisions/102, amended: the
 * list filter abiertoAl / estadoAl over caso_estado_periodos, drizzle/0055): for each month given,
 * the report (GET /api/informes) and, for its open cases in all, per status and per age bucket, the
 * case list's page 1 with its count (POST /api/casos/filtro with the figure's `filtro`), through the
 * production server on an existing database, timed end to end: median and min-max of `runs`, with
 * the load average. The list's rows must equal the figure (up to the count's cap).
 *
 *   DATABASE_URL=postgres://…/b_1m npx tsx bench/informes-abiertos.ts 2026-09 2026-10 [--runs=5] [--compania=3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Informe } from '@siniestros/domain';
import { openDatabase } from '../apps/server/src/db/client';
import { BENCH_ADMIN, ensureBenchAdmin } from './run';
import { signIn, startServer } from './server';
import { median } from './load';

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const meses = args.filter((arg) => !arg.startsWith('--'));
const runs = Number(option('runs') ?? 5);
const compania = option('compania');
const url = process.env.DATABASE_URL;
if (!url || meses.length === 0) throw new Error('DATABASE_URL and at least one month (YYYY-MM)');

const database = await openDatabase({ url });
await ensureBenchAdmin(database, BENCH_ADMIN);
await database.close();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'informes-abiertos-'));
const server = await startServer({ port: 3900 + Math.floor(Math.random() * 90), dataDir, databaseUrl: url, admin: BENCH_ADMIN });
const load = () => Math.round(os.loadavg()[0]! * 10) / 10;
try {
  const cookie = await signIn(server.url, BENCH_ADMIN);
  const call = async <T>(method: string, route: string, body?: unknown): Promise<{ ms: number; json: T }> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api${route}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json', origin: server.url } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text.slice(0, 300)}`);
    return { ms: performance.now() - started, json: JSON.parse(text) as T };
  };
  const tiempo = (ms: number[]) => ({ median: Math.round(median(ms)), min: Math.round(Math.min(...ms)), max: Math.round(Math.max(...ms)) });
  for (const mes of meses) {
    const query = `${compania ? `compania=${compania}&` : ''}desde=${mes}`;
    const { json: informe } = await call<Informe>('GET', `/informes?${query}`);
    const { abiertos } = informe;
    const figuras = [
      { figura: 'abiertos', total: abiertos.total, filtro: abiertos.filtro },
      ...abiertos.porEstado.map((estado) => ({ figura: `estado ${estado.id_estado}`, total: estado.total, filtro: estado.filtro })),
      ...abiertos.porAntiguedad.map((tramo) => ({ figura: tramo.key, total: tramo.total, filtro: tramo.filtro })),
    ];
    for (const { figura, total, filtro } of figuras) {
      if (!filtro) continue;
      const ms: number[] = [];
      let filas = 0;
      let capped = false;
      const before = load();
      for (let run = 0; run < runs; run++) {
        const { ms: took, json } = await call<{ totalRows: number; totalCapped: boolean }>('POST', '/casos/filtro?page=1&pageSize=20', filtro);
        ms.push(took);
        filas = json.totalRows;
        capped = json.totalCapped;
      }
      console.log(JSON.stringify({ mes, compania: compania ?? null, figura, total, filas, capped, ms: tiempo(ms), load: [before, load()] }));
    }
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
