/**
 * The export under load (issue 17 item 4, `--export-under-load`): the export of the size's rows
 * while `connections` connections ask for page 1 of the case list, and that list's latencies
 * while the export runs (docs/decisions/055).
 */
import type { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { median } from './load';
import type { ExportResult } from './run';
import type { HttpRequest } from './scenarios';

export type ExportUnderLoad = ExportResult & {
  /** The list's requests answered while the export ran: their rate, latencies and failures. */
  list: { connections: number; requests: number; rps: number; p50: number; p99: number; errors: number };
};

/** Before the export: the list's connections open and its rate settles. */
const SETTLE_MS = 1_000;

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
const round = (value: number) => Math.round(value * 100) / 100;

export async function exportUnderLoad(
  options: { url: string; cookie: string; connections: number },
  list: HttpRequest,
  runExport: () => Promise<ExportResult>,
): Promise<ExportUnderLoad> {
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: 600,
    timeout: 60,
    headers: { cookie: options.cookie },
    requests: [{ method: list.method, path: list.path }],
  }) as unknown as EventEmitter & Promise<autocannon.Result> & { stop: () => void };
  const latencies: number[] = [];
  let errors = 0;
  let counting = false;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (!counting) return;
    latencies.push(responseTime);
    if (statusCode !== 200) errors++;
  });
  instance.on('reqError', () => {
    if (counting) errors++;
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    counting = true;
    const exported = await runExport();
    counting = false;
    latencies.sort((a, b) => a - b);
    return {
      ...exported,
      list: {
        connections: options.connections,
        requests: latencies.length,
        rps: round(latencies.length / Math.max(0.001, exported.seconds)),
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        errors,
      },
    };
  } finally {
    instance.stop();
    await instance;
  }
}

/** The round of median export seconds, with the highest peak RSS and each round's seconds and list p99 beside it. */
export function medianExportUnderLoad(rounds: ExportUnderLoad[]): ExportUnderLoad & { listP99Rounds: number[] } {
  const seconds = rounds.map((result) => result.seconds);
  const middle = rounds.find((result) => result.seconds === median(seconds))!;
  return {
    ...middle,
    peakRssMb: Math.max(...rounds.map((result) => result.peakRssMb)),
    status: rounds.find((result) => result.status !== 200)?.status ?? middle.status,
    rounds: seconds,
    list: { ...middle.list, p99: median(rounds.map((result) => result.list.p99)), rps: median(rounds.map((result) => result.list.rps)) },
    listP99Rounds: rounds.map((result) => result.list.p99),
  };
}
