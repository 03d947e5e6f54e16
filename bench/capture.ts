/**
 * The SQL behind each endpoint, timed inside the database: the real app is built in this
 * process on a Drizzle instance whose logger records every statement; each scenario's request
 * is injected once, and each recorded statement is run again under EXPLAIN ANALYZE.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database, Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import type { HttpRequest } from './scenarios';
import { median } from './load';

export type Statement = { text: string; params: unknown[] };
export type ExplainedStatement = Statement & { planningMs: number; executionMs: number; plan: string };
export type SqlProfile = { statements: ExplainedStatement[]; planningMs: number; executionMs: number; status: number };

const EXPLAIN_RUNS = 3;
const MAX_EXPLAINED_REPEATS = 3;

/** Runs the injected requests on a recording app and explains what they ran. */
export async function profileSql(
  database: Database,
  credentials: { username: string; password: string },
  requests: Record<string, HttpRequest & { warm?: boolean }>,
): Promise<Record<string, SqlProfile>> {
  let recording: Statement[] | null = null;
  const logger: Logger = {
    logQuery(text, params) {
      recording?.push({ text, params });
    },
  };
  const db = (database.kind === 'postgres'
    ? drizzlePg(database.pool!, { schema, logger })
    : drizzlePglite(database.pglite! as unknown as PGlite, { schema, logger })) as unknown as Db;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-bench-capture-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    CAPTCHA: 'off',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_REQUIRE_TOTP: 'false',
  });
  const app = await buildApp({ database: { ...database, db }, config, logger: false });
  try {
    await app.ready();
    await app.services.users.ensureAdmin(credentials.username, credentials.password);
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: credentials });
    if (login.statusCode !== 200) throw new Error(`capture login: ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((item) => `${item.name}=${item.value}`).join('; ');

    const profiles: Record<string, SqlProfile> = {};
    for (const [key, request] of Object.entries(requests)) {
      // A first call warms the caches; the recorded one is the second.
      if (request.warm !== false)
        await app.inject({ method: request.method, url: request.path, payload: request.body as object, headers: { cookie } });
      const statements: Statement[] = [];
      recording = statements;
      const response = await app.inject({
        method: request.method,
        url: request.path,
        payload: request.body as object,
        headers: { cookie },
      });
      recording = null;
      const explained = await explainAll(database, statements);
      profiles[key] = {
        statements: explained,
        planningMs: explained.reduce((sum, s) => sum + s.planningMs, 0),
        executionMs: explained.reduce((sum, s) => sum + s.executionMs, 0),
        status: response.statusCode,
      };
    }
    return profiles;
  } finally {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Explains each statement; a statement text repeated many times (the export's keyset batches)
 * is explained a few times and the rest are counted at those runs' average.
 */
async function explainAll(database: Database, statements: Statement[]): Promise<ExplainedStatement[]> {
  const byText = new Map<string, ExplainedStatement[]>();
  const explained: ExplainedStatement[] = [];
  for (const statement of statements) {
    const done = byText.get(statement.text) ?? [];
    if (done.length < MAX_EXPLAINED_REPEATS) {
      const result = await explain(database, statement);
      done.push(result);
      byText.set(statement.text, done);
      explained.push(result);
      continue;
    }
    const average = (pick: (s: ExplainedStatement) => number) => done.reduce((sum, s) => sum + pick(s), 0) / done.length;
    explained.push({
      ...statement,
      planningMs: average((s) => s.planningMs),
      executionMs: average((s) => s.executionMs),
      plan: `(same statement as above: counted at the average of the ${done.length} explained runs)`,
    });
  }
  return explained;
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** EXPLAIN ANALYZE inside a transaction that is rolled back (a statement may write). */
async function inRollback<T>(database: Database, work: (query: Query) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') {
    let result: T | undefined;
    const rollback = new Error('rollback');
    await database.pglite!.transaction(async (tx) => {
      result = await work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows);
      throw rollback;
    }).catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
    return result as T;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('BEGIN');
    return await work(async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[]);
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}

async function explain(database: Database, statement: Statement): Promise<ExplainedStatement> {
  if (!/^\s*(select|with|insert|update|delete)\b/i.test(statement.text)) {
    return { ...statement, planningMs: 0, executionMs: 0, plan: '(not explained)' };
  }
  return inRollback(database, async (query) => {
    try {
      return await explainIn(query, statement);
    } catch (error) {
      return { ...statement, planningMs: 0, executionMs: 0, plan: `(EXPLAIN failed: ${(error as Error).message})` };
    }
  });
}

async function explainIn(query: Query, statement: Statement): Promise<ExplainedStatement> {
  const planning: number[] = [];
  const execution: number[] = [];
  // TIMING OFF: the totals without the per-node clock reads, which inflate big scans.
  for (let run = 0; run < EXPLAIN_RUNS; run++) {
    const [row] = await query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${statement.text}`, statement.params);
    const json = row!['QUERY PLAN'];
    const [result] = (typeof json === 'string' ? JSON.parse(json) : json) as { 'Planning Time': number; 'Execution Time': number }[];
    planning.push(result!['Planning Time']);
    execution.push(result!['Execution Time']);
  }
  const text = await query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.params);
  return {
    ...statement,
    planningMs: median(planning),
    executionMs: median(execution),
    plan: text.map((row) => String(row['QUERY PLAN'])).join('\n'),
  };
}
