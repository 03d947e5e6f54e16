/**
 * What the informe's list benchmarks share (bench/informes-listas.ts, bench/informes-abiertos.ts):
 * the arguments (months, `--runs=`, `--compania=`), the production server on the database of
 * DATABASE_URL signed in as the bench's Admin, each month's report, and a figure's case list (page 1
 * with its count) timed end to end `runs` times, with the load average before and after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Informe } from '@siniestros/domain';
import { openDatabase } from '../apps/server/src/db/client';
import { BENCH_ADMIN, ensureBenchAdmin } from './run';
import { signIn, startServer } from './server';
import { median } from './load';

export type ListaMedida = { totalRows: number; totalCapped: boolean; ms: { median: number; min: number; max: number }; load: [number, number] };

export type InformesCliente = {
  meses: string[];
  compania: string | undefined;
  informe: (mes: string) => Promise<Informe>;
  /** The case list of a figure's filter, timed `runs` times. */
  lista: (filtro: unknown) => Promise<ListaMedida>;
};

const load = () => Math.round(os.loadavg()[0]! * 10) / 10;

export async function conInformesCliente(nombre: string, medir: (cliente: InformesCliente) => Promise<void>): Promise<void> {
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
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${nombre}-`));
  const server = await startServer({ port: 3900 + Math.floor(Math.random() * 90), dataDir, databaseUrl: url, admin: BENCH_ADMIN });
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
    await medir({
      meses,
      compania,
      informe: async (mes) => (await call<Informe>('GET', `/informes?${compania ? `compania=${compania}&` : ''}desde=${mes}`)).json,
      lista: async (filtro) => {
        const ms: number[] = [];
        let last = { totalRows: 0, totalCapped: false };
        const before = load();
        for (let run = 0; run < runs; run++) {
          const { ms: took, json } = await call<{ totalRows: number; totalCapped: boolean }>('POST', '/casos/filtro?page=1&pageSize=20', filtro);
          ms.push(took);
          last = json;
        }
        return {
          totalRows: last.totalRows,
          totalCapped: last.totalCapped,
          ms: { median: Math.round(median(ms)), min: Math.round(Math.min(...ms)), max: Math.round(Math.max(...ms)) },
          load: [before, load()],
        };
      },
    });
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
