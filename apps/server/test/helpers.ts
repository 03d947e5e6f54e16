import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { ROL } from '@siniestros/domain';
import { buildApp, type AppDeps } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { insertCaso } from './fixtures';
import { withDatabase } from './global-setup';
import { errorLogStream } from './logged-errors';

export const PASSWORD = 'Clave-Segura-2026';
export type Role = 'admin' | 'user' | 'inspector' | 'inspector2';
export const USERNAMES: Record<Role, string> = {
  admin: 'admin@test.local',
  user: 'user@test.local',
  inspector: 'inspector@test.local',
  inspector2: 'inspector2@test.local',
};

/** A fresh, migrated database of its own: a PGlite copy of the snapshot, or a PostgreSQL copy of the template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `${inject('pgRunPrefix')}${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
          break;
        } catch (error) {
          // Two files copying the template at the same instant: wait and retry.
          if (attempt > 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 300));
        }
      }
    } finally {
      await admin.end();
    }
    const url = withDatabase(adminUrl, name);
    const database = await openDatabase({ url, poolMax: 5 });
    return {
      ...database,
      url,
      close: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
        await cleanup.end();
      },
    };
  }
  const snapshot = await fs.readFile(inject('pgliteSnapshot'));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database & { url?: string };
  config: Config;
  dataDir: string;
  ids: Record<Role, number> & { inspectorRecord: number; inspector2Record: number };
  /** Sends a request as `role` (or with no session when null). */
  request: (role: Role | null, options: InjectOptions) => Promise<LightMyRequestResponse>;
  login: (role: Role) => Promise<string>;
  /** The rows of a statement (raw SQL text or a `sql` template), straight from the database. */
  rows: <T = Record<string, unknown>>(query: SQL | string) => Promise<T[]>;
  close: () => Promise<void>;
};

/**
 * The file's test app: made in beforeAll, closed in afterAll. The object is filled in place, so
 * read it from tests and hooks, not at module level.
 */
export function useTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, deps));
  });
  afterAll(() => t.close?.());
  return t;
}

export async function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-test-'));
  const config = loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: dataDir, LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES: '1000', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000', ...env });
  const database = await openTestDatabase();
  const app = await buildApp({ database, config, logger: { level: 'error', stream: errorLogStream }, ...deps });
  await app.ready();

  const { users } = app.services;
  await users.ensureAdmin(USERNAMES.admin, PASSWORD);
  const user = await users.create({ apellido: 'Pérez', nombre: 'Usuario', username: USERNAMES.user, password: PASSWORD, password2: PASSWORD, rol: ROL.USER, id_inspect: null });
  const inspector = await users.create({ apellido: 'Gómez', nombre: 'Inspector', username: USERNAMES.inspector, password: PASSWORD, password2: PASSWORD, rol: ROL.INSPECTOR, id_inspect: null });
  const inspector2 = await users.create({ apellido: 'Luna', nombre: 'Segundo', username: USERNAMES.inspector2, password: PASSWORD, password2: PASSWORD, rol: ROL.INSPECTOR, id_inspect: null });
  const adminRow = (await users.list()).find((row) => row.username === USERNAMES.admin)!;

  const cookies = new Map<Role, string>();
  async function login(role: Role): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERNAMES[role], password: PASSWORD } });
    if (response.statusCode !== 200) throw new Error(`login ${role}: ${response.statusCode} ${response.body}`);
    const cookie = response.cookies.find((item) => item.name === 'sid')!;
    return `sid=${cookie.value}`;
  }

  return {
    app,
    database,
    config,
    dataDir,
    ids: {
      admin: adminRow.id,
      user: user.id,
      inspector: inspector.id,
      inspector2: inspector2.id,
      inspectorRecord: inspector.id_inspect!,
      inspector2Record: inspector2.id_inspect!,
    },
    login,
    async rows<T>(query: SQL | string) {
      const result = await database.db.execute(typeof query === 'string' ? sql.raw(query) : query);
      return (result as unknown as { rows: T[] }).rows;
    },
    async request(role, options) {
      const headers = { ...(options.headers ?? {}) } as Record<string, string>;
      if (role) {
        if (!cookies.has(role)) cookies.set(role, await login(role));
        headers.cookie = cookies.get(role)!;
      }
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The SQL text (or statement name) of every statement `work` sends through the app's database: how
 * many round trips a request takes.
 */
export async function statementsOf(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const target = (t.database.kind === 'pglite' ? t.database.pglite : t.database.pool) as unknown as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  try {
    await work();
    return spy.mock.calls.map(([first]) => (typeof first === 'string' ? first : String((first as { text?: string; name?: string }).text ?? (first as { name?: string }).name)));
  } finally {
    spy.mockRestore();
  }
}

/** The storage keys of a case's files, sorted: a refused write must leave none behind. */
export async function storedCaseKeys(t: TestApp, idCaso: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.services.storage.list()) if (key.startsWith(`casos/${idCaso}/`)) keys.push(key);
  return keys.sort();
}

/** A case in Coordinar Inspección (status 2) with an inspection scheduled by the office user on `fecha`: their ids. */
export async function casoConInspeccion(t: TestApp, fecha: string, idInspector = t.ids.inspectorRecord): Promise<{ idCaso: number; id: number }> {
  const caso = await insertCaso(t.database.db, { idEstado: 2 });
  const response = await t.request('user', {
    method: 'POST',
    url: `/api/inspeccion/${caso.id}`,
    payload: { id_inspector: idInspector, fecha_inspeccion: fecha, direccion: 'Av. Corrientes 1234, CABA', detalle: 'Revisar daños' },
  });
  if (response.statusCode !== 201) throw new Error(`inspection not scheduled: ${response.statusCode} ${response.body}`);
  return { idCaso: caso.id, id: (response.json() as { id: number }).id };
}
