import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { PRODUCTION_NODE_ARGS, SERVER_BUNDLE, SERVER_DIR } from '../../src/paths';

export const PG_URL = process.env.TEST_DATABASE_URL;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function withDatabase(url: string, database: string, port?: number): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  if (port) {
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
  }
  return parsed.toString();
}

/** A migrated PostgreSQL database of the test's own, dropped by `drop()`. */
export async function createPgDatabase(adminUrl: string, options: { migrate?: boolean } = {}): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `sin_f_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  if (options.migrate !== false) {
    const database = await openDatabase({ url });
    await migrate(database);
    await database.close();
  }
  return {
    name,
    url,
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await cleanup.end();
    },
  };
}

/**
 * A TCP proxy to PostgreSQL that can turn into a silent black hole: connections stay open,
 * nothing is forwarded either way and nothing is refused — a dead network path, the outage
 * that timeouts exist for. `freezeEstablished()` silences only the connections open at that
 * moment while new ones still get through (a NAT or firewall that lost its table, a proxy that
 * hangs its old connections).
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1') {
  let isBlackHole = false;
  const sockets = new Set<net.Socket>();
  const freezers = new Set<() => void>();
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, targetHost);
    let isFrozen = false;
    const freeze = () => (isFrozen = true);
    freezers.add(freeze);
    client.on('close', () => freezers.delete(freeze));
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk) => void (isBlackHole || isFrozen || upstream.write(chunk)));
    upstream.on('data', (chunk) => void (isBlackHole || isFrozen || client.write(chunk)));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    setBlackHole(value: boolean) {
      isBlackHole = value;
    },
    /** Returns how many connections were frozen. */
    freezeEstablished(): number {
      freezers.forEach((freeze) => freeze());
      return freezers.size;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/** The production server (`dist/main.js`, built by `npm run test:faults`) in a child process, ready when /api/health answers 200. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-faults-'));
  let output = '';
  const child = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, SERVER_BUNDLE], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CAPTCHA: 'off',
      // The faults are about the database and the disk, not the second factor production asks of Admins.
      REQUIRE_TOTP: 'off',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { child, port, output: () => output, exited, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`server did not start:\n${output}`);
}

/** Sends raw HTTP on a socket of its own and resolves with the whole answer once the server ends it. */
export function rawRequest(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
  const connected = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { connected, write: (text: string) => socket.write(text), ended, socket };
}
