import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAPROXY, startHaproxy, type Balancer } from '../haproxy';
import { multipart, SAMPLE_FILES } from '../multipart';
import { s3ServerAvailable, s3SkipReason, startS3Server, type S3TestServer } from '../s3-server';
import { createPgDatabase, PG_URL, sleep, spawnServer, type ServerProcess } from './faults.helpers';

/**
 * The fleet (issue 19 item 3, docs/decisions/047): two production servers (`dist/main.js`) on
 * one PostgreSQL database and one S3 bucket (moto), behind HAProxy from Debian, round robin,
 * health-checked on /api/health. A session, a file, a logout and a reference edit made through
 * one node hold on the other; the same case advanced through both at once moves once; killing one
 * node under load loses no acknowledged write and its clients see only quick errors.
 * Needs TEST_DATABASE_URL, haproxy and moto; run: npm run test:faults
 */
const REQUIRED = process.env.S3_TESTS_REQUIRED === '1';
const ready = Boolean(PG_URL) && HAPROXY !== null && s3ServerAvailable;
const why = !PG_URL ? 'TEST_DATABASE_URL is not set' : !HAPROXY ? 'haproxy is not installed (apt-get install haproxy)' : s3SkipReason;
if (!ready) {
  if (REQUIRED && PG_URL) throw new Error(`the fleet test must run here: ${why}`);
  console.warn(`SKIPPED fleet test: ${why}`);
}

const ADMIN = { username: 'admin@fleet.local', password: 'Clave-Flota-2026' };

let s3: S3TestServer;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let nodes: ServerProcess[] = [];
let balancer: Balancer;
let lb = '';
const direct = (index: number) => `http://127.0.0.1:${nodes[index]!.port}`;

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.getSetCookie().find((item) => item.startsWith('sid='))!.split(';')[0]!;
}

const json = (cookie: string, method: string, body?: unknown): RequestInit => ({
  method,
  headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

function altaBody(reclamo: string, idCompania: number) {
  const persona = { apellido: `Flota ${reclamo}`, nombre: 'Nombre', id_tipo_doc: 1, nro_doc: '30000001', marca_modelo: 'Ford Ka', dominio: 'AB123CD' };
  return {
    caso: { id_compania: idCompania, reclamo_nro: reclamo, gestor: 'Gestor', fecha_siniestro: '2026-03-01', fecha_denuncia: '2026-03-02' },
    asegurado: persona,
  };
}

describe.runIf(ready)('two nodes behind HAProxy on one PostgreSQL and one S3 bucket', () => {
  let cookie: string;
  let idCompania: number;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket('fleet');
    database = await createPgDatabase(PG_URL!, { migrate: false });
    const env = { DATABASE_URL: database.url, ...s3.env('fleet'), ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
    // Both start at once: one migrates and creates the Admin, the other waits for it (advisory locks).
    nodes = await Promise.all([spawnServer(env), spawnServer(env)]);
    balancer = await startHaproxy(nodes.map((node) => node.port));
    lb = `http://127.0.0.1:${balancer.port}`;
    // Wait for both to be checked up (rise 2 × 250 ms).
    await sleep(1_000);
    cookie = await login(lb);
    const compania = await fetch(`${lb}/api/companias`, json(cookie, 'POST', { nombre: 'Compañía Flota' }));
    expect(compania.status).toBe(201);
    idCompania = ((await compania.json()) as { data: { id: number } }).data.id;
  }, 120_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(nodes.map((node) => node.stop()));
    await database?.drop();
    await s3?.stop();
  });

  it('round robin: consecutive requests through the balancer land on both nodes, with one session', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${lb}/api/users/auth`, { headers: { cookie } });
      expect(response.status).toBe(200);
      served.add(response.headers.get('x-node') ?? '?');
    }
    expect([...served].sort()).toEqual(['n1', 'n2']);
    for (const index of [0, 1]) expect((await fetch(`${direct(index)}/api/users/auth`, { headers: { cookie } })).status).toBe(200);
  });

  it('a file uploaded through one node downloads through the other, byte for byte', async () => {
    const alta = await fetch(`${direct(0)}/api/casos/alta`, json(cookie, 'POST', altaBody('900001', idCompania)));
    expect(alta.status).toBe(201);
    const idCaso = ((await alta.json()) as { id: number }).id;
    const content = Buffer.concat([SAMPLE_FILES.pdf, crypto.randomBytes(6 * 1024 * 1024)]);
    const body = multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content }],
    ]);
    const uploaded = await fetch(`${direct(0)}/api/documentacion/t/${idCaso}`, { method: 'POST', headers: { cookie, ...body.headers }, body: body.payload });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const name = ((await uploaded.json()) as { files: string[] }).files[0]!;
    const downloaded = await fetch(`${direct(1)}/api/documentacion/downloadfile?id=${idCaso}&name=${encodeURIComponent(name)}`, { headers: { cookie } });
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(content)).toBe(true);
    const zip = await fetch(`${direct(1)}/api/documentacion/${idCaso}`, { headers: { cookie } });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
  });

  it('a logout through one node ends the session on both', async () => {
    const other = await login(lb);
    for (const index of [0, 1]) expect((await fetch(`${direct(index)}/api/users/auth`, { headers: { cookie: other } })).status).toBe(200);
    expect((await fetch(`${direct(1)}/api/users/logout`, { method: 'POST', headers: { cookie: other } })).status).toBeLessThan(300);
    for (const index of [0, 1]) expect((await fetch(`${direct(index)}/api/users/auth`, { headers: { cookie: other } })).status).toBe(401);
  });

  it("a reference edit through one node is in the other's case screens at once", async () => {
    const alta = await fetch(`${lb}/api/casos/alta`, json(cookie, 'POST', altaBody('900002', idCompania)));
    const idCaso = ((await alta.json()) as { id: number }).id;
    const created = await fetch(`${direct(0)}/api/analistas`, json(cookie, 'POST', { nombre: 'Flor', apellido: 'Antes' }));
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    const apellidoOn = async (index: number) => {
      const detail = (await (await fetch(`${direct(index)}/api/casos/${idCaso}`, { headers: { cookie } })).json()) as { analistas: { id: number; apellido: string }[] };
      return detail.analistas.find((row) => row.id === id)?.apellido;
    };
    expect(await apellidoOn(1)).toBe('Antes'); // node 2's cache now holds it
    expect((await fetch(`${direct(0)}/api/analistas/${id}`, json(cookie, 'PATCH', { nombre: 'Flor', apellido: 'Despues' }))).status).toBe(200);
    const started = Date.now();
    while ((await apellidoOn(1)) !== 'Despues') {
      expect(Date.now() - started, 'node 2 still shows the old name').toBeLessThan(2_000);
      await sleep(20);
    }
    expect(await apellidoOn(0)).toBe('Despues');
  });

  it('the same case advanced through both nodes at once moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const alta = await fetch(`${lb}/api/casos/alta`, json(cookie, 'POST', altaBody(`90010${round}`, idCompania)));
      const idCaso = ((await alta.json()) as { id: number }).id;
      const press = (index: number) => fetch(`${direct(index)}/api/casos/avanza/${idCaso}`, json(cookie, 'PATCH', { id_estado: 1 }));
      const statuses = (await Promise.all([press(0), press(1)])).map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409]);
    }
  });

  it('killing one node under load loses no acknowledged write; clients see only quick errors', async () => {
    type Outcome = { key: string; reclamo: string; status: number; ms: number; id?: number };
    const outcomes: Outcome[] = [];
    let stop = false;
    let n = 0;
    const worker = async (w: number) => {
      while (!stop) {
        const reclamo = `7${w}${String(n++).padStart(5, '0')}`;
        const key = `flota-${reclamo}`;
        const started = Date.now();
        const response = await fetch(`${lb}/api/casos/alta`, {
          ...json(cookie, 'POST', altaBody(reclamo, idCompania)),
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': key },
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        const ms = Date.now() - started;
        const status = response?.status ?? 0;
        const id = status === 200 || status === 201 ? ((await response!.json()) as { id: number }).id : undefined;
        if (response && id === undefined) await response.arrayBuffer().catch(() => undefined);
        outcomes.push({ key, reclamo, status, ms, id });
      }
    };
    const load = Promise.all([0, 1, 2, 3].map((w) => worker(w)));
    await sleep(1_500);
    const before = outcomes.length;
    nodes[0]!.child.kill('SIGKILL');
    await nodes[0]!.exited;
    await sleep(3_000);
    stop = true;
    await load;

    const acked = outcomes.filter((outcome) => outcome.id !== undefined);
    const failed = outcomes.filter((outcome) => outcome.id === undefined);
    expect(before).toBeGreaterThan(10);
    expect(outcomes.length - before, 'the surviving node keeps serving').toBeGreaterThan(10);
    // Quick errors only: nothing hangs on the dead node, and what failed failed as the balancer's 5xx.
    expect(failed.every((outcome) => outcome.ms < 3_000), JSON.stringify(failed)).toBe(true);
    expect(failed.every((outcome) => outcome.status >= 500 || outcome.status === 0), JSON.stringify(failed)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(8);

    // Every acknowledged creation is there with its id; a failed one retried with its key makes one case.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number; idempotency_key: string }>(
        `select id, idempotency_key from casos where idempotency_key = any($1)`,
        [outcomes.map((outcome) => outcome.key)],
      );
      const byKey = new Map(rows.map((row) => [row.idempotency_key, row.id]));
      for (const outcome of acked) expect(byKey.get(outcome.key), outcome.key).toBe(outcome.id);
      for (const outcome of failed) {
        const retried = await fetch(`${lb}/api/casos/alta`, {
          ...json(cookie, 'POST', altaBody(outcome.reclamo, idCompania)),
          headers: { cookie, 'content-type': 'application/json', 'idempotency-key': outcome.key },
        });
        expect([200, 201]).toContain(retried.status);
      }
      const { rows: counts } = await client.query<{ n: number; keys: number }>(
        `select count(*)::int as n, count(distinct idempotency_key)::int as keys from casos where idempotency_key = any($1)`,
        [outcomes.map((outcome) => outcome.key)],
      );
      expect(counts[0]).toEqual({ n: outcomes.length, keys: outcomes.length });
    } finally {
      await client.end();
    }
    console.log(
      `fleet kill: ${outcomes.length} creations, ${before} before the kill, ${acked.length} acknowledged, ${failed.length} failed (${failed.map((outcome) => `${outcome.status} in ${outcome.ms} ms`).join(', ') || 'none'}), slowest ${Math.max(...outcomes.map((outcome) => outcome.ms))} ms`,
    );
  });
});
