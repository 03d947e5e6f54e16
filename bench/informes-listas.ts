/**
 * The lists the informe's payment and expired-clock figures open (docs/decisions/102, amended): for
 * each month given, the report's figure (GET /api/informes) and the case list's page 1 with its count
 * (POST /api/casos/filtro with the figure's `filtro`), through the production server on an existing
 * database, timed end to end: median and min-max of `runs`, with the load average. The list's rows must
 * equal the figure's cases; the goal is the list's (a page ≤ 1 s at 1M cases).
 *
 *   DATABASE_URL=postgres://…/b_1m npx tsx bench/informes-listas.ts 2026-10 2026-11 [--runs=5] [--compania=3]
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'informes-listas-'));
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
    for (const [figura, cifra] of [
      ['pagos', informe.pagos],
      ['plazosVencidos', informe.plazosVencidos],
    ] as const) {
      const ms: number[] = [];
      let filas = 0;
      const before = load();
      for (let run = 0; run < runs; run++) {
        const { ms: took, json } = await call<{ totalRows: number }>('POST', '/casos/filtro?page=1&pageSize=20', cifra.filtro);
        ms.push(took);
        filas = json.totalRows;
      }
      console.log(
        JSON.stringify({
          mes,
          compania: compania ?? null,
          figura,
          cuenta: 'cantidad' in cifra ? cifra.cantidad : cifra.total,
          casos: cifra.casos,
          filas,
          ms: tiempo(ms),
          load: [before, load()],
        }),
      );
    }
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
