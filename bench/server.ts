/** The real server, started in production mode on its own port and data directory. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_NODE_ARGS, SERVER_BUNDLE } from '../apps/server/src/paths';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type RunningServer = {
  url: string;
  pid: number;
  /** Resident set size now, MB (Linux /proc). */
  rssMb: () => number;
  /** Highest resident set size since start, MB. */
  peakRssMb: () => number;
  stop: () => Promise<void>;
  log: () => string;
};

function procStatusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startServer(options: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  admin: { username: string; password: string };
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    // The benchmark signs in by itself: never outside the benchmark (README).
    CAPTCHA: 'off',
    ADMIN_USERNAME: options.admin.username,
    ADMIN_PASSWORD: options.admin.password,
    ADMIN_REQUIRE_TOTP: 'false',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // The production bundle (`npm run build`), run by node itself: the pid is the server's (RSS is its own).
  // BENCH_SERVER_BUNDLE: another build's dist/main.js, for a before/after comparison (docs/decisions/055).
  const bundle = process.env.BENCH_SERVER_BUNDLE ?? SERVER_BUNDLE;
  const child: ChildProcess = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, bundle], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within 180 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    pid: child.pid!,
    rssMb: () => procStatusMb(child.pid!, 'VmRSS'),
    peakRssMb: () => procStatusMb(child.pid!, 'VmHWM'),
    log: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Signs in and returns the session cookie header. */
export async function signIn(url: string, credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!);
  return cookies.join('; ');
}
