/** The benchmark's markdown: one table per size, a side-by-side view, targets, and the plans. */
import fs from 'node:fs';
import path from 'node:path';
import type { BenchResult, ScenarioResult, SizeResult } from './run';
import { median } from './load';
import { MIXED_TARGET, TARGETS, WRITES_TARGET, type Scenario } from './scenarios';
import { ROOT } from './server';
import type { CpuSample } from './cpu';
import { DUPLICADOS_TARGET_MS, type DuplicadosResult } from './duplicados';
import { lineaTiempoTable } from './linea-tiempo';
import { masivoTable } from './masivo';
import { INSPECTOR_TARGETS, PORTAL_TARGETS, SLOW_NETWORK, type WebSizes } from './web-size';

const README = path.join(ROOT, 'README.md');
/** Statements cheaper than this (exec + plan) are listed without their plan. */
const PLAN_FROM_MS = 1;
export const README_START = '<!-- bench:results:start -->';
export const README_END = '<!-- bench:results:end -->';

const fmt = (value: number | undefined, digits = 1) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const int = (value: number) => Math.round(value).toLocaleString('en');
/** A median with the lowest and highest of its rounds beside it. */
const withRange = (value: string, rounds: number[] | undefined, format: (n: number) => string) =>
  rounds && rounds.length > 1 ? `${value} (${format(Math.min(...rounds))}–${format(Math.max(...rounds))})` : value;

type Verdict = 'met' | 'MISSED' | '';

/** Above this share of the machine's CPU time busy, the writes were bound by the CPU. */
const WRITES_CPU_BOUND_SHARE = 0.9;

/** What a table's throughput is held to, and on how many cores it was measured. */
type Throughput = { minRps: number; cores: number };

/**
 * Why a read fell short of its throughput, from what the run measured: the SQL's own floor
 * (pgbench, a C client, on the same statements) when that is below the target; otherwise the CPU
 * a request costs. At 20 connections the cores are full, so req/s is cores / (server + PostgreSQL
 * + the load generator, which shares them here); server + PostgreSQL alone bound what the product
 * would serve on these cores with its clients elsewhere.
 */
function throughputFloor(result: ScenarioResult, { minRps, cores }: Throughput): string {
  const tps = result.pgbenchTps;
  if (tps !== undefined && tps < minRps) return `the SQL alone: ${int(tps)} tps (pgbench)`;
  const cpu = result.load.cpu;
  if (!cpu) return '';
  return `${cpuCeiling(cpu.server, cpu.database, cores, 'request', 'req/s')}, less the load generator's ${fmt(cpu.client, 2)} ms`;
}

/** What the server's and PostgreSQL's CPU for one request or write allows on these cores at most. */
function cpuCeiling(server: number, database: number | undefined, cores: number, unit: string, rate: string): string {
  const product = server + (database ?? 0);
  return `server${database === undefined ? '' : ' + PG'} ${fmt(product, 2)} ms CPU a ${unit}: ≤ ${int((cores * 1000) / product)} ${rate} on ${cores} cores`;
}

function verdict(result: ScenarioResult, throughput: Throughput): { text: string; verdict: string } {
  const target = result.scenario.target;
  if (!target) return { text: '–', verdict: '' };
  const latencyMet = result.load.errors === 0 && result.load.p95 <= target.p95Ms;
  const throughputMet = result.load.rps >= throughput.minRps;
  const outcome: Verdict = latencyMet && throughputMet ? 'met' : 'MISSED';
  const why = throughputMet ? '' : ` (${throughputFloor(result, throughput)})`;
  return { text: `p95 ≤ ${target.p95Ms} ms, ≥ ${int(throughput.minRps)} req/s`, verdict: `${outcome}${why}` };
}

/**
 * Why the writes fell short: with the cores busy, the CPU a write costs; with cores to spare, the
 * writes waited on something else (row locks, the commit's flush to disk).
 */
function writesFloor(busyShare: number, server: number | undefined, database: number | undefined, cores: number): string {
  if (busyShare < WRITES_CPU_BOUND_SHARE) return ` (cores ${Math.round(busyShare * 100)} % busy: the writes waited on locks or the disk, not the CPU)`;
  if (server === undefined) return '';
  return ` (${cpuCeiling(server, database, cores, 'write', 'writes/s')})`;
}

export function sizeTable(size: SizeResult, connections: number, throughput: Throughput): string {
  const lines = [
    `| Scenario | p50 ms | p95 ms | p99 ms | req/s @${connections} mean | req/s median second | p99 ms @${connections} | errors | PG exec ms | PG plan ms | p50 / PG exec+plan | pgbench tps @${connections} | req/s / pgbench | CPU ms / req server | CPU ms / req PG | CPU ms / req load generator | target | |`,
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const result of size.results) {
    const { load, sql } = result;
    const floorMs = sql ? sql.executionMs + sql.planningMs : 0;
    const ratio = floorMs > 0 ? `${fmt(load.p50 / floorMs)}×` : '–';
    const tps = result.pgbenchTps;
    const tpsRatio = tps ? `${fmt(load.rps / tps, 2)}` : '–';
    const { text, verdict: outcome } = verdict(result, throughput);
    lines.push(
      `| ${result.scenario.title} | ${fmt(load.p50)} | ${withRange(fmt(load.p95), load.rounds?.p95, (n) => fmt(n))} | ${fmt(load.p99)} | ${withRange(int(load.rps), load.rounds?.rps, int)} | ${int(load.rpsMedianSecond)} | ${fmt(load.p99Loaded)} | ${load.errors} | ${fmt(sql?.executionMs, 2)} | ${fmt(sql?.planningMs, 2)} | ${ratio} | ${tps ? int(tps) : '–'} | ${tpsRatio} | ${fmt(load.cpu?.server, 2)} | ${fmt(load.cpu?.database, 2)} | ${fmt(load.cpu?.client, 2)} | ${text} | ${outcome} |`,
    );
  }
  if (size.mixed) {
    lines.push('', '| Mixed load (at once) | connections | req/s mean | p50 ms | p99 ms | errors | target | |', '|---|--:|--:|--:|--:|--:|---|---|');
    // Page 1 alone at as many connections: how much of the mixed p99 is queueing on these cores.
    const alone = size.results.find((result) => result.scenario.key === 'list-1')?.load.p99Loaded;
    const missedWhy = alone === undefined ? '' : ` (page 1 alone at ${connections} connections: p99 ${fmt(alone)} ms)`;
    for (const group of size.mixed) {
      const listing = group.key === 'listing';
      const met = group.errors === 0 && group.p99 <= MIXED_TARGET.listingP99Ms;
      lines.push(
        `| ${group.title} | ${group.connections} | ${withRange(int(group.rps), group.rpsRounds, int)} | ${fmt(group.p50)} | ${withRange(fmt(group.p99), group.p99Rounds, (n) => fmt(n))} | ${group.errors} | ${listing ? `p99 ≤ ${MIXED_TARGET.listingP99Ms} ms` : '–'} | ${listing ? (met ? 'met' : `MISSED${missedWhy}`) : ''} |`,
      );
    }
  }
  if (size.writes) {
    const { rounds, counters } = size.writes;
    const rates = rounds.map((round) => round.writesPerSecond);
    const errors = rounds.reduce((sum, round) => sum + round.errors, 0);
    const statuses = rounds.flatMap((round) => Object.entries(round.statuses).filter(([status]) => !status.startsWith('2')).map(([status, n]) => `${status}: ${n}`));
    const exact = Object.values(counters).every((rows) => rows === 0);
    const met = errors === 0 && exact && median(rates) >= WRITES_TARGET.perSecond;
    const cpuOf = (pick: (cpu: CpuSample) => number | undefined) => {
      const values = rounds.map((round) => (round.cpu ? pick(round.cpu) : undefined)).filter((value) => value !== undefined);
      return values.length === rounds.length ? median(values) : undefined;
    };
    const [server, database, client] = [cpuOf((cpu) => cpu.server), cpuOf((cpu) => cpu.database), cpuOf((cpu) => cpu.client)];
    const busy = median(rounds.map((round) => round.busyShare));
    lines.push(
      '',
      `| Writes (create, advance, history, close + reopen every other case) | connections | writes/s mean | p50 ms | p99 ms | cases created | errors | counters vs a count | CPU ms / write server | CPU ms / write PG | CPU ms / write load generator | cores busy | target | |`,
      '|---|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|---|---|',
      `| ${rounds.length} rounds | ${rounds[0]?.connections ?? 0} | ${withRange(int(median(rates)), rates, int)} | ${fmt(median(rounds.map((round) => round.p50)))} | ${fmt(median(rounds.map((round) => round.p99)))} | ${rounds.reduce((sum, round) => sum + round.created, 0)} | ${errors}${statuses.length > 0 ? ` (${statuses.join(', ')})` : ''} | ${exact ? 'exact' : `differ: caso_contadores ${counters.contadores}, caso_bloques ${counters.bloques}, caso_tramos ${counters.tramos}, caso_contadores_estado ${counters.estados}, caso_contadores_dia ${counters.dias} rows`} | ${fmt(server, 2)} | ${fmt(database, 2)} | ${fmt(client, 2)} | ${Math.round(busy * 100)} % | ≥ ${WRITES_TARGET.perSecond} writes/s, no error, exact | ${met ? 'met' : `MISSED${writesFloor(busy, server, database, throughput.cores)}`} |`,
    );
  }
  const probed = size.results.find((result) => result.load.probe);
  if (probed) {
    const probe = probed.load.probe!;
    lines.push(
      '',
      `Event loop: \`GET /api/health/live\` (no database), one every 10 ms while ${connections} connections ask for '${probed.scenario.title}': p50 ${fmt(probe.p50)} ms, p99 ${withRange(fmt(probe.p99), probe.p99Rounds, (n) => fmt(n))} ms.`,
    );
  }
  lines.push('', `Load average (1 / 5 / 15 min) at the start ${size.loadAverage.start.join(' / ')}, at the end ${size.loadAverage.end.join(' / ')}.`);
  const exp = size.exported;
  if (!exp) return lines.join('\n');
  const exportMet = exp.status === 200 && exp.seconds <= TARGETS.exportSeconds && exp.peakRssMb <= TARGETS.exportRssMb;
  lines.push(
    '',
    '| Export | rows | seconds | peak RSS MB (before) | xlsx MB | status | PG exec s (statements) | PG plan s | target | |',
    '|---|--:|--:|--:|--:|--:|--:|--:|---|---|',
  );
  const exportSql = exp.sql ? `${fmt(exp.sql.executionMs / 1000, 2)} (${exp.sql.statements.length})` : '–';
  const exportPlan = exp.sql ? fmt(exp.sql.planningMs / 1000, 2) : '–';
  const exportTarget = `≤ ${TARGETS.exportSeconds} s, ≤ ${TARGETS.exportRssMb} MB`;
  lines.push(
    `| POST /api/casos/export | ${int(exp.rows)} | ${withRange(fmt(exp.seconds, 2), exp.rounds, (n) => fmt(n, 2))} | ${exp.peakRssMb} (${exp.rssBeforeMb}) | ${fmt(exp.bytes / 1024 ** 2)} | ${exp.status} | ${exportSql} | ${exportPlan} | ${exportTarget} | ${exportMet ? 'met' : 'MISSED'} |`,
  );
  const loaded = size.exportedUnderLoad;
  if (loaded) {
    const met = loaded.status === 200 && loaded.seconds <= TARGETS.exportSeconds && loaded.peakRssMb <= TARGETS.exportRssMb;
    lines.push(
      '',
      `| Export while ${loaded.list.connections} connections read page 1 | rows | seconds | peak RSS MB (before) | status | page 1 answered during it | req/s | p50 ms | p99 ms | errors | target | |`,
      '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
      `| POST /api/casos/export | ${int(loaded.rows)} | ${withRange(fmt(loaded.seconds, 2), loaded.rounds, (n) => fmt(n, 2))} | ${loaded.peakRssMb} (${loaded.rssBeforeMb}) | ${loaded.status} | ${int(loaded.list.requests)} | ${int(loaded.list.rps)} | ${fmt(loaded.list.p50)} | ${withRange(fmt(loaded.list.p99), loaded.listP99Rounds, (n) => fmt(n))} | ${loaded.list.errors} | ${exportTarget} | ${met ? 'met' : 'MISSED'} |`,
    );
  }
  return lines.join('\n');
}

export function webTable(result: Pick<BenchResult, 'web'>): string {
  const web = result.web;
  if (!web) return '';
  if ('skipped' in web) return `Web bundle: skipped (${web.skipped}).`;
  const row = (name: string, route: { files: number; gzipKb: number }, limit: number) =>
    `| ${name} | ${route.files} | ${fmt(route.gzipKb)} | ≤ ${limit} KB | ${route.gzipKb <= limit ? 'met' : 'MISSED'} |`;
  const portal = web.portal;
  const inspector = web.inspector && !('skipped' in web.inspector) ? web.inspector : null;
  return [
    '| Web route (JS from apps/web/dist) | scripts | KB gzip | target | |',
    '|---|--:|--:|---|---|',
    row('Login (/)', web.login, TARGETS.loginJsKb),
    row('Case list (/casos)', web.casos, TARGETS.listJsKb),
    ...(portal && !('skipped' in portal) ? [row('Claimant portal (/portal)', portal.js, PORTAL_TARGETS.jsKb)] : []),
    ...(inspector
      ? [
          row("Inspector's app, cold (/inspecciones)", inspector.firstScreen, INSPECTOR_TARGETS.jsKb),
          row(`Inspector's journey (/ → /inspecciones${inspector.detail ? ' → an inspection' : ''})`, inspector.journey, INSPECTOR_TARGETS.jsKb),
        ]
      : []),
    '',
    `Largest scripts of the login route: ${web.login.largest.map((file) => `${file.name} ${fmt(file.gzipKb)} KB`).join(', ')}.`,
    ...(portal ? ['', portalLine(portal)] : []),
    ...(web.inspector ? ['', inspectorLine(web.inspector)] : []),
  ].join('\n');
}

/** The inspector's list on a slow phone network, cold and from the service worker (issue 43 item 2). */
export function inspectorLine(inspector: NonNullable<Extract<WebSizes, { login: unknown }>['inspector']>): string {
  if ('skipped' in inspector) return `Inspector's app: skipped (${inspector.skipped}).`;
  const { downloadKbps, uploadKbps, latencyMs } = SLOW_NETWORK;
  const met = inspector.coldMedianMs <= INSPECTOR_TARGETS.coldMs;
  return (
    `Inspector's app, 'Mis Inspecciones' signed in at ${fmt(downloadKbps / 1000)} Mbps down / ${uploadKbps} kbps up / ${latencyMs} ms RTT ` +
    `(Chromium's Network.emulateNetworkConditions, 390 px): cold (nothing cached) median ${int(inspector.coldMedianMs)} ms of ${inspector.coldMs.map(int).join(', ')}; ` +
    `target ≤ ${int(INSPECTOR_TARGETS.coldMs)} ms: ${met ? 'met' : 'MISSED'}. Repeat visit (scripts from the service worker): ` +
    `median ${int(inspector.repeatMedianMs)} ms of ${inspector.repeatMs.map(int).join(', ')}.`
  );
}

/** The portal's first screen on a slow phone network (issue 42 item 8). */
export function portalLine(portal: NonNullable<Extract<WebSizes, { login: unknown }>['portal']>): string {
  if ('skipped' in portal) return `Claimant portal: skipped (${portal.skipped}).`;
  const { downloadKbps, uploadKbps, latencyMs } = SLOW_NETWORK;
  const shown = portal.screen === 'dni' ? 'the DNI step of a real link' : "the invalid link's notice (no case with a third party to make a link for)";
  const met = portal.medianMs <= PORTAL_TARGETS.firstScreenMs;
  return (
    `Claimant portal's first screen (${shown}) at ${fmt(downloadKbps / 1000)} Mbps down / ${uploadKbps} kbps up / ${latencyMs} ms RTT ` +
    `(Chromium's Network.emulateNetworkConditions, nothing cached, 390 px): median ${int(portal.medianMs)} ms of ${portal.firstScreenMs.map(int).join(', ')}; ` +
    `target ≤ ${int(PORTAL_TARGETS.firstScreenMs)} ms: ${met ? 'met' : 'MISSED'}.`
  );
}

function sideBySide(result: BenchResult): string {
  if (result.sizes.length < 2) return '';
  const header = `| Scenario | ${result.sizes.map((size) => `${int(size.cases)}: p95 ms / req/s`).join(' | ')} |`;
  const lines = [header, `|---|${result.sizes.map(() => '--:').join('|')}|`];
  for (const [index, first] of result.sizes[0]!.results.entries()) {
    const cells = result.sizes.map((size) => {
      const load = size.results[index]!.load;
      return `${fmt(load.p95)} / ${int(load.rps)}`;
    });
    lines.push(`| ${first.scenario.key} | ${cells.join(' | ')} |`);
  }
  lines.push(
    `| export (s / peak RSS MB) | ${result.sizes.map((size) => (size.exported ? `${fmt(size.exported.seconds, 2)} / ${size.exported.peakRssMb}` : '–')).join(' | ')} |`,
  );
  return lines.join('\n');
}

/** The summary shown in the README and at the top of the results file. */
/** What the duplicate check adds to a creation (bench/duplicados.ts, docs/decisions/080). */
function duplicadosTable(result: DuplicadosResult): string {
  const goal = (ms: number) => (ms <= DUPLICADOS_TARGET_MS ? 'yes' : '**no**');
  return [
    `| Duplicate check at creation (median of ${result.runs} runs, round trip included) | ms | within ${DUPLICADOS_TARGET_MS} ms |`,
    '|---|---|---|',
    `| A new loss: nothing matches — ms added per creation | ${fmt(result.nuevoMs, 2)} | ${goal(result.nuevoMs)} |`,
    `| A copy of a loaded case: its claim, plate and document match (${result.copiaMatches} rows) | ${fmt(result.copiaMs, 2)} | ${goal(result.copiaMs)} |`,
    `| For scale: a pure lookup by primary key | ${fmt(result.lookupMs, 2)} | |`,
  ].join('\n');
}

export function summaryMarkdown(result: BenchResult): string {
  const parts = [
    `${result.engine}, ${result.machine.cpus} cores (${result.machine.model.trim()}), ${result.machine.memoryGb} GB; load average at the end ${result.machine.loadAverage.join(' / ')}. ` +
      `Latencies at 1 connection (${result.options.amount ? `${result.options.amount} requests` : `${result.options.seconds} s`}), throughput at ${result.options.connections} connections (the mean over the run, and the median second beside it); ` +
      (result.options.rounds > 1
        ? `every scenario measured in ${result.options.rounds} rounds, one after the other: each figure is the median of the rounds (lowest–highest in brackets), the export's peak RSS the highest; `
        : '') +
      'PG exec/plan: EXPLAIN ANALYZE (median of 3) of every statement the endpoint ran, summed; pgbench: the same read statements, parameters written in, at the same connections for the same seconds (the SQL floor of the throughput; req/s / pgbench is what the server keeps of it); CPU ms / req: the CPU time the server process, the local PostgreSQL server\'s processes and the load generator (autocannon, in the benchmark\'s own process) used during the run at many connections, divided by its requests (bench/cpu.ts; steadier than req/s on a busy machine: with every core busy, req/s is cores × 1,000 / their sum). A read short of its throughput names its floor: the SQL alone (pgbench) when that is below the target, else the CPU a request costs the server and PostgreSQL.',
  ];
  for (const size of result.sizes) {
    const copies = (result.options.copies ?? 1) > 1 ? `, each generated case written ${result.options.copies} times` : '';
    const loaded = size.loadSeconds === null ? 'reused' : `loaded in ${fmt(size.loadSeconds)} s${copies}`;
    const throughput = { minRps: result.options.pglite ? TARGETS.readRps.pglite : TARGETS.readRps.postgres, cores: result.machine.cpus };
    parts.push(`**${int(size.cases)} cases** (${size.database}, ${loaded})`, sizeTable(size, result.options.connections, throughput));
    if (size.duplicados) parts.push(duplicadosTable(size.duplicados));
    if (size.lineaTiempo) parts.push(lineaTiempoTable(size.lineaTiempo));
    if (size.masivo) parts.push(masivoTable(size.masivo));
  }
  const side = sideBySide(result);
  if (side) parts.push('**Side by side**', side);
  const web = webTable(result);
  if (web) parts.push(web);
  return parts.join('\n\n');
}

/** The full results file: summary, then each scenario's statements and plans. */
export function fullMarkdown(result: BenchResult): string {
  const parts = [`# Benchmark ${result.date.slice(0, 10)}`, '', summaryMarkdown(result), '', '## Statements and plans'];
  for (const size of result.sizes) {
    parts.push(
      '',
      `### ${int(size.cases)} cases`,
      '',
      `Probes: \`${JSON.stringify({ ...size.probes, detailIds: `${size.probes.detailIds.length} ids` })}\``,
    );
    const exportScenario: Scenario = {
      key: 'export',
      title: 'Export',
      requests: [{ method: 'POST', path: '/api/casos/export', body: size.probes.exportFilter }],
    };
    for (const { scenario, sql } of [...size.results, ...(size.exported ? [{ scenario: exportScenario, sql: size.exported.sql }] : [])]) {
      parts.push(
        '',
        `#### ${scenario.title}`,
        '',
        `\`${scenario.requests[0]!.method} ${scenario.requests[0]!.path}\` ${scenario.requests[0]!.body ? `\`${JSON.stringify(scenario.requests[0]!.body)}\`` : ''}`,
      );
      if (!sql) continue;
      for (const statement of sql.statements) {
        const timing = `exec ${fmt(statement.executionMs, 2)} ms, plan ${fmt(statement.planningMs, 2)} ms`;
        // Plans only where the time goes: the cheap lookups and session reads get one line.
        if (statement.executionMs + statement.planningMs < PLAN_FROM_MS || statement.plan.startsWith('(same statement')) {
          parts.push('', `${timing} — \`${statement.text.slice(0, 160)}${statement.text.length > 160 ? '…' : ''}\``);
          continue;
        }
        parts.push(
          '',
          `${timing} — params \`${JSON.stringify(statement.params).slice(0, 300)}\``,
          '```sql',
          statement.text,
          '```',
          '```',
          statement.plan,
          '```',
        );
      }
    }
  }
  return `${parts.join('\n')}\n`;
}

export function writeResults(result: BenchResult, outDir: string): string {
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${result.date.slice(0, 10)}.md`);
  fs.writeFileSync(file, fullMarkdown(result));
  return file;
}

/** Replaces the block between the README's benchmark markers with the latest summary. */
export function updateReadme(result: BenchResult, resultsFile: string): boolean {
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return false;
  const link = path.relative(ROOT, resultsFile);
  const block = `${README_START}\nLatest run (${result.date.slice(0, 10)}, full plans in [${link}](${link})):\n\n${summaryMarkdown(result)}\n`;
  fs.writeFileSync(README, readme.slice(0, start) + block + readme.slice(end));
  return true;
}
