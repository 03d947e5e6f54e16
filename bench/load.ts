/** Drives one scenario with autocannon: latencies at 1 connection, throughput at many. */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { cpuPerRequest, type CpuSample } from './cpu';
import type { HttpRequest } from './scenarios';

export type LoadResult = {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests per second at many connections: the mean over the whole run. */
  rps: number;
  /** The same, the median second (what earlier runs quoted). */
  rpsMedianSecond: number;
  p99Loaded: number;
  errors: number;
  statuses: Record<string, number>;
  /** Each round's p95 and req/s when the figures above are medians of several rounds. */
  rounds?: { p95: number[]; rps: number[]; rpsMedianSecond: number[] };
  /** A request that needs no database, sent every 10 ms during the run at many connections (is the event loop free?). */
  probe?: { p50: number; p99: number; p99Rounds?: number[] };
  /** CPU ms per request during the run at many connections, of the server, the load generator and the database (bench/cpu.ts). */
  cpu?: CpuSample;
};

export type LoadOptions = {
  url: string;
  cookie: string;
  /** Seconds per measurement; or `amount` requests per measurement (the smoke test). */
  seconds: number;
  amount?: number;
  connections: number;
  /** Sent every 10 ms, one at a time, while the many connections run; its latencies go to `probe`. */
  probePath?: string;
  /** CPU ms so far of the server and the database (bench/cpu.ts), sampled around the run at many connections. */
  cpu?: () => CpuSample;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (value: number) => Math.round(value * 100) / 100;

function run(options: LoadOptions, requests: HttpRequest[], connections: number, onLatency?: (ms: number, status: number) => void) {
  // Without a callback autocannon returns its instance, which is also a promise of the result.
  const instance = autocannon({
    url: options.url,
    connections,
    // autocannon notices a reached amount on its sampling tick (1 s): the smoke test's few requests
    // waited a second per run, 2 s a scenario; ticks of 50 ms end them when done.
    ...(options.amount ? { amount: options.amount * Math.max(1, connections === 1 ? 1 : 2), sampleInt: 50 } : { duration: options.seconds }),
    timeout: 60,
    headers: { cookie: options.cookie, 'content-type': 'application/json' },
    requests: requests.map((request) => ({
      method: request.method,
      path: request.path,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    })),
  }) as unknown as EventEmitter & Promise<autocannon.Result>;
  const statuses: Record<string, number> = {};
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    onLatency?.(responseTime, statusCode);
  });
  return { done: instance.then((result) => result), statuses };
}

export async function measure(options: LoadOptions, requests: HttpRequest[]): Promise<LoadResult> {
  // Warm up: a few sequential requests, not counted.
  for (let i = 0; i < 3; i++) {
    const request = requests[i % requests.length]!;
    await fetch(`${options.url}${request.path}`, {
      method: request.method,
      headers: { cookie: options.cookie, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }).then((response) => response.arrayBuffer());
  }

  const latencies: number[] = [];
  const single = run(options, requests, 1, (ms) => latencies.push(ms));
  const singleResult = await single.done;
  const probe = options.probePath ? startProbe(`${options.url}${options.probePath}`) : undefined;
  const cpuBefore = options.cpu?.();
  const loaded = run(options, requests, options.connections);
  const loadedResult = await loaded.done;
  const cpu = cpuBefore && cpuPerRequest(cpuBefore, options.cpu!(), loadedResult.requests.total);
  const probeLatencies = (await probe?.stop())?.sort((a, b) => a - b);

  latencies.sort((a, b) => a - b);
  const failed = (result: autocannon.Result) => result.errors + result.timeouts + result.non2xx;
  const statuses: Record<string, number> = {};
  for (const source of [single.statuses, loaded.statuses]) {
    for (const [status, count] of Object.entries(source)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  return {
    requests: latencies.length,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    // The mean over the run (issue 17: the median second hid slow seconds), and the median second
    // beside it (the first second also opens the pool's connections; a smoke run has no seconds).
    rps: round(loadedResult.requests.total / Math.max(0.001, loadedResult.duration)),
    rpsMedianSecond: round(options.amount ? loadedResult.requests.total / Math.max(0.001, loadedResult.duration) : loadedResult.requests.p50),
    p99Loaded: round(loadedResult.latency.p99),
    errors: failed(singleResult) + failed(loadedResult),
    statuses,
    ...(probeLatencies ? { probe: { p50: round(percentile(probeLatencies, 50)), p99: round(percentile(probeLatencies, 99)) } } : {}),
    ...(cpu ? { cpu } : {}),
  };
}

/** GETs `url` every 10 ms, one request at a time, until stopped: each request's milliseconds. */
function startProbe(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const answered = await fetch(url).then(
        (response) => response.arrayBuffer().then(() => true),
        () => false,
      );
      if (answered) latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return latencies;
    },
  };
}

/** One group of connections of a mixed load, and what it saw. */
export type MixedGroup = { key: string; title: string; requests: HttpRequest[]; connections: number };
export type MixedGroupResult = { key: string; title: string; connections: number; rps: number; p50: number; p99: number; errors: number };

/**
 * Several groups driven at once for the same seconds (issue 17 item 2's mixed load: people
 * searching the commonest surname while others list page 1): each group's mean req/s and its
 * latencies under the others' load.
 */
export async function measureMixed(options: LoadOptions, groups: MixedGroup[]): Promise<MixedGroupResult[]> {
  const runs = groups.map((group) => run(options, group.requests, group.connections));
  const results = await Promise.all(runs.map((item) => item.done));
  return groups.map((group, index) => {
    const result = results[index]!;
    return {
      key: group.key,
      title: group.title,
      connections: group.connections,
      rps: round(result.requests.total / Math.max(0.001, result.duration)),
      p50: round(result.latency.p50),
      p99: round(result.latency.p99),
      errors: result.errors + result.timeouts + result.non2xx,
    };
  });
}

/** Each group's median of the rounds (req/s, p50, p99), errors summed; ranges of p99 and req/s kept. */
export function medianOfMixedRounds(rounds: MixedGroupResult[][]): (MixedGroupResult & { p99Rounds: number[]; rpsRounds: number[] })[] {
  return rounds[0]!.map((first, index) => {
    const of = (field: 'rps' | 'p50' | 'p99') => median(rounds.map((round) => round[index]![field]));
    return {
      ...first,
      rps: of('rps'),
      p50: of('p50'),
      p99: of('p99'),
      errors: rounds.reduce((sum, round) => sum + round[index]!.errors, 0),
      p99Rounds: rounds.map((round) => round[index]!.p99),
      rpsRounds: rounds.map((round) => round[index]!.rps),
    };
  });
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * One scenario measured in several rounds: each latency and throughput figure is the median of
 * the rounds (one noisy round cannot flip a target), requests and errors are their sums.
 */
export function medianOfRounds(rounds: LoadResult[]): LoadResult {
  if (rounds.length === 1) return rounds[0]!;
  const statuses: Record<string, number> = {};
  for (const result of rounds) {
    for (const [status, count] of Object.entries(result.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  }
  const of = (field: 'p50' | 'p95' | 'p99' | 'rps' | 'rpsMedianSecond' | 'p99Loaded') => median(rounds.map((result) => result[field]));
  return {
    requests: rounds.reduce((sum, result) => sum + result.requests, 0),
    p50: of('p50'),
    p95: of('p95'),
    p99: of('p99'),
    rps: of('rps'),
    rpsMedianSecond: of('rpsMedianSecond'),
    p99Loaded: of('p99Loaded'),
    errors: rounds.reduce((sum, result) => sum + result.errors, 0),
    statuses,
    rounds: { p95: rounds.map((result) => result.p95), rps: rounds.map((result) => result.rps), rpsMedianSecond: rounds.map((result) => result.rpsMedianSecond) },
    ...(rounds.every((result) => result.cpu)
      ? {
          cpu: {
            server: median(rounds.map((result) => result.cpu!.server)),
            client: median(rounds.map((result) => result.cpu!.client)),
            ...(rounds.every((result) => result.cpu!.database !== undefined) ? { database: median(rounds.map((result) => result.cpu!.database!)) } : {}),
          },
        }
      : {}),
    ...(rounds.every((result) => result.probe)
      ? {
          probe: {
            p50: median(rounds.map((result) => result.probe!.p50)),
            p99: median(rounds.map((result) => result.probe!.p99)),
            p99Rounds: rounds.map((result) => result.probe!.p99),
          },
        }
      : {}),
  };
}
