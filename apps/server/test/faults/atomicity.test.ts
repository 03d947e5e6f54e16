import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { ROL, todayIso } from '@siniestros/domain';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/client';
import { ensureCompania, insertCaso } from '../fixtures';
import { multipart, SAMPLE_FILES, type Part } from '../multipart';
import { sweepOrphanFiles } from '../../src/features/documentacion/documentacion.sweeper';
import { createPgDatabase, PG_URL, sleep } from './faults.helpers';

/**
 * Nothing lost, nothing half-written (ASVS 15.4, docs/decisions): while a killer calls
 * pg_terminate_backend on the test database's other connections at random moments, workers
 * create, edit, move, upload to and close cases. Requests may fail (503, or 500 mid-query) but
 * afterwards the database and the files agree: no orphan rows, every status change and upload
 * committed with its history row in the same transaction, every documentos row with its file
 * and every file with its row, every acknowledged write present. PostgreSQL only (PGlite has no
 * connections to kill). Run: TEST_DATABASE_URL=... npm run test:faults
 */

const PASSWORD = 'Clave-Atomica-2026';
const USERS = { admin: 'admin@atomic.local', user: 'user@atomic.local', inspector: 'inspector@atomic.local' } as const;
type Actor = keyof typeof USERS;

/** Operations over the whole storm, and its time box. */
const OPERATIONS = Number(process.env.ATOMICITY_OPERATIONS) || 500;
const TIME_BOX_MS = 90_000;
/**
 * Writes of each kind that must go through during the storm, however many answer 503 (fewer
 * schedules and closes: they need a case at status 2 with no inspection, or one still open).
 */
const MIN_SUCCESSES: Record<string, number> = { agenda: 2, cierre: 3 };
const minSuccesses = (kind: string) => MIN_SUCCESSES[kind] ?? 5;
const WORKERS = 6;
/** A request that takes longer than this is a hang, not a failure. */
const HANG_MS = 30_000;

/**
 * Test-only instrumentation of this database: every status change, case insert, document insert,
 * inspection close and history row logs the id of the transaction that wrote it. A write and its
 * history row in the same transaction share that id; rolled-back writes leave no log either.
 */
const INSTRUMENT = `
CREATE TABLE zz_write_log (id bigserial PRIMARY KEY, txid bigint NOT NULL DEFAULT txid_current(), tabla text NOT NULL, id_caso integer NOT NULL, detalle text);
CREATE FUNCTION zz_log_casos() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF TG_OP = 'INSERT' OR NEW.id_estado IS DISTINCT FROM OLD.id_estado THEN
    INSERT INTO zz_write_log (tabla, id_caso, detalle) VALUES ('casos', NEW.id, CASE WHEN TG_OP = 'INSERT' THEN 'alta ' ELSE OLD.id_estado || ' -> ' END || NEW.id_estado);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER zz_casos AFTER INSERT OR UPDATE ON casos FOR EACH ROW EXECUTE FUNCTION zz_log_casos();
CREATE FUNCTION zz_log_documentos() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO zz_write_log (tabla, id_caso, detalle) VALUES ('documentos', NEW.id_caso, NEW.nombre);
  RETURN NEW;
END $$;
CREATE TRIGGER zz_documentos AFTER INSERT ON documentos FOR EACH ROW EXECUTE FUNCTION zz_log_documentos();
CREATE FUNCTION zz_log_inspecciones() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  IF NEW.estado IS DISTINCT FROM OLD.estado AND NEW.estado = 'Finalizada' THEN
    INSERT INTO zz_write_log (tabla, id_caso, detalle) VALUES ('inspecciones', NEW.id_caso, 'Finalizada ' || NEW.id);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER zz_inspecciones AFTER UPDATE ON inspecciones FOR EACH ROW EXECUTE FUNCTION zz_log_inspecciones();
CREATE FUNCTION zz_log_historial() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
  INSERT INTO zz_write_log (tabla, id_caso, detalle) VALUES ('historial', NEW.id_caso, NEW.msg);
  RETURN NEW;
END $$;
CREATE TRIGGER zz_historial AFTER INSERT ON historial FOR EACH ROW EXECUTE FUNCTION zz_log_historial();
`;

/** Each query names what is wrong when it returns rows. */
const INVARIANTS: Record<string, string> = {
  'terceros without their case': 'SELECT t.id FROM terceros t WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = t.id_caso)',
  'history rows without their case': 'SELECT h.id FROM historial h WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = h.id_caso)',
  'documentos without their case': 'SELECT d.id FROM documentos d WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = d.id_caso)',
  'inspections without their case': 'SELECT i.id FROM inspecciones i WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = i.id_caso)',
  'injured people without their case': 'SELECT l.id FROM lesionados l WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = l.id_caso)',
  'hearings without their case': 'SELECT a.id FROM audiencias a WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id = a.id_caso)',
  'cases without their insured party': 'SELECT c.id FROM casos c WHERE NOT EXISTS (SELECT 1 FROM asegurados a WHERE a.id = c.id_asegurado)',
  'insured parties of no case (a creation half written)':
    'SELECT a.id FROM asegurados a WHERE NOT EXISTS (SELECT 1 FROM casos c WHERE c.id_asegurado = a.id)',
  "cases without their 'Alta caso' history row":
    "SELECT c.id FROM casos c WHERE NOT EXISTS (SELECT 1 FROM historial h WHERE h.id_caso = c.id AND h.msg = 'Alta caso')",
  'third parties out of order (a gap or a repeat)':
    'SELECT id_caso FROM terceros GROUP BY id_caso HAVING count(*) <> max(orden) OR count(DISTINCT orden) <> count(*)',
  'status changes, case inserts, documents and inspection closes without a history row in their transaction': `
    SELECT w.tabla, w.id_caso, w.detalle FROM zz_write_log w
    WHERE w.tabla <> 'historial'
      AND NOT EXISTS (SELECT 1 FROM zz_write_log h WHERE h.tabla = 'historial' AND h.txid = w.txid AND h.id_caso = w.id_caso)`,
  'Vigentes / Cerrados counters that disagree with the cases': `
    SELECT k.cerrado, k.total, (SELECT count(*) FROM casos c WHERE (c.id_estado >= 8) = k.cerrado) AS real
    FROM caso_contadores k WHERE k.total <> (SELECT count(*) FROM casos c WHERE (c.id_estado >= 8) = k.cerrado)`,
  'totals of all inspections or hearings that disagree with their rows': `
    SELECT k.tabla, k.total FROM fila_contadores k
    WHERE k.total <> CASE k.tabla WHEN 'inspecciones' THEN (SELECT count(*) FROM inspecciones) ELSE (SELECT count(*) FROM audiencias) END`,
};

type Running = {
  app: FastifyInstance;
  database: Database;
  url: string;
  dataDir: string;
  cookies: Record<Actor, string>;
  idCompania: number;
  close: () => Promise<void>;
};

async function startApp(url: string): Promise<Running> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-atomicity-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA: 'off',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES: '1000',
    DATABASE_URL: url,
  });
  // Short timeouts and a fast probe: the app answers 503 quickly and comes back quickly after each kill.
  const database = await openDatabase({ url, poolMax: 8, statementTimeoutMs: 5_000, connectTimeoutMs: 2_000, probeIntervalMs: 20 });
  const app = await buildApp({ database, config, logger: false });
  await app.ready();
  const { users } = app.services;
  await users.ensureAdmin(USERS.admin, PASSWORD);
  await users.create({
    apellido: 'Pérez',
    nombre: 'Usuario',
    username: USERS.user,
    password: PASSWORD,
    password2: PASSWORD,
    rol: ROL.USER,
    id_inspect: null,
  });
  await users.create({
    apellido: 'Gómez',
    nombre: 'Inspector',
    username: USERS.inspector,
    password: PASSWORD,
    password2: PASSWORD,
    rol: ROL.INSPECTOR,
    id_inspect: null,
  });
  const cookies = {} as Record<Actor, string>;
  for (const actor of Object.keys(USERS) as Actor[]) {
    const login = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username: USERS[actor], password: PASSWORD } });
    expect(login.statusCode, login.body).toBe(200);
    cookies[actor] = `sid=${login.cookies.find((cookie) => cookie.name === 'sid')!.value}`;
  }
  return {
    app,
    database,
    url,
    dataDir,
    cookies,
    idCompania: await ensureCompania(database.db),
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls pg_terminate_backend on every other connection to the database (or only those inside a transaction) at random moments. */
function startKiller(url: string) {
  let stopped = false;
  let kills = 0;
  let inTransaction = 0;
  let rounds = 0;
  const loop = (async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'zz_killer' });
    await client.connect();
    try {
      while (!stopped) {
        // Now and then a calm second, so the longer writes (an inspection's schedule) also find a window to go through.
        await sleep(Math.random() < 0.1 ? 1_000 : 20 + Math.random() * 250);
        const onlyInTransaction = Math.random() < 0.5 ? ' AND xact_start IS NOT NULL' : '';
        const result = await client.query<{ in_transaction: boolean }>(
          `SELECT xact_start IS NOT NULL AS in_transaction, pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()${onlyInTransaction}`,
        );
        rounds++;
        kills += result.rowCount ?? 0;
        inTransaction += result.rows.filter((row) => row.in_transaction).length;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { kills, inTransaction, rounds };
    },
  };
}

/** A request that must answer (any status) within HANG_MS. */
async function call(running: Running, actor: Actor, options: InjectOptions): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers as Record<string, string> | undefined), cookie: running.cookies[actor] };
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hang: ${options.method} ${options.url}`)), HANG_MS);
  });
  try {
    return await Promise.race([running.app.inject({ ...options, headers }), hang]);
  } finally {
    clearTimeout(timer);
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

// Every person's document and plate is their own: two cases sharing a DNI or a plate and the loss date
// are refused as possible duplicates (409, decision 080), which is not what this tests.
let personas = 0;
const persona = (label: string) => {
  const n = ++personas;
  return {
    apellido: `Apellido ${label}`,
    nombre: 'Nombre',
    id_tipo_doc: 1,
    nro_doc: String(20_000_000 + n),
    marca_modelo: 'Fiat Cronos',
    dominio: `A${String.fromCharCode(65 + (Math.floor(n / 1000) % 26))}${String(n % 1000).padStart(3, '0')}CD`,
  };
};

async function waitForHealth(app: FastifyInstance) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200) return;
    await sleep(50);
  }
  throw new Error('the app did not recover after the killer stopped');
}

async function storedKeys(running: Running): Promise<Set<string>> {
  const keys = new Set<string>();
  for await (const key of running.app.services.storage.list()) keys.add(key);
  return keys;
}

describe.skipIf(!PG_URL)('atomic multi-table writes while connections are killed (PostgreSQL)', () => {
  let pgDatabase: Awaited<ReturnType<typeof createPgDatabase>>;
  let running: Running;
  /** A query on a connection of its own, opened after the killer stopped. */
  async function observe<T extends pg.QueryResultRow>(query: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: running.url });
    await client.connect();
    try {
      return (await client.query<T>(query, values)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    pgDatabase = await createPgDatabase(PG_URL!);
    const setup = new pg.Client({ connectionString: pgDatabase.url });
    await setup.connect();
    await setup.query(INSTRUMENT);
    await setup.end();
    running = await startApp(pgDatabase.url);
  });
  afterAll(async () => {
    await running?.close();
    await pgDatabase?.drop();
  });

  it(`keeps every invariant over ${OPERATIONS} writes with connections dying at random moments`, async () => {
    const { app, database } = running;
    // The inspector record the schedules use: the inspector user's own.
    const inspectorRecord = (
      await app.inject({ method: 'GET', url: '/api/users/auth', headers: { cookie: running.cookies.inspector } })
    ).json().id_inspect as number;
    // Cases to work on, in every status the operations start from.
    const caseIds: number[] = [];
    for (const idEstado of [1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9])
      caseIds.push((await insertCaso(database.db, { idEstado, terceros: 2 })).id);
    // Inspections waiting to be closed, scheduled through the API before the storm.
    const pendingInspections: number[] = [];
    for (let index = 0; index < 10; index++) {
      const { id: idCaso } = await insertCaso(database.db, { idEstado: 2 });
      caseIds.push(idCaso);
      const scheduled = await call(running, 'user', {
        method: 'POST',
        url: `/api/inspeccion/${idCaso}`,
        payload: { id_inspector: inspectorRecord, fecha_inspeccion: todayIso(), direccion: 'Calle 1', detalle: 'Frente' },
      });
      expect(scheduled.statusCode, scheduled.body).toBe(201);
      pendingInspections.push(scheduled.json().id);
    }

    const acked = {
      altas: new Map<string, { id: number; terceros: number }>(),
      uploads: [] as { idCaso: number; names: string[] }[],
      closes: [] as number[],
      lesionados: [] as number[],
    };
    /** Deletions tried, answered or not: such a document may be gone. */
    const deleteTried = new Set<string>();
    const statuses = new Map<string, number>();
    const count = (op: string, status: number) => statuses.set(`${op} ${status}`, (statuses.get(`${op} ${status}`) ?? 0) + 1);
    let altaCounter = 0;

    const operations: Record<string, { weight: number; run: () => Promise<void> }> = {
      alta: {
        weight: 24,
        async run() {
          const key = `alta-${++altaCounter}`;
          const terceros = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, (_, index) => persona(`T${index}`));
          const payload = {
            caso: {
              id_compania: running.idCompania,
              reclamo_nro: String(altaCounter),
              gestor: 'Gestor',
              fecha_siniestro: '2026-03-01',
              fecha_denuncia: '2026-03-02',
            },
            asegurado: persona('A'),
            terceros,
          };
          // A client retries with the same key until it gets an answer: one case per key, whatever happened.
          for (let attempt = 0; attempt < 6; attempt++) {
            const response = await call(running, 'user', {
              method: 'POST',
              url: '/api/casos/alta',
              payload,
              headers: { 'idempotency-key': key },
            });
            count('alta', response.statusCode);
            if (response.statusCode === 200 || response.statusCode === 201) {
              const { id } = response.json() as { id: number };
              const earlier = acked.altas.get(key);
              expect(earlier === undefined || earlier.id === id, `key ${key} answered two cases`).toBe(true);
              acked.altas.set(key, { id, terceros: terceros.length });
              caseIds.push(id);
              return;
            }
            if (response.statusCode < 500) return;
            await sleep(20);
          }
        },
      },
      update: {
        weight: 10,
        async run() {
          const id = pick(caseIds);
          const response = await call(running, 'user', {
            method: 'PATCH',
            url: `/api/casos/${id}`,
            payload: {
              caso: {
                id_compania: running.idCompania,
                reclamo_nro: '777',
                gestor: 'Editado',
                fecha_siniestro: '2026-03-01',
                fecha_denuncia: '2026-03-02',
                completa_doc: true,
              },
              asegurados: persona('Editado'),
              terceros: Math.random() < 0.5 ? [persona('Nuevo')] : [],
            },
          });
          count('update', response.statusCode);
        },
      },
      transition: {
        weight: 22,
        async run() {
          const id = pick(caseIds);
          const [url, payload] = pick<[string, object]>([
            [`/api/casos/avanza/${id}`, {}],
            [`/api/casos/avanza/${id}`, {}],
            [`/api/casos/return/${id}`, {}],
            [`/api/casos/cerrar/t/${id}`, { id_estado: pick([9, 10, 14, 17]) }],
            [`/api/casos/reabrir/${id}`, {}],
            [`/api/casos/reinspeccionar/${id}`, {}],
            [`/api/casos/estado/${id}`, { id_estado: pick([2, 3, 4]) }],
            [`/api/casos/analisis/${id}`, { id_responsabilidad: 1, valor_ofertado: '150000.00', analisis: 'Compartida' }],
          ]);
          const response = await call(running, 'user', { method: 'PATCH', url, payload });
          count('transition', response.statusCode);
        },
      },
      upload: {
        weight: 15,
        async run() {
          const idCaso = pick(caseIds);
          const parts: Part[] = [];
          for (let index = 0; index < 1 + Math.floor(Math.random() * 3); index++) {
            parts.push(
              ['tipo', pick(['Foto', 'Denuncia', 'DNI'])],
              ['uploadFiles', { filename: `archivo${index}.pdf`, content: SAMPLE_FILES.pdf }],
            );
          }
          const response = await call(running, 'user', { method: 'POST', url: `/api/documentacion/t/${idCaso}`, ...multipart(parts) });
          count('upload', response.statusCode);
          if (response.statusCode === 201) acked.uploads.push({ idCaso, names: response.json().files });
        },
      },
      borrar: {
        weight: 5,
        async run() {
          const upload = acked.uploads.length ? pick(acked.uploads) : undefined;
          if (!upload) return;
          const doc = pick(upload.names);
          deleteTried.add(`${upload.idCaso}/${doc}`);
          const response = await call(running, 'user', { method: 'POST', url: `/api/documentacion/d/${upload.idCaso}`, payload: { doc } });
          count('borrar', response.statusCode);
        },
      },
      agenda: {
        weight: 9,
        async run() {
          const idCaso = pick(caseIds);
          const response = await call(running, 'user', {
            method: 'POST',
            url: `/api/inspeccion/${idCaso}`,
            payload: { id_inspector: inspectorRecord, fecha_inspeccion: todayIso(), direccion: 'Calle 1', detalle: 'Frente' },
          });
          count('agenda', response.statusCode);
          if (response.statusCode === 201) pendingInspections.push(response.json().id);
        },
      },
      cierre: {
        weight: 10,
        async run() {
          if (pendingInspections.length === 0) return;
          const id = pick(pendingInspections);
          const response = await call(running, pick<Actor>(['inspector', 'admin']), {
            method: 'PATCH',
            url: `/api/inspeccion/d/${id}`,
            ...multipart([
              ['resultado', 'Daño leve'],
              ['monto_inspeccion', '1500.50'],
              ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
              ['cotizacion', { filename: 'cotizacion.jpg', content: SAMPLE_FILES.jpg }],
            ]),
          });
          count('cierre', response.statusCode);
          if (response.statusCode === 200) acked.closes.push(id);
        },
      },
      lesionado: {
        weight: 5,
        async run() {
          const idCaso = pick(caseIds);
          const response = await call(running, 'user', {
            method: 'POST',
            url: `/api/lesionados/${idCaso}`,
            payload: { apellido: 'Lesionado', nombre: 'Uno', id_tipo_doc: 1, nro_doc: '123' },
          });
          count('lesionado', response.statusCode);
          if (response.statusCode === 201) acked.lesionados.push(response.json().id);
        },
      },
    };

    // A busy machine answers more of the storm with 503: the storm goes on until every kind of write went through a few times.
    const successes = (name: string) => (statuses.get(`${name} 200`) ?? 0) + (statuses.get(`${name} 201`) ?? 0);
    const everyKindWrote = () => Object.keys(operations).every((name) => successes(name) >= minSuccesses(name));
    const weighted = Object.entries(operations).flatMap(([name, op]) => Array.from({ length: op.weight }, () => name));
    const killer = startKiller(running.url);
    const started = Date.now();
    let done = 0;
    const hangs: string[] = [];
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while ((done < OPERATIONS || !everyKindWrote()) && Date.now() - started < TIME_BOX_MS) {
          done++;
          await operations[pick(weighted)]!.run().catch((error: Error) => {
            if (error.message.startsWith('hang')) hangs.push(error.message);
            else throw error;
          });
        }
      }),
    );
    const { kills, inTransaction, rounds } = await killer.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    await waitForHealth(app);

    // Every request has answered: no connection may still be checked out (a leak would shrink the pool for good).
    const pool = database.pool!;
    for (let attempt = 0; attempt < 40 && pool.totalCount !== pool.idleCount; attempt++) await sleep(50);
    const checkedOut = pool.totalCount - pool.idleCount;
    const summary = [...statuses.entries()].sort().map(([key, n]) => `${key}: ${n}`);
    console.info(
      `atomicity: ${done} operations in ${seconds} s, ${kills} connections killed (${inTransaction} inside a transaction) in ${rounds} rounds\n  ${summary.join('\n  ')}`,
    );
    expect(hangs).toEqual([]);
    expect(checkedOut, 'connections still checked out after every request answered').toBe(0);
    // The storm did hit: some writes failed on a killed connection, some went through.
    const failed = [...statuses.entries()].filter(([key]) => Number(key.split(' ')[1]) >= 500).reduce((total, [, n]) => total + n, 0);
    const succeeded = [...statuses.entries()]
      .filter(([key]) => /^(alta|update|transition|upload|cierre) 20[01]$/.test(key))
      .reduce((total, [, n]) => total + n, 0);
    expect(inTransaction, 'no transaction was killed half way').toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
    expect(succeeded).toBeGreaterThan(20);
    for (const name of Object.keys(operations))
      expect(successes(name), `${name}: writes that went through`).toBeGreaterThanOrEqual(minSuccesses(name));

    const problems: Record<string, unknown[]> = {};
    for (const [name, query] of Object.entries(INVARIANTS)) {
      const rows = await observe(query);
      if (rows.length > 0) problems[name] = rows.slice(0, 10);
    }

    // Every documentos row has its file, every stored file its row once the sweeper has run: an
    // upload whose COMMIT was cut may have committed, so its files stay for the sweeper to judge.
    const orphansBeforeSweep = [...(await storedKeys(running))].length - (await observe('SELECT 1 FROM documentos')).length;
    const swept = await sweepOrphanFiles({ db: database.db, storage: app.services.storage, graceMs: 0 });
    const failedWithFiles =
      (statuses.get('upload 500') ?? 0) +
      (statuses.get('upload 503') ?? 0) +
      (statuses.get('cierre 500') ?? 0) +
      (statuses.get('cierre 503') ?? 0);
    console.info(`atomicity: ${swept.removed} files left by writes cut at COMMIT swept (${orphansBeforeSweep} without a row before)`);
    expect(swept.removed, 'files left behind by failed uploads').toBeLessThanOrEqual(2 * failedWithFiles);
    const keys = await storedKeys(running);
    const documentos = await observe<{ id_caso: number; nombre: string; storage_key: string }>(
      'SELECT id_caso, nombre, storage_key FROM documentos',
    );
    const rowKeys = new Set(documentos.map((row) => row.storage_key));
    const missingFiles = documentos.filter((row) => !keys.has(row.storage_key));
    const orphanFiles = [...keys].filter((key) => !rowKeys.has(key));
    if (missingFiles.length) problems['documentos rows whose file is missing'] = missingFiles.slice(0, 10);
    if (orphanFiles.length) problems['stored files without a documentos row'] = orphanFiles.slice(0, 10);

    // Every acknowledged write is there, complete.
    for (const [key, { id, terceros }] of acked.altas) {
      const rows = await observe<{ idempotency_key: string; terceros: number }>(
        'SELECT c.idempotency_key, (SELECT count(*)::int FROM terceros t WHERE t.id_caso = c.id) AS terceros FROM casos c WHERE c.id = $1',
        [id],
      );
      if (rows[0]?.idempotency_key !== key || rows[0].terceros < terceros)
        (problems['acknowledged cases missing or incomplete'] ??= []).push({ key, id, found: rows[0] });
    }
    const repeatedKeys = await observe(
      'SELECT idempotency_key, count(*)::int AS n FROM casos WHERE idempotency_key IS NOT NULL GROUP BY 1 HAVING count(*) > 1',
    );
    if (repeatedKeys.length) problems['one Idempotency-Key, several cases'] = repeatedKeys;
    const present = new Set(documentos.map((row) => `${row.id_caso}/${row.nombre}`));
    for (const upload of acked.uploads) {
      for (const name of upload.names) {
        const key = `${upload.idCaso}/${name}`;
        if (!present.has(key) && !deleteTried.has(key)) (problems['acknowledged uploads missing'] ??= []).push(key);
      }
    }
    if (acked.closes.length) {
      const rows = await observe<{ id: number }>("SELECT id FROM inspecciones WHERE id = ANY($1) AND estado <> 'Finalizada'", [
        acked.closes,
      ]);
      if (rows.length) problems['acknowledged inspection closes not Finalizada'] = rows;
    }
    if (acked.lesionados.length) {
      const rows = await observe<{ n: number }>('SELECT count(*)::int AS n FROM lesionados WHERE id = ANY($1)', [acked.lesionados]);
      if (rows[0]!.n !== acked.lesionados.length) problems['acknowledged injured people missing'] = [rows[0]!.n, acked.lesionados.length];
    }
    expect(problems).toEqual({});
  });

  it('makes one case of 10 concurrent identical creations with one Idempotency-Key, connections dying or not', async () => {
    const killer = startKiller(running.url);
    const payload = {
      caso: {
        id_compania: running.idCompania,
        reclamo_nro: '999',
        gestor: 'Gestor',
        fecha_siniestro: '2026-03-01',
        fecha_denuncia: '2026-03-02',
      },
      asegurado: persona('Idem'),
      terceros: [persona('T')],
    };
    const ids = await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const response = await call(running, 'user', {
            method: 'POST',
            url: '/api/casos/alta',
            payload,
            headers: { 'idempotency-key': 'una-sola-vez' },
          });
          if (response.statusCode === 200 || response.statusCode === 201) return (response.json() as { id: number }).id;
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(500);
          await sleep(30);
        }
        return undefined;
      }),
    );
    await killer.stop();
    await waitForHealth(running.app);
    const answered = ids.filter((id): id is number => id !== undefined);
    expect(answered.length).toBeGreaterThan(0);
    expect(new Set(answered).size).toBe(1);
    const rows = await observe<{ n: number }>("SELECT count(*)::int AS n FROM casos WHERE idempotency_key = 'una-sola-vez'");
    expect(rows[0]!.n).toBe(1);
  });
});
