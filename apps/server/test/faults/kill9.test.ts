import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../multipart';
import { createPgDatabase, PG_URL, sleep, spawnServer, type ServerProcess } from './faults.helpers';

/**
 * kill -9 mid-load (ASVS 15.4): the production server (`dist/main.js`) takes case
 * creations and uploads from concurrent clients, dies by SIGKILL with requests in flight, and
 * starts again on the same database and DATA_DIR. Every write it acknowledged (200/201) is there
 * and complete; a creation whose answer was lost, retried with its Idempotency-Key, makes one
 * case, not two. On PostgreSQL (TEST_DATABASE_URL) and on PGlite, the default deployment, whose
 * files in DATA_DIR are what survives. Run: npm run test:faults
 */

const ADMIN = { username: 'admin@kill9.local', password: 'Clave-Kill9-2026' };
const WORKERS = 8;
/** Acknowledged writes before the kill (at least), and the longest the load runs before it. */
const ACKED_BEFORE_KILL = 80;
/** Uploads acknowledged before the kill: enough that files and rows are really put to the test. */
const UPLOADS_BEFORE_KILL = 15;
const LOAD_MAX_MS = 20_000;

type Alta = { key: string; reclamo: string; apellido: string; terceros: number };
type AckedAlta = Alta & { id: number };
type AckedUpload = { idCaso: number; name: string; content: Buffer };

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = response.headers.getSetCookie().find((item) => item.startsWith('sid='))!;
  return cookie.split(';')[0]!;
}

function altaBody(alta: Alta, idCompania: number) {
  const persona = (apellido: string, n: number) => ({
    apellido,
    nombre: 'Nombre',
    id_tipo_doc: 1,
    nro_doc: `3${String(n).padStart(7, '0')}`,
    marca_modelo: 'Ford Ka',
    dominio: `KL${n}ZZ`,
  });
  return {
    caso: {
      id_compania: idCompania,
      reclamo_nro: alta.reclamo,
      gestor: 'Gestor',
      fecha_siniestro: '2026-03-01',
      fecha_denuncia: '2026-03-02',
    },
    // Every person's document and plate is the case's own: two cases sharing a third party's DNI or plate
    // and the loss date would be refused as possible duplicates (decision 080), which is not what this tests.
    asegurado: persona(alta.apellido, Number(alta.reclamo) * 10),
    terceros: Array.from({ length: alta.terceros }, (_, index) => persona(`Tercero ${index + 1}`, Number(alta.reclamo) * 10 + index + 1)),
  };
}

const drivers = [{ name: 'PGlite' }, ...(PG_URL ? [{ name: 'PostgreSQL' }] : [])];

describe.each(drivers)('kill -9 mid-load, then a restart ($name)', ({ name }) => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged case and upload, complete, and one case per Idempotency-Key', async () => {
    if (name === 'PostgreSQL') database = await createPgDatabase(PG_URL!);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-kill9-'));
    // An empty DATABASE_URL means PGlite in DATA_DIR.
    const env = {
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    };

    server = await spawnServer(env);
    let base = `http://127.0.0.1:${server.port}`;
    let cookie = await login(base);
    const compania = await fetch(`${base}/api/companias`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ nombre: 'Compañía Kill9' }),
    });
    expect(compania.status).toBe(201);
    const idCompania = ((await compania.json()) as { data: { id: number } }).data.id;

    const ackedAltas: AckedAlta[] = [];
    const ackedUploads: AckedUpload[] = [];
    /** Creations sent whose answer never came (in flight at the kill). */
    const unanswered: Alta[] = [];
    let counter = 0;
    let killed = false;
    let inFlight = 0;

    async function createOne() {
      const n = ++counter;
      const alta: Alta = { key: `kill9-${n}`, reclamo: String(100_000 + n), apellido: `Apellido${n}`, terceros: 1 + (n % 3) };
      try {
        const response = await fetch(`${base}/api/casos/alta`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': alta.key },
          body: JSON.stringify(altaBody(alta, idCompania)),
        });
        if (response.status === 200 || response.status === 201)
          ackedAltas.push({ ...alta, id: ((await response.json()) as { id: number }).id });
        else unanswered.push(alta);
      } catch {
        unanswered.push(alta);
      }
    }

    async function uploadOne() {
      const target = ackedAltas.at(-1 - Math.floor(Math.random() * Math.min(ackedAltas.length, 10)));
      if (!target) return sleep(10);
      const content = Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`% ${target.id} ${Math.random()}\n`)]);
      const { payload, headers } = multipart([
        ['tipo', 'Denuncia'],
        ['uploadFiles', { filename: 'denuncia.pdf', content }],
      ]);
      try {
        const response = await fetch(`${base}/api/documentacion/t/${target.id}`, {
          method: 'POST',
          headers: { ...headers, cookie },
          body: new Uint8Array(payload),
        });
        if (response.status === 201)
          ackedUploads.push({ idCaso: target.id, name: ((await response.json()) as { files: string[] }).files[0]!, content });
      } catch {
        // In flight at the kill: not acknowledged, nothing to check.
      }
    }

    const started = Date.now();
    const load = Promise.all(
      Array.from({ length: WORKERS }, async (_, worker) => {
        while (!killed && Date.now() - started < LOAD_MAX_MS) {
          inFlight++;
          await (worker % 2 === 1 ? uploadOne() : createOne());
          inFlight--;
        }
      }),
    );
    while ((ackedAltas.length < ACKED_BEFORE_KILL || ackedUploads.length < UPLOADS_BEFORE_KILL) && Date.now() - started < LOAD_MAX_MS)
      await sleep(20);
    // Mid-load: requests are in flight on every worker.
    server.child.kill('SIGKILL');
    killed = true;
    const inFlightAtKill = inFlight;
    expect(await server.exited).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');
    await load;
    await server.stop();
    const ackedBeforeKill = ackedAltas.length;
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
    expect(ackedUploads.length, 'uploads acknowledged before the kill').toBeGreaterThanOrEqual(UPLOADS_BEFORE_KILL);
    expect(inFlightAtKill, 'requests in flight when the process died').toBeGreaterThan(0);

    // The same database and DATA_DIR, a new process.
    server = await spawnServer(env);
    base = `http://127.0.0.1:${server.port}`;
    cookie = await login(base);
    const get = (url: string) => fetch(`${base}${url}`, { headers: { cookie } });

    const problems: string[] = [];
    for (const alta of ackedAltas) {
      const response = await get(`/api/casos/${alta.id}`);
      if (response.status !== 200) {
        problems.push(`case ${alta.id} (${alta.key}): ${response.status}`);
        continue;
      }
      const detail = (await response.json()) as { caso: { reclamo_nro: string }; asegurados: { apellido: string }; terceros: unknown[] };
      if (
        detail.caso.reclamo_nro !== alta.reclamo ||
        detail.asegurados.apellido !== alta.apellido ||
        detail.terceros.length !== alta.terceros
      ) {
        problems.push(
          `case ${alta.id} (${alta.key}) incomplete: ${JSON.stringify({ reclamo: detail.caso.reclamo_nro, apellido: detail.asegurados.apellido, terceros: detail.terceros.length })}`,
        );
      }
      const history = (await (await get(`/api/historial/${alta.id}`)).json()) as { msg: string }[];
      if (!history.some((row) => row.msg === 'Alta caso')) problems.push(`case ${alta.id} without its 'Alta caso' row`);
    }
    for (const upload of ackedUploads) {
      const response = await get(`/api/documentacion/downloadfile?id=${upload.idCaso}&name=${encodeURIComponent(upload.name)}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || !bytes.equals(upload.content))
        problems.push(`upload ${upload.idCaso}/${upload.name}: ${response.status}, ${bytes.length} bytes`);
    }

    // The client retries what got no answer, with the same key: one case per key in the end.
    for (const alta of unanswered) {
      const response = await fetch(`${base}/api/casos/alta`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': alta.key },
        body: JSON.stringify(altaBody(alta, idCompania)),
      });
      if (response.status !== 200 && response.status !== 201) problems.push(`retry of ${alta.key}: ${response.status}`);
    }
    // Each creation has its own claim number: exactly one case carries it.
    for (const alta of [...ackedAltas, ...unanswered]) {
      const response = await fetch(`${base}/api/casos/filtro?page=1&pageSize=5`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ nroSiniestro: alta.reclamo }),
      });
      const { totalRows } = (await response.json()) as { totalRows: number };
      if (totalRows !== 1) problems.push(`${alta.key} (claim ${alta.reclamo}): ${totalRows} cases`);
    }

    console.info(
      `kill -9 (${name}): ${ackedBeforeKill} cases and ${ackedUploads.length} uploads acknowledged before the kill, ${unanswered.length} creations unanswered and retried`,
    );
    expect(problems).toEqual([]);
  });
});
