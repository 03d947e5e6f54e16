import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { PRODUCTION_NODE_ARGS, SERVER_BUNDLE } from '../apps/server/src/paths';
import { ADMIN, apiLogin, USERS } from './api';

const root = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export type ProductionServer = { baseUrl: string; stop: () => Promise<void> };

type ServerOptions = {
  port: number;
  dataDir: string;
  /** Settings beyond the browser tests' own (SMTP_*, APP_URL…). */
  env?: Record<string, string>;
  /** Node flags before the bundle, after the production ones (a preload: `--import ./e2e/x.mjs`). */
  nodeArgs?: string[];
};

/**
 * The production server (`npm run build`: web app and server bundle; PGlite, real captcha with a
 * low cost) as the browser tests use it, answering on /api/health; `stop` ends it as an operator
 * would (SIGTERM) and waits for it to exit.
 */
export async function startProductionServer({ port, dataDir, env = {}, nodeArgs = [] }: ServerOptions): Promise<ProductionServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [...PRODUCTION_NODE_ARGS, ...nodeArgs, SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CAPTCHA: 'altcha',
      CAPTCHA_COST: '10',
      CAPTCHA_MAX_COUNTER: '300',
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      // Production requires the Admins' second factor by default (docs/decisions/028); the tests
      // that are not about it sign in with the password alone.
      REQUIRE_TOTP: 'off',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  // A fresh PGlite database runs every migration first: 95 s was seen at a load average of 12
  // (2 cores), against ~10 s on a quiet machine; a start that hangs still fails, later.
  const startLimitMs = 300_000;
  const deadline = Date.now() + startLimitMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`the server did not start in ${startLimitMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/** The other roles (USERS), created through the API as the Admin would. */
export async function createUsers(baseUrl: string): Promise<void> {
  const admin = await apiLogin(baseUrl, ADMIN);
  for (const user of Object.values(USERS)) {
    const response = await fetch(`${baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin },
      body: JSON.stringify({ ...user, password2: user.password }),
    });
    if (!response.ok) throw new Error(`creating ${user.username}: ${response.status} ${await response.text()}`);
  }
}
