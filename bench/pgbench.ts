/**
 * The SQL floor of a scenario's throughput: the statements the endpoint ran (captured by
 * capture.ts), their parameters written in as literals, driven by pgbench at the same number of
 * connections for the same seconds. The ratio req/s ÷ pgbench tps is what the server keeps of
 * what PostgreSQL alone can do on this machine (issue 17 item 6).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Statement } from './capture';

const run = promisify(execFile);

/** A parameter as an SQL literal. */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  // An array as PostgreSQL's text form ('{"a","b"}'), typed by the statement as the parameter was.
  if (Array.isArray(value)) return literal(`{${value.map(arrayElement).join(',')}}`);
  return `'${String(value).replaceAll("'", "''")}'`;
}

const arrayElement = (item: unknown) => (item === null || item === undefined ? 'NULL' : `"${String(item).replace(/[\\"]/g, '\\$&')}"`);

/** The statement with `$n` replaced by its parameter (highest first, so $1 never eats $10). */
export function inlineParams(statement: Statement): string {
  let text = statement.text;
  for (let n = statement.params.length; n >= 1; n--) text = text.replaceAll(new RegExp(`\\$${n}(?!\\d)`, 'g'), literal(statement.params[n - 1]));
  return text;
}

/** Reads only: a write (a session's last-use touch) would queue the clients on one row. */
const isRead = (text: string) => /^\s*(select|with)\b/i.test(text);

/** pgbench's tps for one transaction made of `statements`, or undefined when pgbench is missing or fails. */
export async function pgbenchTps(databaseUrl: string, statements: Statement[], options: { connections: number; seconds: number }): Promise<number | undefined> {
  const reads = statements.filter((statement) => isRead(statement.text));
  if (reads.length === 0) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'siniestros-pgbench-'));
  const script = path.join(dir, 'script.sql');
  // pgbench reads one statement per line unless it ends with a backslash; flatten each.
  fs.writeFileSync(script, `${reads.map((statement) => `${inlineParams(statement).replace(/\s*\n\s*/g, ' ')};`).join('\n')}\n`);
  const url = new URL(databaseUrl);
  try {
    const { stdout } = await run(
      'pgbench',
      ['-n', '-M', 'extended', '-c', String(options.connections), '-j', String(Math.min(2, options.connections)), '-T', String(options.seconds), '-f', script, '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username) || 'postgres', url.pathname.slice(1)],
      { env: { ...process.env, PGOPTIONS: '-c jit=off', ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) }, timeout: (options.seconds + 60) * 1000 },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    return match ? Number(match[1]) : undefined;
  } catch (error) {
    // Shown, not hidden behind a '–' in the table: a statement pgbench cannot run has no floor.
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    console.warn(`pgbench failed: ${stderr.trim().split('\n').slice(-3).join(' | ').slice(0, 600)}`);
    return undefined;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
