import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { databaseOptions, openDatabase } from '../../src/db/client';
import { MSG_DB_UNAVAILABLE } from '../../src/shared/errors';
import { createPgDatabase, PG_URL, sleep, startTcpProxy, withDatabase } from './faults.helpers';

/**
 * A PostgreSQL outage answers 503 quickly (never a hang, never a 500) and the app recovers by
 * itself when the server is back (docs/operations.md, "Faults"), with the default settings: a
 * silent server gets 503 within 2.5 s and the app recovers within 2 s. Needs TEST_DATABASE_URL.
 */

const ADMIN = { username: 'admin@faults.local', password: 'Clave-Faults-2026' };

async function startApp(url: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'siniestros-faults-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
  });
  // The settings an operator has by default, opened as main.ts opens them.
  const database = await openDatabase(databaseOptions(config));
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  await app.services.users.ensureAdmin(ADMIN.username, ADMIN.password);
  const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: ADMIN });
  const cookie = `sid=${login.cookies.find((item) => item.name === 'sid')!.value}`;
  return {
    app,
    database,
    cookie,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function timed(app: FastifyInstance, options: InjectOptions): Promise<{ response: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, ms: performance.now() - started };
}

async function waitFor200(app: FastifyInstance, cookie: string, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    const response = await app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } });
    expect([200, 503]).toContain(response.statusCode);
    if (response.statusCode === 200) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`not recovered within ${withinMs} ms`);
}

describe.skipIf(!PG_URL)('a database that goes silent (black hole through a TCP proxy)', () => {
  let pgDatabase: Awaited<ReturnType<typeof createPgDatabase>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let running: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    pgDatabase = await createPgDatabase(PG_URL!);
    proxy = await startTcpProxy(Number(new URL(PG_URL!).port || 5432));
    running = await startApp(withDatabase(PG_URL!, pgDatabase.name, proxy.port));
  });
  afterAll(async () => {
    await running?.close();
    await proxy?.close();
    await pgDatabase?.drop();
  });

  it('answers 503 within a few seconds, then at once, and recovers by itself when it answers again', async () => {
    const { app, cookie } = running;
    expect((await app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(200);

    proxy.setBlackHole(true);
    const first = await Promise.all([
      ...Array.from({ length: 4 }, () => timed(app, { method: 'GET', url: '/api/users/auth', headers: { cookie } })),
      timed(app, { method: 'GET', url: '/api/companias', headers: { cookie } }),
      timed(app, { method: 'POST', url: '/api/companias', headers: { cookie }, payload: { nombre: 'Durante el corte' } }),
      timed(app, { method: 'POST', url: '/api/users/login', payload: ADMIN }),
    ]);
    for (const { response, ms } of first) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: MSG_DB_UNAVAILABLE });
      expect(response.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(2_500);
    }
    console.info(`outage: first 503s after ${first.map(({ ms }) => Math.round(ms)).join(', ')} ms`);
    // Known to be down: later requests do not wait for a timeout each.
    for (let i = 0; i < 5; i++) {
      const { response, ms } = await timed(app, { method: 'GET', url: '/api/users/auth', headers: { cookie } });
      expect(response.statusCode).toBe(503);
      expect(ms).toBeLessThan(500);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    // A session cookie, valid or not, changes nothing: health never looks sessions up (docs/decisions/075).
    for (const withCookie of [cookie, 'sid=no-es-una-sesion']) {
      const ready = await timed(app, { method: 'GET', url: '/api/health', headers: { cookie: withCookie } });
      expect(ready.response.statusCode).toBe(503);
      expect(ready.response.json()).toMatchObject({ status: 'unavailable', database: 'unavailable', message: MSG_DB_UNAVAILABLE });
      const live = await timed(app, { method: 'GET', url: '/api/health/live', headers: { cookie: withCookie } });
      expect(live.response.statusCode).toBe(200);
      expect(live.response.json()).toEqual({ status: 'ok' });
      expect(live.ms).toBeLessThan(100);
    }

    proxy.setBlackHole(false);
    const recoveredIn = await waitFor200(app, cookie, 15_000);
    console.info(`outage: recovered ${recoveredIn} ms after the server answered again`);
    expect(recoveredIn).toBeLessThan(2_000);
    const write = await app.inject({
      method: 'POST',
      url: '/api/companias',
      headers: { cookie },
      payload: { nombre: 'Después del corte' },
    });
    expect(write.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe.skipIf(!PG_URL)('pooled connections that go silent while new ones still connect', () => {
  let pgDatabase: Awaited<ReturnType<typeof createPgDatabase>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let running: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    pgDatabase = await createPgDatabase(PG_URL!);
    proxy = await startTcpProxy(Number(new URL(PG_URL!).port || 5432));
    running = await startApp(withDatabase(PG_URL!, pgDatabase.name, proxy.port));
  });
  afterAll(async () => {
    await running?.close();
    await proxy?.close();
    await pgDatabase?.drop();
  });

  it('cuts the silent connection: 503 within 2.5 s, then 200 on new connections (the frozen idle ones are not handed out), never failing fast for all', async () => {
    const { app, cookie, database } = running;
    const auth = () => timed(app, { method: 'GET', url: '/api/users/auth', headers: { cookie } });
    // Several connections in the pool, idle between requests.
    for (const { response } of await Promise.all(Array.from({ length: 4 }, auth))) expect(response.statusCode).toBe(200);
    const frozen = proxy.freezeEstablished();
    expect(frozen).toBeGreaterThan(0);

    const first = await auth();
    expect(first.response.statusCode).toBe(503);
    expect(first.response.json()).toEqual({ message: MSG_DB_UNAVAILABLE });
    expect(first.ms).toBeLessThan(2_500);
    // The pool's other frozen connections opened before it: closed instead of handed out.
    const after = await Promise.all(Array.from({ length: 4 }, auth));
    console.info(`silent connections: ${frozen} frozen, first 503 after ${Math.round(first.ms)} ms, then 200s after ${after.map(({ ms }) => Math.round(ms)).join(', ')} ms`);
    for (const { response, ms } of after) {
      expect(response.statusCode).toBe(200);
      expect(ms).toBeLessThan(500);
    }
    expect(database.availability!.isDown()).toBe(false);
  });

  it('leaves alone a statement the server is running, however long (checked every 750 ms)', async () => {
    const started = performance.now();
    await running.database.db.execute(sql`select pg_sleep(2.5)`);
    expect(performance.now() - started).toBeGreaterThan(2_400);
    const { response } = await timed(running.app, { method: 'GET', url: '/api/users/auth', headers: { cookie: running.cookie } });
    expect(response.statusCode).toBe(200);
  });
});

/**
 * Stops and restarts the real PostgreSQL server under load. It takes the server away from
 * everyone using it, so it runs only when asked: FAULTS_RESTART_PG=1 npm run test:faults.
 */
describe.skipIf(!PG_URL || process.env.FAULTS_RESTART_PG !== '1')('PostgreSQL stopped and restarted mid-load (FAULTS_RESTART_PG=1)', () => {
  let pgDatabase: Awaited<ReturnType<typeof createPgDatabase>>;
  let running: Awaited<ReturnType<typeof startApp>>;
  const version = () => fs.readdirSync('/etc/postgresql').sort().at(-1)!;
  const cluster = (action: 'stop' | 'start') =>
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version(), 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])], {
      stdio: 'inherit',
    });
  beforeAll(async () => {
    pgDatabase = await createPgDatabase(PG_URL!);
    running = await startApp(withDatabase(PG_URL!, pgDatabase.name));
  });
  afterAll(async () => {
    try {
      cluster('start');
    } catch {
      // already running
    }
    await running?.close();
    await pgDatabase?.drop();
  });

  it('answers 200 or a quick 503 throughout, and 200 again after the restart', async () => {
    const { app, cookie } = running;
    const statuses = new Map<number, number>();
    let slowest = 0;
    let stopLoad = false;
    const worker = async () => {
      while (!stopLoad) {
        const { response, ms } = await timed(app, { method: 'GET', url: '/api/users/auth', headers: { cookie } });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        slowest = Math.max(slowest, ms);
        await sleep(20);
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, worker));
    await sleep(1_000);
    cluster('stop');
    await sleep(3_000);
    cluster('start');
    const recoveredIn = await waitFor200(app, cookie, 30_000);
    stopLoad = true;
    await load;
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(slowest).toBeLessThan(5_000);
    expect(recoveredIn).toBeLessThan(30_000);
    // The pool's old connections died with the server: new ones serve writes too.
    expect(
      (await app.inject({ method: 'POST', url: '/api/companias', headers: { cookie }, payload: { nombre: 'Tras reinicio' } })).statusCode,
    ).toBe(201);
  });
});
