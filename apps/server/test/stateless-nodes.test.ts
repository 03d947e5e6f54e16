import pg from 'pg';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { INVALIDATION_CHANNEL } from '../src/shared/invalidation';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from './helpers';
import { ensureCompania } from './fixtures';
import { asegurado, caso as casoBody } from '../src/features/casos/casos.test-helpers';

/**
 * Stateless nodes (docs/decisions/046): two app instances on one PostgreSQL database, as two
 * nodes behind a balancer. Whatever one node learns (a session, a solved captcha, failed sign-ins,
 * requests counted against a limit, an idempotency key, a reference edit) the other knows at once.
 * On PGlite (one process by design) the second instance shares the first one's database, which is
 * what a restart sees: the same state survives it. The NOTIFY tests are PostgreSQL's.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const ENV = { CAPTCHA: 'altcha', CAPTCHA_COST: '1', CAPTCHA_MAX_COUNTER: '3', LOGIN_MAX_FAILURES: '3', LOGIN_STEP_UP_DELAY_MS: '0' };

let a: TestApp;
let b: { app: FastifyInstance; database: Database };
beforeAll(async () => {
  a = await createTestApp(ENV);
  const database = isPostgres ? await openDatabase({ url: a.database.url!, poolMax: 5 }) : a.database;
  const app = await buildApp({ database, config: a.config, logger: false });
  await app.ready();
  b = { app, database };
});
afterAll(async () => {
  await b?.app.close();
  if (isPostgres) await b?.database.close();
  await a?.close();
});

type Node = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const nodeA: Node = (options) => a.app.inject(options);
const nodeB: Node = (options) => b.app.inject(options);

async function solvedCaptcha(node: Node): Promise<string> {
  const challenge = (await node({ method: 'GET', url: '/api/captcha' })).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const login = async (node: Node, username: string, password: string, remoteAddress: string, captcha?: string) =>
  node({ method: 'POST', url: '/api/users/login', payload: { username, password, captcha: captcha ?? (await solvedCaptcha(node)) }, remoteAddress });
const sidOf = (response: LightMyRequestResponse) => `sid=${response.cookies.find((cookie) => cookie.name === 'sid')!.value}`;

describe('two nodes on one database', () => {
  it('a session opened on one node works on the other, and a logout on one ends it on both', async () => {
    const signedIn = await login(nodeA, USERNAMES.user, PASSWORD, '10.9.0.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = sidOf(signedIn);
    expect((await nodeB({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(200);
    expect((await nodeB({ method: 'POST', url: '/api/users/logout', headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await nodeA({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
    expect((await nodeB({ method: 'GET', url: '/api/users/auth', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a captcha made by one node is solved on the other (one secret, kept in the database), and only once on either', async () => {
    const captcha = await solvedCaptcha(nodeA);
    expect((await login(nodeB, USERNAMES.inspector, PASSWORD, '10.9.0.2', captcha)).statusCode).toBe(200);
    const replay = await login(nodeA, USERNAMES.inspector, PASSWORD, '10.9.0.2', captcha);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(AUTH_MESSAGES.captchaFailed);
  });

  it('failed sign-ins count on every node: two on one and one on the other step the account up on both (decision 079)', async () => {
    const address = '10.9.0.3';
    expect((await login(nodeA, USERNAMES.inspector2, 'Mala-Clave-1', address)).statusCode).toBe(401);
    expect((await login(nodeA, USERNAMES.inspector2, 'Mala-Clave-2', address)).statusCode).toBe(401);
    expect((await login(nodeB, USERNAMES.inspector2, 'Mala-Clave-3', address)).statusCode).toBe(401);
    for (const node of [nodeA, nodeB]) {
      const held = await login(node, USERNAMES.inspector2, PASSWORD, address);
      expect(held.statusCode).toBe(400);
      expect(held.json().message).toBe(AUTH_MESSAGES.captchaStepUp);
      const harder = (await node({ method: 'GET', url: '/api/captcha', query: { usuario: USERNAMES.inspector2 } })).json();
      expect(harder.parameters.cost).toBe(2);
    }
    // A harder challenge made by one node is taken by the other.
    const challenge = (await nodeA({ method: 'GET', url: '/api/captcha', query: { usuario: USERNAMES.inspector2 } })).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect((await login(nodeB, USERNAMES.inspector2, PASSWORD, address, captcha)).statusCode).toBe(200);
  });

  it("a route's request limit holds for the fleet: 30 sign-in posts a minute from one address, wherever they land", async () => {
    const address = '10.9.0.4';
    const post = (node: Node) => node({ method: 'POST', url: '/api/users/login', payload: {}, remoteAddress: address });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await post(i % 2 === 0 ? nodeA : nodeB)).statusCode);
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await post(nodeA)).statusCode).toBe(429);
    expect((await post(nodeB)).statusCode).toBe(429);
    // Another address is not held back.
    expect((await nodeB({ method: 'POST', url: '/api/users/login', payload: {}, remoteAddress: '10.9.0.5' })).statusCode).toBe(400);
  });

  it('an Idempotency-Key sent to both nodes at once makes one case', async () => {
    const cookieA = sidOf(await login(nodeA, USERNAMES.user, PASSWORD, '10.9.0.6'));
    const payload = { caso: casoBody(await ensureCompania(a.database.db)), asegurado: asegurado() };
    const alta = (node: Node) =>
      node({ method: 'POST', url: '/api/casos/alta', payload, headers: { cookie: cookieA, 'idempotency-key': 'dos-nodos-1' } });
    const responses = await Promise.all([alta(nodeA), alta(nodeB), alta(nodeA), alta(nodeB)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
  });

  it.runIf(isPostgres)("a reference edit on one node reaches the other's lookups cache at once (LISTEN/NOTIFY), not after the 60 s of its lifetime", async () => {
    const cookie = sidOf(await login(nodeA, USERNAMES.admin, PASSWORD, '10.9.0.7'));
    const created = await nodeA({ method: 'POST', url: '/api/analistas', payload: { nombre: 'Ana', apellido: 'Uno' }, headers: { cookie } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const nameOnB = async () => (await b.app.services.reference.caseLookups()).analistas.find((row) => row.id === id)?.apellido;
    await until(async () => ((await nameOnB()) === 'Uno' ? true : undefined));

    const started = Date.now();
    const edited = await nodeA({ method: 'PATCH', url: `/api/analistas/${id}`, payload: { nombre: 'Ana', apellido: 'Dos' }, headers: { cookie } });
    expect(edited.statusCode, edited.body).toBe(200);
    await until(async () => ((await nameOnB()) === 'Dos' ? true : undefined), 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.runIf(isPostgres)('a node whose listening connection is cut drops its caches and listens again: the next edit still reaches it', async () => {
    const cookie = sidOf(await login(nodeA, USERNAMES.admin, PASSWORD, '10.9.0.8'));
    const created = await nodeA({ method: 'POST', url: '/api/analistas', payload: { nombre: 'Beto', apellido: 'Uno' }, headers: { cookie } });
    const id = created.json().data.id as number;
    const nameOnB = async () => (await b.app.services.reference.caseLookups()).analistas.find((row) => row.id === id)?.apellido;
    await until(async () => ((await nameOnB()) === 'Uno' ? true : undefined));

    const admin = new pg.Client({ connectionString: a.database.url });
    await admin.connect();
    try {
      // Every listening connection of this database (both nodes'): the server ends them.
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike $1`,
        [`LISTEN ${INVALIDATION_CHANNEL}%`],
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(2);
      await until(async () => {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike $1`,
          [`LISTEN ${INVALIDATION_CHANNEL}%`],
        );
        return rows[0]!.n >= 2 ? true : undefined;
      }, 10_000);
    } finally {
      await admin.end();
    }
    const edited = await nodeA({ method: 'PATCH', url: `/api/analistas/${id}`, payload: { nombre: 'Beto', apellido: 'Tres' }, headers: { cookie } });
    expect(edited.statusCode).toBe(200);
    await until(async () => ((await nameOnB()) === 'Tres' ? true : undefined), 2_000);
  });
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
