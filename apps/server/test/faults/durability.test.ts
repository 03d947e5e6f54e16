import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_FILES } from '../multipart';
import { sleep, spawnServer, type ServerProcess } from './faults.helpers';

/**
 * An acknowledged write is on stable storage before its answer leaves (docs/decisions/
 * 030-durable-embedded-database.md). The production server on PGlite, its default, is traced
 * with strace while it takes writes one at a time: every acknowledged commit is followed by at
 * least one fsync(2) of the kernel, and every upload by the fsync of the file and of its folder
 * too. With PGlite's own defaults (fsync off, and a file layer whose fsync does nothing) the same
 * walk sees no fsync at all. Needs strace (.ci/run installs it). Run: npm run test:faults
 */

const ADMIN = { username: 'admin@durable.local', password: 'Clave-Durable-2026' };
const WRITES = 20;
const UPLOADS = 5;

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers.getSetCookie().find((item) => item.startsWith('sid='))!.split(';')[0]!;
}

/** strace attached to `pid` and its threads, counting the syncs of the kernel until `stop()`. */
async function traceSyncs(pid: number, outFile: string) {
  const tracer = spawn('strace', ['-f', '-qq', '-e', 'trace=fsync,fdatasync,sync_file_range,syncfs,sync', '-o', outFile, '-p', String(pid)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  tracer.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => tracer.on('exit', () => resolve()));
  // strace attaches to each thread before it writes the first line; give it a moment and check it still runs.
  await sleep(1500);
  if (tracer.exitCode !== null) throw new Error(`strace could not attach: ${stderr}`);
  return {
    async stop(): Promise<string[]> {
      tracer.kill('SIGINT');
      await exited;
      const lines = (await fs.readFile(outFile, 'utf8')).split('\n');
      return lines.filter((line) => /\b(fsync|fdatasync|sync_file_range|syncfs|sync)\(/.test(line) && !/= -1 /.test(line));
    },
  };
}

describe('durable commits on the embedded database (PGlite)', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('syncs to disk at least once per acknowledged write, and file and folder per upload', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'siniestros-durable-'));
    server = await spawnServer({ DATABASE_URL: '', DATA_DIR: dataDir, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' });
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await login(base);
    const json = { 'content-type': 'application/json', cookie };
    const compania = await fetch(`${base}/api/companias`, { method: 'POST', headers: json, body: JSON.stringify({ nombre: 'Compañía Durable' }) });
    expect(compania.status).toBe(201);
    const idCompania = ((await compania.json()) as { data: { id: number } }).data.id;
    const persona = { apellido: 'Durable', nombre: 'Nombre', id_tipo_doc: 1, nro_doc: '30111222', marca_modelo: 'Ford Ka', dominio: 'AB123CD' };
    const alta = await fetch(`${base}/api/casos/alta`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        caso: { id_compania: idCompania, reclamo_nro: '900001', gestor: 'Gestor', fecha_siniestro: '2026-03-01', fecha_denuncia: '2026-03-02' },
        asegurado: persona,
        terceros: [],
      }),
    });
    expect(alta.status).toBe(201);
    const idCaso = ((await alta.json()) as { id: number }).id;

    // Writes one at a time: each answer came back before the next one left.
    const writes = await traceSyncs(server.child.pid!, path.join(dataDir, 'writes.strace'));
    for (let n = 0; n < WRITES; n++) {
      const response = await fetch(`${base}/api/historial`, { method: 'POST', headers: json, body: JSON.stringify({ id_caso: idCaso, msg: `Nota durable ${n}` }) });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const writeSyncs = await writes.stop();

    const uploads = await traceSyncs(server.child.pid!, path.join(dataDir, 'uploads.strace'));
    for (let n = 0; n < UPLOADS; n++) {
      const { payload, headers } = multipart([
        ['tipo', 'Denuncia'],
        ['uploadFiles', { filename: `denuncia-${n}.pdf`, content: Buffer.concat([SAMPLE_FILES.pdf, Buffer.from(`% ${n}\n`)]) }],
      ]);
      const response = await fetch(`${base}/api/documentacion/t/${idCaso}`, { method: 'POST', headers: { ...headers, cookie }, body: new Uint8Array(payload) });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const uploadSyncs = await uploads.stop();

    console.info(`durability: ${writeSyncs.length} syncs for ${WRITES} acknowledged writes, ${uploadSyncs.length} for ${UPLOADS} uploads`);
    expect(writeSyncs.length).toBeGreaterThanOrEqual(WRITES);
    // The file, its folder and the commit of its row, at least.
    expect(uploadSyncs.length).toBeGreaterThanOrEqual(UPLOADS * 3);
  });
});
