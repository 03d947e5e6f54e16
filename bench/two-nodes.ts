/**
 * `npm run bench:two-nodes [-- --cases 100k] [--seconds 10] [--rounds 3] [--connections 20] [--read-only]`
 * One node against two behind HAProxy (issue 19 item 6): two production servers on the same
 * PostgreSQL bench database (`<BENCH_DATABASE_URL>_<cases>`, loaded beforehand by `npm run bench
 * -- --cases 100k`), HAProxy round robin in front (the fleet test's configuration); autocannon at
 * 20 connections through the balancer with one backend, then with two, on the case list (page 1
 * and the middle page) and the case detail. Prints mean req/s per round, the two-node/one-node
 * ratio, and where the CPU went (each node, PostgreSQL's backends of that database, HAProxy, the
 * load generator, the whole machine) from /proc; writes bench/results/<date>-two-nodes.md.
 * `--read-only` leaves the database as it is (no benchmark Admin made: the servers' own
 * ADMIN_USERNAME must already exist there with ADMIN_PASSWORD).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client';
import { startHaproxy, type Balancer } from '../apps/server/test/haproxy';
import { BENCH_ADMIN, DEFAULT_BENCH_DATABASE_URL, ensureBenchAdmin, parseCount, rawQuery } from './run';
import { findProbes, scenarios, type Scenario } from './scenarios';
import { ROOT, signIn, startServer, type RunningServer } from './server';
import { machineCpuMs, processCpuMs } from './cpu';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100k' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '3991' },
    out: { type: 'string' },
    'read-only': { type: 'boolean', default: false },
  },
});
const cases = parseCount(values.cases);
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const base = new URL(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
const databaseName = `${base.pathname.replace(/^\//, '') || 'siniestros_bench'}_${cases}`;
base.pathname = `/${databaseName}`;
const databaseUrl = base.toString();
const SCENARIO_KEYS = ['list-1', 'list-middle', 'detail'];

// ---- CPU accounting from /proc (bench/cpu.ts) ------------------------------------------------
const procCpuSeconds = (pid: number) => processCpuMs(pid) / 1000;
/** PostgreSQL backends serving this database (their process title names it). */
function backendPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${databaseName} `);
      } catch {
        return false;
      }
    });
}
function machineBusySeconds(): { busy: number; total: number } {
  const { busy, total } = machineCpuMs();
  return { busy: busy / 1000, total: total / 1000 };
}
type CpuSnapshot = { nodes: number[]; postgres: Map<number, number>; haproxy: number; self: number; machine: { busy: number; total: number } };
function snapshot(nodes: RunningServer[], balancer: Balancer): CpuSnapshot {
  return {
    nodes: nodes.map((node) => procCpuSeconds(node.pid)),
    postgres: new Map(backendPids().map((pid) => [pid, procCpuSeconds(pid)])),
    haproxy: procCpuSeconds(balancer.child.pid!),
    self: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    machine: machineBusySeconds(),
  };
}
type CpuUse = { nodes: number[]; postgres: number; haproxy: number; loadGenerator: number; machineBusy: number; machineCapacity: number };
function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  let postgres = 0;
  for (const [pid, now] of after.postgres) postgres += now - (before.postgres.get(pid) ?? 0);
  return {
    nodes: after.nodes.map((now, index) => now - before.nodes[index]!),
    postgres,
    haproxy: after.haproxy - before.haproxy,
    loadGenerator: after.self - before.self,
    machineBusy: after.machine.busy - before.machine.busy,
    machineCapacity: after.machine.total - before.machine.total,
  };
}

// ---- one measurement -------------------------------------------------------------------------
type Measurement = {
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  cpu: CpuUse;
  perNode: Record<string, number>;
  statuses: Record<string, number>;
};

async function drive(url: string, cookie: string, scenario: Scenario, nodes: RunningServer[], balancer: Balancer): Promise<Measurement> {
  const perNode: Record<string, number> = {};
  const statuses: Record<string, number> = {};
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 60,
    headers: { cookie, 'content-type': 'application/json' },
    requests: scenario.requests.map((request) => ({
      method: request.method,
      path: request.path,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    })),
    setupClient(client: { on: (event: string, listener: (...args: unknown[]) => void) => void }) {
      client.on('response', (statusCode: unknown) => void (statuses[String(statusCode)] = (statuses[String(statusCode)] ?? 0) + 1));
      client.on('headers', (parsed: unknown) => {
        const list = (parsed as { headers?: string[] }).headers ?? [];
        const at = list.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'x-node');
        const node = at >= 0 ? String(list[at + 1]) : '?';
        perNode[node] = (perNode[node] ?? 0) + 1;
      });
    },
  } as autocannon.Options) as unknown as Promise<autocannon.Result>;
  const before = snapshot(nodes, balancer);
  const result = await instance;
  const cpu = cpuBetween(before, snapshot(nodes, balancer));
  return {
    rps: Math.round(result.requests.total / result.duration),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu,
    perNode,
    statuses,
  };
}

async function warm(url: string, cookie: string, scenario: Scenario) {
  for (let i = 0; i < 6; i++) {
    const request = scenario.requests[i % scenario.requests.length]!;
    await fetch(`${url}${request.path}`, {
      method: request.method,
      headers: { cookie, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }).then((response) => response.arrayBuffer());
  }
}

// ---- the run ---------------------------------------------------------------------------------
const log = (line: string) => console.log(line);
log(`Two nodes against one: ${cases.toLocaleString('en')} cases in ${databaseName}, ${connections} connections, ${seconds} s × ${rounds} rounds`);
const database = await openDatabase({ url: databaseUrl, poolMax: 2 });
const query = rawQuery(database);
const found = Number((await query('SELECT count(*)::int AS n FROM casos'))[0]!.n);
if (found !== cases) throw new Error(`${databaseName} holds ${found} cases, not ${cases}: load it with npm run bench -- --cases ${values.cases}`);
const version = String((await query('SHOW server_version'))[0]!.server_version).split(' ')[0];
if (!values['read-only']) await ensureBenchAdmin(database, BENCH_ADMIN);
const probes = await findProbes(query, 1);
await database.close();
const list = scenarios(probes).filter((scenario) => SCENARIO_KEYS.includes(scenario.key));

const dataRoot = path.join(ROOT, 'bench/.data');
const portOf = (node: RunningServer) => Number(new URL(node.url).port);
const started: RunningServer[] = [];
const balancers: Balancer[] = [];
const results = new Map<string, { one: Measurement[]; two: Measurement[] }>(list.map((scenario) => [scenario.key, { one: [], two: [] }]));
const loadAtStart = os.loadavg();
try {
  for (const index of [0, 1]) {
    const dataDir = path.join(dataRoot, `two-nodes-${index + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    log(`  starting node ${index + 1}`);
    started.push(await startServer({ port: Number(values.port) + index, dataDir, databaseUrl, admin: BENCH_ADMIN, env: { LOG_LEVEL: 'warn' } }));
  }
  const oneBalancer = await startHaproxy([portOf(started[0]!)], { healthChecks: false });
  balancers.push(oneBalancer);
  const twoBalancer = await startHaproxy(started.map(portOf), { healthChecks: false });
  balancers.push(twoBalancer);
  const one = `http://127.0.0.1:${oneBalancer.port}`;
  const two = `http://127.0.0.1:${twoBalancer.port}`;
  const cookie = await signIn(two, BENCH_ADMIN);
  for (let round = 1; round <= rounds; round++) {
    for (const scenario of list) {
      // Alternate which goes first, so a machine getting busier or quieter does not favour one.
      const order = round % 2 === 1 ? (['one', 'two'] as const) : (['two', 'one'] as const);
      for (const which of order) {
        const url = which === 'one' ? one : two;
        await warm(url, cookie, scenario);
        const measured = await drive(url, cookie, scenario, started, which === 'one' ? oneBalancer : twoBalancer);
        results.get(scenario.key)![which].push(measured);
        log(
          `  round ${round} ${scenario.title}, ${which === 'one' ? 'one node' : 'two nodes'}: ${measured.rps} req/s (p50 ${measured.p50} ms, p99 ${measured.p99} ms)` +
            `${measured.non2xx + measured.errors > 0 ? `, ${measured.non2xx} non-2xx, ${measured.errors} errors` : ''}; statuses ${JSON.stringify(measured.statuses)}, by node ${JSON.stringify(measured.perNode)}`,
        );
      }
    }
  }
} finally {
  for (const balancer of balancers) await balancer.stop();
  for (const node of started) await node.stop();
}

// ---- report ----------------------------------------------------------------------------------
const mean = (numbers: number[]) => numbers.reduce((sum, value) => sum + value, 0) / Math.max(1, numbers.length);
const r0 = (value: number) => Math.round(value);
const r2 = (value: number) => Math.round(value * 100) / 100;
const range = (numbers: number[]) => `${r0(Math.min(...numbers))}-${r0(Math.max(...numbers))}`;
/** CPU-seconds per 1,000 requests, each part, over all rounds of one set-up. */
function cpuPerThousand(measurements: Measurement[]) {
  const requests = measurements.reduce((sum, item) => sum + item.requests, 0) / 1000;
  const total = (pick: (cpu: CpuUse) => number) => measurements.reduce((sum, item) => sum + pick(item.cpu), 0) / requests;
  const nodes = total((cpu) => cpu.nodes.reduce((sum, value) => sum + value, 0));
  const postgres = total((cpu) => cpu.postgres);
  const haproxy = total((cpu) => cpu.haproxy);
  const loadGenerator = total((cpu) => cpu.loadGenerator);
  const machine = total((cpu) => cpu.machineBusy);
  const busyShare = measurements.reduce((sum, item) => sum + item.cpu.machineBusy, 0) / measurements.reduce((sum, item) => sum + item.cpu.machineCapacity, 0);
  return { nodes, postgres, haproxy, loadGenerator, other: machine - nodes - postgres - haproxy - loadGenerator, machine, busyShare };
}

const lines: string[] = [];
const date = new Date().toISOString().slice(0, 10);
lines.push(`# Two nodes behind HAProxy against one (${date})`, '');
lines.push(
  `PostgreSQL ${version}, database \`${databaseName}\` (${cases.toLocaleString('en')} demo cases); ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GB; load average at the start ${loadAtStart.map((n) => n.toFixed(1)).join(' / ')}, at the end ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.`,
  '',
  `Both set-ups go through HAProxy 2.6 (round robin, the fleet test's configuration without health checks): "one node" is a balancer with one backend, ` +
    `"two nodes" one with both, so the proxy hop is the same. autocannon, ${connections} connections, ${seconds} s per measurement, ` +
    `${rounds} rounds (the order one/two alternating per round); req/s is the mean over the run; the figure is the mean of the rounds, their range beside it.`,
  '',
  '| Scenario | One node req/s | Two nodes req/s | Ratio two/one | p50 / p99 one (ms) | p50 / p99 two (ms) | Non-2xx |',
  '|---|---:|---:|---:|---:|---:|---:|',
);
for (const scenario of list) {
  const { one, two } = results.get(scenario.key)!;
  const oneRps = mean(one.map((item) => item.rps));
  const twoRps = mean(two.map((item) => item.rps));
  lines.push(
    `| ${scenario.title} | ${r0(oneRps)} (${range(one.map((item) => item.rps))}) | ${r0(twoRps)} (${range(two.map((item) => item.rps))}) | **${r2(twoRps / oneRps)}** | ` +
      `${r0(mean(one.map((item) => item.p50)))} / ${r0(mean(one.map((item) => item.p99)))} | ${r0(mean(two.map((item) => item.p50)))} / ${r0(mean(two.map((item) => item.p99)))} | ` +
      `${[...one, ...two].reduce((sum, item) => sum + item.non2xx + item.errors, 0)} |`,
  );
}
lines.push(
  '',
  '## Where the CPU went',
  '',
  'CPU-seconds per 1,000 requests (from /proc: utime + stime of each process; PostgreSQL = the backends whose title names the database; ' +
    '"other" = the rest of the machine in the same seconds — other people\'s work on this shared machine and the kernel\'s). Busy = share of the machine\'s CPU time in use.',
  '',
  '| Scenario | Set-up | App node(s) | PostgreSQL | HAProxy | Load generator | Other | Machine busy |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
);
for (const scenario of list) {
  for (const which of ['one', 'two'] as const) {
    const cpu = cpuPerThousand(results.get(scenario.key)![which]);
    lines.push(
      `| ${scenario.title} | ${which === 'one' ? 'one node' : 'two nodes'} | ${r2(cpu.nodes)} | ${r2(cpu.postgres)} | ${r2(cpu.haproxy)} | ${r2(cpu.loadGenerator)} | ${r2(cpu.other)} | ${r0(cpu.busyShare * 100)} % |`,
    );
  }
}
lines.push('', '## Rounds', '', '| Scenario | Set-up | req/s per round | Requests per node (last round) |', '|---|---|---|---|');
for (const scenario of list) {
  for (const which of ['one', 'two'] as const) {
    const measurements = results.get(scenario.key)![which];
    lines.push(`| ${scenario.title} | ${which === 'one' ? 'one node' : 'two nodes'} | ${measurements.map((item) => item.rps).join(', ')} | ${JSON.stringify(measurements.at(-1)!.perNode)} |`);
  }
}
lines.push('');
const outFile = values.out ? path.resolve(values.out) : path.join(ROOT, 'bench/results', `${date}-two-nodes-${cases}.md`);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, lines.join('\n'));
log(`\n${lines.join('\n')}\nResults: ${path.relative(process.cwd(), outFile)}`);
