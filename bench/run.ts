/**
 * The benchmark: for each size, loads (or reuses) the demo cases, times each endpoint's SQL
 * inside the database, starts the real server in production mode and drives it over HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/demo/demo-load';
import { migrate } from '../apps/server/src/db/migrate';
import { ROL } from '@siniestros/domain';
import { hashPassword } from '../apps/server/src/features/users';
import { profileSql, type SqlProfile } from './capture';
import { pgbenchTps } from './pgbench';
import { measure, measureMixed, median, medianOfMixedRounds, medianOfRounds, type LoadResult, type MixedGroupResult } from './load';
import { exportUnderLoad, medianExportUnderLoad, type ExportUnderLoad } from './export-load';
import { exportRequest, findProbes, mixedLoad, scenarios, type Probes, type Scenario } from './scenarios';
import { signIn, startServer } from './server';
import { checkCounters, measureWrites, type CounterCheck, type WriteResult } from './writes';
import { ensureDemoOffice } from '../apps/server/src/ops/demo-users';
import { measureWebSizes, type WebSizes } from './web-size';
import { cpuSampler } from './cpu';
import { measureDuplicados, type DuplicadosResult } from './duplicados';
import { measureLineaTiempo, type LineaTiempoResult } from './linea-tiempo';
import { measureMasivo, type MasivoResult } from './masivo';

export const BENCH_ADMIN = { username: 'bench@siniestros.local', password: 'Bench-Siniestros-2026' };
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/siniestros_bench';

export type BenchOptions = {
  cases: number[];
  pglite: boolean;
  /** PostgreSQL server and base database name; each size uses `<name>_<cases>`. */
  databaseUrl: string;
  /** PGlite data directories and the server's DATA_DIR live here. */
  dataRoot: string;
  seconds: number;
  /** Each scenario is measured once per round, the rounds one after the other; figures are their medians. */
  rounds: number;
  /** Requests per measurement instead of `seconds` (the smoke test). */
  amount?: number;
  connections: number;
  exportRows: number;
  port: number;
  web: boolean;
  seed: number;
  /** Load each generated case this many times (seedDemo's `copies`): e.g. 10 for 10M cases in minutes. */
  copies?: number;
  /** Only these scenario keys (all when absent). */
  only?: string[];
  /** Skip the export (a short run of the pages alone). */
  noExport?: boolean;
  /** Also the export while `connections` connections read page 1 of the list (bench/export-load.ts). */
  exportUnderLoad?: boolean;
  /** Skip the mixed load (searching and listing at once). */
  noMixed?: boolean;
  /**
   * The write scenario (issue 17 item 3), on a copy of the size's database (PostgreSQL: a database
   * made from it as a template; PGlite: a copy of its directory), so the seeded data stays as loaded.
   */
  writes?: boolean;
  /** pgbench the statements of each scenario as its throughput floor (PostgreSQL only; default true). */
  pgbench?: boolean;
  log: (line: string) => void;
};

/** pgbenchTps: the scenario's read statements through pgbench, same connections and seconds. */
export type ScenarioResult = { scenario: Scenario; load: LoadResult; sql: SqlProfile | undefined; pgbenchTps?: number };
export type ExportResult = {
  rows: number;
  seconds: number;
  bytes: number;
  status: number;
  peakRssMb: number;
  rssBeforeMb: number;
  sql?: SqlProfile;
  /** Each round's seconds when `seconds` is their median (peak RSS: the highest of the rounds). */
  rounds?: number[];
};
const EXPORT_KEY = 'export';
/** The scenario during whose run at many connections the event loop is probed. */
export const EVENT_LOOP_SCENARIO = 'list-1';
export type SizeResult = {
  cases: number;
  database: string;
  /** Set when this run loaded the data. */
  loadSeconds: number | null;
  probes: Probes;
  results: ScenarioResult[];
  exported: ExportResult | null;
  /** The export while the list's page 1 is read at many connections (null unless asked for). */
  exportedUnderLoad?: ReturnType<typeof medianExportUnderLoad> | null;
  /** Searching and listing at once, each group's medians of the rounds (null when skipped). */
  mixed: ReturnType<typeof medianOfMixedRounds> | null;
  /** The write scenario's rounds and the counters compared with a count after them (null when skipped). */
  writes: { rounds: WriteResult[]; counters: CounterCheck } | null;
  /** The duplicate check a creation runs (bench/duplicados.ts); absent in results written before it. */
  duplicados?: DuplicadosResult;
  /** A page of the Línea de tiempo of a case with 5,000 events (bench/linea-tiempo.ts); absent in results written before it. */
  lineaTiempo?: LineaTiempoResult;
  /** 10,000 cases reassigned and flagged in bulk (bench/masivo.ts); absent in results written before it. */
  masivo?: MasivoResult;
  /** Load average (1, 5, 15 min) when this size's measurements started and ended. */
  loadAverage: { start: number[]; end: number[] };
};
export type BenchResult = {
  date: string;
  engine: string;
  machine: { cpus: number; model: string; memoryGb: number; loadAverage: number[] };
  options: Pick<BenchOptions, 'seconds' | 'rounds' | 'amount' | 'connections' | 'pglite' | 'copies'>;
  sizes: SizeResult[];
  web: WebSizes | null;
};

/** 10k, 100k, 1M, 1000000. */
export function parseCount(value: string): number {
  const match = /^(\d+(?:\.\d+)?)([kKmM]?)$/.exec(value.trim());
  if (!match) throw new Error(`Not a count: ${value}`);
  const factor = { '': 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Math.round(Number(match[1]) * factor);
}

function databaseUrlFor(base: string, cases: number): { url: string; name: string; adminUrl: string } {
  const parsed = new URL(base);
  const name = `${parsed.pathname.replace(/^\//, '') || 'siniestros_bench'}_${cases}`;
  if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`Bad database name ${name}`);
  const admin = new URL(base);
  admin.pathname = '/postgres';
  parsed.pathname = `/${name}`;
  return { url: parsed.toString(), name, adminUrl: admin.toString() };
}

/** A PostgreSQL server on this machine, whose processes' CPU can be read (bench/cpu.ts). */
const isLocal = (databaseUrl: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(databaseUrl).hostname);

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const countCases = async (database: Database) => {
  const rows = await rawQuery(database)('SELECT count(*)::int AS n FROM casos');
  return Number(rows[0]!.n);
};

export function rawQuery(database: Database) {
  return async (text: string, params?: unknown[]): Promise<Record<string, unknown>[]> =>
    database.kind === 'pglite'
      ? (await database.pglite!.query<Record<string, unknown>>(text, params)).rows
      : ((await database.pool!.query(text, params)).rows as Record<string, unknown>[]);
}

/**
 * The benchmark's own Admin, whatever the database holds: created, or its password, role and
 * activity put back (a database seeded with `npm run seed:demo` and used by a server already has
 * an Admin, so the server's ADMIN_USERNAME would create none and the benchmark got 401).
 */
export async function ensureBenchAdmin(database: Database, admin: { username: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  const query = rawQuery(database);
  const [existing] = await query('SELECT id FROM usuarios WHERE lower(username) = lower($1)', [admin.username]);
  if (existing) {
    await query('UPDATE usuarios SET password_hash = $2, rol = $3, activo = true, totp_secret = NULL, totp_pending_secret = NULL WHERE id = $1', [
      existing.id,
      passwordHash,
      ROL.ADMIN,
    ]);
  } else {
    await query('INSERT INTO usuarios (apellido, nombre, username, password_hash, rol) VALUES ($1, $2, $3, $4, $5)', [
      'Benchmark',
      'Bench',
      admin.username,
      passwordHash,
      ROL.ADMIN,
    ]);
  }
}

const loadAverage = () => os.loadavg().map((n) => Math.round(n * 10) / 10);

/** Opens the size's database, loading the demo cases unless it already holds exactly that many. */
async function prepare(
  options: BenchOptions,
  cases: number,
): Promise<{ database: Database; location: string; url?: string; dataDir: string; loadSeconds: number | null }> {
  const serverDir = path.join(options.dataRoot, `server-${options.pglite ? 'pglite' : 'pg'}-${cases}`);
  fs.mkdirSync(serverDir, { recursive: true });
  const load = async (database: Database) => {
    options.log(`  loading ${cases.toLocaleString('en')} demo cases...`);
    let shown = 0;
    const result = await seedDemo(database, {
      cases,
      seed: options.seed,
      copies: options.copies,
      onProgress(done, total) {
        if (performance.now() - shown > 15_000 || done === total) {
          shown = performance.now();
          options.log(`    ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
        }
      },
    });
    options.log(
      `  loaded in ${result.seconds.total} s (insert ${result.seconds.load} s, indexes ${result.seconds.rebuild} s, vacuum ${result.seconds.vacuum} s)`,
    );
    return result.seconds.total;
  };

  if (options.pglite) {
    // The server keeps PGlite's data under DATA_DIR/pgdata: the benchmark's directory is both.
    const open = () => openDatabase({ dataDir: serverDir });
    let database = await open();
    await migrate(database);
    let loadSeconds: number | null = null;
    const found = await countCases(database);
    if (found !== cases) {
      if (found > 0) {
        await database.close();
        fs.rmSync(path.join(serverDir, 'pgdata'), { recursive: true, force: true });
        database = await open();
        await migrate(database);
      }
      loadSeconds = await load(database);
    }
    return { database, location: `PGlite ${serverDir}`, dataDir: serverDir, loadSeconds };
  }

  const target = databaseUrlFor(options.databaseUrl, cases);
  const exists = await withAdmin(
    target.adminUrl,
    async (client) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [target.name])).rowCount === 1,
  );
  if (!exists) await withAdmin(target.adminUrl, (client) => client.query(`CREATE DATABASE ${target.name}`));
  // A load batch runs for seconds: a slow liveness probe on a busy machine must not cut it (seed-demo.cli.ts).
  const open = () => openDatabase({ url: target.url, poolMax: 4, statementTimeoutMs: 600_000, stallProbeMs: 3_600_000 });
  let database = await open();
  await migrate(database);
  let loadSeconds: number | null = null;
  const found = await countCases(database);
  if (found !== cases) {
    if (found > 0) {
      await database.close();
      await withAdmin(target.adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${target.name} WITH (FORCE)`);
        await client.query(`CREATE DATABASE ${target.name}`);
      });
      database = await open();
      await migrate(database);
    }
    loadSeconds = await load(database);
  }
  return { database, location: `PostgreSQL ${target.name}`, url: target.url, dataDir: serverDir, loadSeconds };
}

export async function runExport(url: string, cookie: string, probes: Probes, server: { rssMb: () => number; log: () => string }): Promise<ExportResult> {
  const request = exportRequest(probes);
  const rssBeforeMb = server.rssMb();
  let peakRssMb = rssBeforeMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, server.rssMb())), 20);
  const started = performance.now();
  let bytes = 0;
  let status = 0;
  try {
    const response = await fetch(`${url}${request.path}`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(request.body),
    });
    status = response.status;
    for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length;
  } catch (error) {
    // A cut download: what the server said about it (its warnings and errors) is the only clue.
    throw new Error(`The export failed after ${bytes} bytes (status ${status}): ${String(error)}\nThe server's output:\n${server.log()}`, { cause: error });
  } finally {
    clearInterval(sampler);
  }
  peakRssMb = Math.max(peakRssMb, server.rssMb());
  return {
    rows: probes.exportRows,
    seconds: Math.round((performance.now() - started) / 10) / 100,
    bytes,
    status,
    peakRssMb: Math.round(peakRssMb),
    rssBeforeMb: Math.round(rssBeforeMb),
  };
}

/** The export of median seconds, with the highest peak RSS of all rounds. */
function medianExport(rounds: ExportResult[]): ExportResult {
  const seconds = rounds.map((result) => result.seconds);
  const middle = rounds.find((result) => result.seconds === median(seconds))!;
  const peakRssMb = Math.max(...rounds.map((result) => result.peakRssMb));
  return rounds.length === 1 ? middle : { ...middle, peakRssMb, status: rounds.find((result) => result.status !== 200)?.status ?? middle.status, rounds: seconds };
}

export async function runBench(options: BenchOptions): Promise<BenchResult> {
  const sizes: SizeResult[] = [];
  let web: WebSizes | null = null;
  let engine = options.pglite ? 'PGlite' : 'PostgreSQL';
  for (const cases of options.cases) {
    options.log(`${cases.toLocaleString('en')} cases on ${options.pglite ? 'PGlite' : 'PostgreSQL'}`);
    const prepared = await prepare(options, cases);
    const loadAtStart = loadAverage();
    let probes: Probes;
    let profiles: Record<string, SqlProfile>;
    let duplicados: DuplicadosResult;
    let lineaTiempo: LineaTiempoResult;
    let masivo: MasivoResult;
    const floors: Record<string, number | undefined> = {};
    const chosen = (list: Scenario[]) => (options.only ? list.filter((scenario) => options.only!.includes(scenario.key)) : list);
    try {
      const query = rawQuery(prepared.database);
      if (!options.pglite) engine = `PostgreSQL ${String((await query('SHOW server_version'))[0]!.server_version).split(' ')[0]}`;
      await ensureBenchAdmin(prepared.database, BENCH_ADMIN);
      // 'Mis tareas' and the Tablero need people and tasks: added once, like seed:demo does.
      const tareas = await ensureDemoOffice(prepared.database);
      if (tareas > 0) options.log(`  added the demo office's users and ${tareas.toLocaleString('en')} open tasks`);
      probes = await findProbes(query, Math.min(options.exportRows, cases));
      options.log('  timing the SQL of each endpoint (EXPLAIN ANALYZE)...');
      options.log('  timing the duplicate check of a creation...');
      duplicados = await measureDuplicados(prepared.database, options.amount ? 20 : 100);
      options.log('  timing the Línea de tiempo of a case with 5,000 events...');
      lineaTiempo = await measureLineaTiempo(prepared.database, options.amount ? 10 : 30);
      options.log('  timing bulk actions on 10,000 cases...');
      masivo = await measureMasivo(prepared.database, options.amount ? 3 : 5);
      profiles = await profileSql(prepared.database, BENCH_ADMIN, {
        ...Object.fromEntries(chosen(scenarios(probes)).map((scenario) => [scenario.key, scenario.requests[0]!])),
        ...(options.noExport ? {} : { [EXPORT_KEY]: { ...exportRequest(probes), warm: false } }),
      });
      if (!options.pglite && prepared.url && (options.pgbench ?? true) && !options.amount) {
        for (const scenario of chosen(scenarios(probes))) {
          const statements = profiles[scenario.key]?.statements;
          if (!statements) continue;
          options.log(`  pgbench floor: ${scenario.title}`);
          floors[scenario.key] = await pgbenchTps(prepared.url, statements, { connections: options.connections, seconds: options.seconds });
        }
      }
    } finally {
      // PGlite is one process: the server cannot open it while this one holds it.
      await prepared.database.close();
    }

    options.log(`  starting the server on port ${options.port}...`);
    const server = await startServer({ port: options.port, dataDir: prepared.dataDir, databaseUrl: prepared.url, admin: BENCH_ADMIN });
    try {
      const cookie = await signIn(server.url, BENCH_ADMIN);
      // The database's CPU is read off this machine's processes: only a PostgreSQL server on it.
      const localPostgres = prepared.url !== undefined && isLocal(prepared.url);
      const cpu = cpuSampler(server.pid, localPostgres);
      const list = chosen(scenarios(probes));
      const loads: LoadResult[][] = list.map(() => []);
      const exports: ExportResult[] = [];
      const loadedExports: ExportUnderLoad[] = [];
      const mixedRounds: MixedGroupResult[][] = [];
      for (let round = 1; round <= options.rounds; round++) {
        const of = options.rounds > 1 ? ` (round ${round} of ${options.rounds})` : '';
        for (const [index, scenario] of list.entries()) {
          options.log(`  ${scenario.title}${of}`);
          loads[index]!.push(
            await measure(
              {
                url: server.url,
                cookie,
                seconds: options.seconds,
                amount: options.amount,
                connections: options.connections,
                // Page 1 at many connections: does a request that needs no database still get through?
                probePath: scenario.key === EVENT_LOOP_SCENARIO ? '/api/health/live' : undefined,
                cpu,
              },
              scenario.requests,
            ),
          );
        }
        if (!options.noMixed) {
          options.log(`  mixed load: searching and listing at once${of}`);
          mixedRounds.push(
            await measureMixed(
              { url: server.url, cookie, seconds: options.seconds, amount: options.amount, connections: options.connections },
              mixedLoad(probes, options.connections),
            ),
          );
        }
        if (options.noExport) continue;
        options.log(`  export of ${probes.exportRows.toLocaleString('en')} rows${of}`);
        exports.push(await runExport(server.url, cookie, probes, server));
        if (!options.exportUnderLoad) continue;
        options.log(`  export of ${probes.exportRows.toLocaleString('en')} rows while ${options.connections} connections read page 1${of}`);
        const listFirst = scenarios(probes).find((scenario) => scenario.key === 'list-1')!.requests[0]!;
        loadedExports.push(
          await exportUnderLoad({ url: server.url, cookie, connections: options.connections }, listFirst, () => runExport(server.url, cookie, probes, server)),
        );
      }
      const results: ScenarioResult[] = list.map((scenario, index) => ({
        scenario,
        load: medianOfRounds(loads[index]!),
        sql: profiles[scenario.key],
        pgbenchTps: floors[scenario.key],
      }));
      const exported = exports.length > 0 ? { ...medianExport(exports), sql: profiles[EXPORT_KEY] } : null;
      sizes.push({
        cases,
        database: prepared.location,
        loadSeconds: prepared.loadSeconds,
        probes,
        results,
        exported,
        exportedUnderLoad: loadedExports.length > 0 ? medianExportUnderLoad(loadedExports) : null,
        mixed: mixedRounds.length > 0 ? medianOfMixedRounds(mixedRounds) : null,
        writes: null,
        duplicados,
        lineaTiempo,
        masivo,
        loadAverage: { start: loadAtStart, end: loadAverage() },
      });
      if (options.web && !web) {
        options.log('  measuring the web routes (Chromium)');
        web = await measureWebSizes(server.url, BENCH_ADMIN);
      }
    } finally {
      await server.stop();
    }
    if (options.writes) sizes.at(-1)!.writes = await runWrites(options, prepared);
  }
  return {
    date: new Date().toISOString(),
    engine,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
    },
    options: { seconds: options.seconds, rounds: options.rounds, amount: options.amount, connections: options.connections, pglite: options.pglite, copies: options.copies },
    sizes,
    web,
  };
}

/**
 * The write scenario on a copy of the size's database: rounds of `seconds` with 20 connections
 * creating, advancing, adding history, closing and reopening; then the counters against a count.
 */
async function runWrites(
  options: BenchOptions,
  prepared: { url?: string; dataDir: string },
): Promise<{ rounds: WriteResult[]; counters: CounterCheck }> {
  const copyDir = `${prepared.dataDir}-writes`;
  fs.rmSync(copyDir, { recursive: true, force: true });
  let copyUrl: string | undefined;
  let dropCopy = async () => undefined as unknown;
  if (prepared.url) {
    const source = new URL(prepared.url);
    const name = `${source.pathname.slice(1)}_writes`;
    const admin = new URL(prepared.url);
    admin.pathname = '/postgres';
    options.log(`  copying the database for the write scenario (${name})...`);
    await withAdmin(admin.toString(), async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${source.pathname.slice(1)}`);
    });
    source.pathname = `/${name}`;
    copyUrl = source.toString();
    dropCopy = () => withAdmin(admin.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    fs.cpSync(prepared.dataDir, copyDir, { recursive: true });
  }
  try {
    const server = await startServer({ port: options.port, dataDir: copyDir, databaseUrl: copyUrl, admin: BENCH_ADMIN });
    const rounds: WriteResult[] = [];
    try {
      const cookie = await signIn(server.url, BENCH_ADMIN);
      const companias = (await (await fetch(`${server.url}/api/companias`, { headers: { cookie } })).json()) as { id: number }[];
      for (let round = 1; round <= options.rounds; round++) {
        options.log(`  writes: create, advance, history, close and reopen (round ${round} of ${options.rounds})`);
        rounds.push(
          await measureWrites({
            url: server.url,
            cookie,
            seconds: options.seconds,
            amount: options.amount,
            connections: options.connections,
            idCompania: companias[0]!.id,
            cpu: cpuSampler(server.pid, copyUrl !== undefined && isLocal(copyUrl)),
          }),
        );
      }
    } finally {
      await server.stop();
      if (rounds.some((round) => round.errors > 0)) options.log(server.log().slice(-4000));
    }
    const database = await openDatabase(copyUrl ? { url: copyUrl, poolMax: 1, statementTimeoutMs: 600_000 } : { dataDir: copyDir });
    try {
      return { rounds, counters: await checkCounters(database.db) };
    } finally {
      await database.close();
    }
  } finally {
    await dropCopy();
    fs.rmSync(copyDir, { recursive: true, force: true });
  }
}
