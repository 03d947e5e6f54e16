import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROL } from '@siniestros/domain';
import { openDatabase } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/db/migrate';
import { fullMarkdown, summaryMarkdown } from './report';
import { BENCH_ADMIN, runBench } from './run';
import { processCpuMs } from './cpu';

const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'siniestros-bench-smoke-'));
afterAll(() => fs.rmSync(dataRoot, { recursive: true, force: true }));

/** The whole benchmark on 2,000 PGlite cases with a few requests each, so it cannot rot. */
it('loads, profiles and drives every scenario without errors, and renders the table', async () => {
  // A database already in use, as `npm run seed:demo` and a first start leave it: another active
  // Admin, and the benchmark's username inactive with another password. The benchmark must still sign in.
  const used = await openDatabase({ dataDir: path.join(dataRoot, 'server-pglite-2000') });
  await migrate(used);
  await used.pglite!.query(`INSERT INTO usuarios (apellido, nombre, username, password_hash, rol) VALUES ('Otro', 'Admin', 'admin@otro.local', 'x', $1)`, [ROL.ADMIN]);
  await used.pglite!.query(`INSERT INTO usuarios (apellido, nombre, username, password_hash, rol, activo) VALUES ('B', 'B', $1, 'x', $2, false)`, [
    BENCH_ADMIN.username,
    ROL.USER,
  ]);
  await used.close();

  const result = await runBench({
    cases: [2000],
    pglite: true,
    databaseUrl: '',
    dataRoot,
    seconds: 1,
    rounds: 2,
    amount: 3,
    connections: 2,
    exportRows: 1000,
    port: 20_000 + (process.pid % 20_000),
    web: false,
    seed: 1,
    writes: true,
    log: () => undefined,
  });
  const [size] = result.sizes;
  expect(size!.cases).toBe(2000);
  expect(size!.loadSeconds).not.toBeNull();
  for (const { scenario, load, sql } of size!.results) {
    expect(load.errors, `${scenario.key}: ${JSON.stringify(load.statuses)}`).toBe(0);
    expect(load.requests, scenario.key).toBeGreaterThan(0);
    expect(load.rounds?.rps, scenario.key).toHaveLength(2);
    expect(sql?.status, scenario.key).toBe(200);
    expect(sql!.statements.length, scenario.key).toBeGreaterThan(0);
    // PGlite runs inside the server: its CPU is the server's, and no database figure is given.
    expect(load.cpu, scenario.key).toEqual({ server: expect.any(Number), client: expect.any(Number) });
    expect(load.cpu!.client, `${scenario.key}: autocannon's CPU`).toBeGreaterThan(0);
  }
  expect(processCpuMs(process.pid)).toBeGreaterThan(0);
  expect(size!.exported).toMatchObject({ status: 200, rows: expect.any(Number) });
  expect(size!.exported!.rows).toBeGreaterThanOrEqual(1000);
  expect(size!.exported!.bytes).toBeGreaterThan(10_000);
  expect(size!.exported!.rounds).toHaveLength(2);
  expect(size!.mixed?.map((group) => [group.key, group.errors])).toEqual([
    ['searching', 0],
    ['listing', 0],
  ]);
  expect(size!.mixed![1]!.rpsRounds).toHaveLength(2);
  // The write scenario on a copy: every write answered 2xx and the counters equal a count.
  expect(size!.writes!.rounds.map((round) => [round.errors, round.statuses])).toEqual([
    [0, { 200: expect.any(Number), 201: expect.any(Number) }],
    [0, { 200: expect.any(Number), 201: expect.any(Number) }],
  ]);
  expect(size!.writes!.counters).toEqual({ contadores: 0, bloques: 0, tramos: 0, estados: 0, dias: 0 });
  // What a write cost and how busy the machine was: the table's explanation of a missed rate.
  for (const round of size!.writes!.rounds) {
    expect(round.cpu).toEqual({ server: expect.any(Number), client: expect.any(Number) });
    expect(round.cpu!.server).toBeGreaterThan(0);
    expect(round.busyShare).toBeGreaterThan(0);
    expect(round.busyShare).toBeLessThanOrEqual(1);
  }

  const summary = summaryMarkdown(result);
  expect(summary).toContain('| Scenario | p50 ms | p95 ms | p99 ms |');
  expect(summary).toContain('Case list, page 1');
  expect(summary).toContain('each figure is the median of the rounds');
  expect(summary).toContain('POST /api/casos/export');
  expect(summary).toContain('| Mixed load (at once) |');
  expect(summary).toContain('| Writes (create, advance, history, close + reopen every other case) |');
  // The duplicate check of a creation (issue 41 item 4): timed, and a copy of a loaded case found.
  expect(summary).toContain('| Duplicate check at creation (median of 20 runs, round trip included) | ms | within 5 ms |');
  expect(size!.duplicados!.copiaMatches).toBeGreaterThan(0);
  expect(fullMarkdown(result)).toContain('## Statements and plans');
});
