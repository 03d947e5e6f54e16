import { expect, it } from 'vitest';
import { sizeTable, webTable } from './report';
import type { SizeResult } from './run';
import type { LoadResult } from './load';
import { TARGETS } from './scenarios';

const load = (rps: number, cpu: LoadResult['cpu']): LoadResult => ({
  requests: 100,
  p50: 1,
  p95: 2,
  p99: 3,
  rps,
  rpsMedianSecond: rps,
  p99Loaded: 20,
  errors: 0,
  statuses: { 200: 100 },
  ...(cpu ? { cpu } : {}),
});

const size = (rows: [string, LoadResult, number | undefined][]): SizeResult =>
  ({
    cases: 1_000_000,
    exported: null,
    exportedUnderLoad: null,
    mixed: null,
    writes: null,
    loadAverage: { start: [1, 1, 1], end: [1, 1, 1] },
    results: rows.map(([key, result, pgbenchTps]) => ({
      scenario: { key, title: key, requests: [], target: TARGETS.anyPage },
      load: result,
      sql: undefined,
      ...(pgbenchTps === undefined ? {} : { pgbenchTps }),
    })),
  }) as unknown as SizeResult;

const verdictOf = (table: string, key: string) => table.split('\n').find((line) => line.startsWith(`| ${key} |`))!.split(' | ').at(-1)!;

/** Issue 17: a read short of its throughput shows the floor that prevents it, from what was measured. */
it('names the floor of a read that misses its throughput: the SQL alone, or the CPU a request costs', () => {
  const table = sizeTable(
    size([
      ['fast', load(1200, { server: 0.5, database: 0.8, client: 0.3 }), 2500],
      ['sql-bound', load(400, { server: 0.9, database: 2.6, client: 0.3 }), 625],
      ['cpu-bound', load(800, { server: 0.6, database: 1.0, client: 0.9 }), 1700],
    ]),
    20,
    { minRps: 1000, cores: 2 },
  );
  expect(table).toContain('| CPU ms / req load generator |');
  expect(verdictOf(table, 'fast')).toBe('met |');
  expect(verdictOf(table, 'sql-bound')).toBe('MISSED (the SQL alone: 625 tps (pgbench)) |');
  // 2 cores × 1,000 / (0.6 + 1.0) ms = 1,250 req/s for the server and PostgreSQL alone.
  expect(verdictOf(table, 'cpu-bound')).toBe("MISSED (server + PG 1.60 ms CPU a request: ≤ 1,250 req/s on 2 cores, less the load generator's 0.90 ms) |");
});

it("names page 1's own p99 at as many connections when the mixed load misses its p99", () => {
  const withMixed: SizeResult = {
    ...size([['list-1', { ...load(1500, undefined), p99Loaded: 22 }, undefined]]),
    mixed: [
      { key: 'searching', title: 'Searching', connections: 10, rps: 500, p50: 17, p99: 51, errors: 0, p99Rounds: [51], rpsRounds: [500] },
      { key: 'listing', title: 'Listing page 1', connections: 10, rps: 1000, p50: 7, p99: 35, errors: 0, p99Rounds: [35], rpsRounds: [1000] },
    ],
  };
  const table = sizeTable(withMixed, 20, { minRps: 1000, cores: 2 });
  expect(verdictOf(table, 'Listing page 1')).toBe('MISSED (page 1 alone at 20 connections: p99 22.0 ms) |');
  expect(verdictOf(table, 'Searching')).toBe(' |');
});

it('says what bounded writes short of their target: the CPU a write, or waits with cores to spare', () => {
  const round = (busyShare: number) => ({
    seconds: 5,
    connections: 20,
    writes: 1500,
    writesPerSecond: 300,
    created: 400,
    errors: 0,
    statuses: { 200: 1100, 201: 400 },
    p50: 60,
    p99: 190,
    cpu: { server: 2.5, database: 4, client: 0.4 },
    busyShare,
  });
  const counters = { contadores: 0, bloques: 0, tramos: 0, estados: 0, dias: 0 };
  const writesVerdict = (busyShare: number) =>
    verdictOf(sizeTable({ ...size([]), writes: { rounds: [round(busyShare)], counters } }, 20, { minRps: 1000, cores: 2 }), '1 rounds');
  // 2 cores × 1,000 / (2.5 + 4) ms ≈ 308 writes/s.
  expect(writesVerdict(0.97)).toBe('MISSED (server + PG 6.50 ms CPU a write: ≤ 308 writes/s on 2 cores) |');
  expect(writesVerdict(0.55)).toBe('MISSED (cores 55 % busy: the writes waited on locks or the disk, not the CPU) |');
});

/** Issue 42 item 8: the claimant portal's script beside the staff routes, and its first screen on a slow network. */
it("reports the portal's JS against 100 KB and its first screen against 3 s", () => {
  const route = (gzipKb: number) => ({ files: 1, gzipKb, largest: [{ name: 'x.js', gzipKb }] });
  const web = (medianMs: number) =>
    webTable({
      web: {
        login: route(140),
        casos: route(190),
        portal: { js: route(74.2), screen: 'dni', firstScreenMs: [medianMs - 10, medianMs, medianMs + 10], medianMs },
      },
    });
  expect(web(1900)).toContain('| Claimant portal (/portal) | 1 | 74.2 | ≤ 100 KB | met |');
  expect(web(1900)).toContain(
    "Claimant portal's first screen (the DNI step of a real link) at 1.6 Mbps down / 750 kbps up / 150 ms RTT (Chromium's Network.emulateNetworkConditions, nothing cached, 390 px): median 1,900 ms of 1,890, 1,900, 1,910; target ≤ 3,000 ms: met.",
  );
  expect(web(3100)).toMatch(/target ≤ 3,000 ms: MISSED\.$/);
  // Results written before the portal have no line for it.
  expect(webTable({ web: { login: route(140), casos: route(190) } })).not.toContain('portal');
});

/** Issue 43 item 2: the inspector's app, its scripts against 250 KB, its cold load against 3 s, and the repeat visit. */
it("reports the inspector's app: cold and journey JS against 250 KB, the cold list against 3 s, the repeat visit beside it", () => {
  const route = (gzipKb: number, files = 20) => ({ files, gzipKb, largest: [{ name: 'index.js', gzipKb: 150 }] });
  const web = (coldMedianMs: number, journeyKb: number) =>
    webTable({
      web: {
        login: route(140),
        casos: route(190),
        inspector: {
          firstScreen: route(244.1, 40),
          journey: route(journeyKb, 70),
          detail: true,
          coldMs: [coldMedianMs - 100, coldMedianMs, coldMedianMs + 100],
          coldMedianMs,
          repeatMs: [640, 650, 700],
          repeatMedianMs: 650,
        },
      },
    });
  expect(web(2600, 293.7)).toContain("| Inspector's app, cold (/inspecciones) | 40 | 244.1 | ≤ 250 KB | met |");
  expect(web(2600, 293.7)).toContain("| Inspector's journey (/ → /inspecciones → an inspection) | 70 | 293.7 | ≤ 250 KB | MISSED |");
  expect(web(2600, 240)).toContain("| Inspector's journey (/ → /inspecciones → an inspection) | 70 | 240.0 | ≤ 250 KB | met |");
  expect(web(2600, 293.7)).toContain(
    "Inspector's app, 'Mis Inspecciones' signed in at 1.6 Mbps down / 750 kbps up / 150 ms RTT (Chromium's Network.emulateNetworkConditions, 390 px): cold (nothing cached) median 2,600 ms of 2,500, 2,600, 2,700; target ≤ 3,000 ms: met. Repeat visit (scripts from the service worker): median 650 ms of 640, 650, 700.",
  );
  expect(web(3200, 293.7)).toContain('target ≤ 3,000 ms: MISSED. Repeat visit');
  expect(webTable({ web: { login: route(140), casos: route(190), inspector: { skipped: 'no sw.js' } } })).toContain("Inspector's app: skipped (no sw.js).");
  // Results written before the inspector's app have no line for it.
  expect(webTable({ web: { login: route(140), casos: route(190) } })).not.toContain('Inspector');
});
