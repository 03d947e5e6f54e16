import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, DOCUMENTACION_MESSAGES, SUBIDA_MESSAGES, SUBIDAS, todayIso, type Rol } from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import type { CurrentUser } from '../users';
import { MSG_BODY_TIMEOUT } from '../../plugins/body-timeout';
import { SUBIDAS_DIR } from './subidas.store';

/**
 * Resumable uploads through HTTP (docs/decisions/089): tus 1.0 under /api/subidas/, its owner from
 * the session, its limits, a cut connection resumed, the expiry sweep, and `take` for the features.
 */
const clock = { offsetMs: 0 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { UPLOAD_MAX_MB: '10' },
    // A body silent for a second is given up (decision 032, shortened): the stalled chunk's test.
    { now: () => new Date(Date.now() + clock.offsetMs), bodyTimeout: { idleMs: 1_000, minBytesPerSecond: 1, graceMs: 60_000, checkEveryMs: 100 } },
  );
});
afterAll(() => t?.close());

/** The app on a real port (once), for the tests that need a socket of their own. */
let listeningAt: string | undefined;
const listening = async () => (listeningAt ??= await t.app.listen({ port: 0, host: '127.0.0.1' }));

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** A PDF of `size` bytes: the magic bytes first, as file-type reads them, then filler. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n');
  const body = Buffer.alloc(size - head.length, 0x41);
  for (let i = 0; i < body.length; i += 997) body[i] = i % 251; // not one repeated byte: a misplaced chunk shows
  return Buffer.concat([head, body]);
}

async function inspeccionDe(idInspector: number): Promise<number> {
  const caso = await insertCaso(t.database.db, { idEstado: 2 });
  const response = await t.request('user', {
    method: 'POST',
    url: `/api/inspeccion/${caso.id}`,
    payload: { id_inspector: idInspector, fecha_inspeccion: todayIso(), direccion: 'Ruta 2 km 40', detalle: 'Fotos del vehículo' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function crear(role: Role | null, idInspeccion: number, size: number, nombre = 'presupuesto.pdf', extra: Record<string, string> = {}) {
  return t.request(role, {
    method: 'POST',
    url: '/api/subidas/',
    headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': metadata({ filename: nombre, proposito: 'inspeccion', id: String(idInspeccion), ...extra }) },
  });
}

const idOf = (location: string | undefined) => {
  expect(location).toMatch(/^\/api\/subidas\/[0-9a-f]{32}$/);
  return location!.split('/').pop()!;
};

const patch = (role: Role | null, id: string, offset: number, body: Buffer) =>
  t.request(role, {
    method: 'PATCH',
    url: `/api/subidas/${id}`,
    headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });

const head = (role: Role | null, id: string) => t.request(role, { method: 'HEAD', url: `/api/subidas/${id}`, headers: TUS });

/** The session's user as the services see it (take, consume). */
async function usuario(role: Role): Promise<CurrentUser> {
  const response = await t.request(role, { method: 'GET', url: '/api/users/auth' });
  expect(response.statusCode).toBe(200);
  const user = (await t.app.services.users.list()).find((row) => row.id === t.ids[role])!;
  return { id: user.id, sessionId: '', username: user.username, nombre: user.nombre, apellido: user.apellido, rol: user.rol as Rol, idInspect: user.id_inspect, hasTotp: false };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a resumable upload, chunk by chunk', () => {
  it('is created, takes three chunks, tells its offset, and is taken once by the feature it was for', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(2 * SUBIDAS.parteBytes + 12_345);
    const created = await crear('inspector', idInspeccion, file.length, 'cotización repuestos.pdf');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    expect(created.headers['upload-expires']).toBeTruthy();
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const id = idOf(created.headers.location as string);
    const [row] = await t.rows<{ id_usuario: number; proposito: string; id_objeto: number }>(`SELECT id_usuario, proposito, id_objeto FROM subidas WHERE id = '${id}'`);
    expect(row).toEqual({ id_usuario: t.ids.inspector, proposito: 'inspeccion', id_objeto: idInspeccion });

    let offset = 0;
    for (const end of [SUBIDAS.parteBytes, 2 * SUBIDAS.parteBytes, file.length]) {
      const sent = await patch('inspector', id, offset, file.subarray(offset, end));
      expect(sent.statusCode, sent.body).toBe(204);
      expect(Number(sent.headers['upload-offset'])).toBe(end);
      offset = end;
      const state = await head('inspector', id);
      expect(state.statusCode).toBe(200);
      expect(Number(state.headers['upload-offset'])).toBe(end);
      expect(Number(state.headers['upload-length'])).toBe(file.length);
    }
    // A chunk sent again at an old offset is refused, in Spanish.
    const stale = await patch('inspector', id, SUBIDAS.parteBytes, file.subarray(0, 10));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: SUBIDA_MESSAGES.conflictoOffset });

    const inspector = await usuario('inspector');
    const { subidas } = t.app.services;
    await expect(subidas.take(inspector, id, { proposito: 'inspeccion', id: idInspeccion + 1000 })).rejects.toMatchObject({ statusCode: 422, message: SUBIDA_MESSAGES.otroDestino });
    await expect(subidas.take(inspector, id, { proposito: 'inspeccion', id: idInspeccion }, { extensiones: ['jpg', 'png'] })).rejects.toMatchObject({ statusCode: 415 });
    const taken = await subidas.take(inspector, id, { proposito: 'inspeccion', id: idInspeccion });
    expect(taken).toMatchObject({ id, tamano: file.length, mime: 'application/pdf', nombre: 'cotización repuestos.pdf', extension: 'pdf' });
    expect((await readAll(taken.contenido)).equals(file)).toBe(true);

    // Used in the consumer's transaction once; a second use is refused whole.
    await t.database.db.transaction((tx) => subidas.consume(tx, inspector, [id]));
    await expect(t.database.db.transaction((tx) => subidas.consume(tx, inspector, [id]))).rejects.toMatchObject({ statusCode: 409, message: SUBIDA_MESSAGES.yaUsada });
    await expect(subidas.take(inspector, id, { proposito: 'inspeccion', id: idInspeccion })).rejects.toMatchObject({ statusCode: 409, message: SUBIDA_MESSAGES.yaUsada });
    await subidas.remove(inspector, [id]);
    expect((await head('inspector', id)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.dataDir, SUBIDAS_DIR, id))).toBe(false);
  });

  it('is refused to take before its last byte, saying how many are missing', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(5_000);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    expect((await patch('inspector', id, 0, file.subarray(0, 4_000))).statusCode).toBe(204);
    await expect(t.app.services.subidas.take(await usuario('inspector'), id, { proposito: 'inspeccion', id: idInspeccion })).rejects.toMatchObject({
      statusCode: 409,
      message: SUBIDA_MESSAGES.sinTerminar('presupuesto.pdf', 1_000),
    });
  });

  it('is not found when its row is there but its bytes are not (a restored database)', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(2_000);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    expect((await patch('inspector', id, 0, file)).statusCode).toBe(204);
    fs.rmSync(path.join(t.dataDir, SUBIDAS_DIR, id));
    await expect(t.app.services.subidas.take(await usuario('inspector'), id, { proposito: 'inspeccion', id: idInspeccion })).rejects.toMatchObject({
      statusCode: 404,
      message: SUBIDA_MESSAGES.noEncontrada,
    });
  });

  it('is taken only when its content is what its name says', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const notAPdf = Buffer.alloc(3_000, 0x00);
    const id = idOf((await crear('inspector', idInspeccion, notAPdf.length, 'acta.pdf')).headers.location as string);
    expect((await patch('inspector', id, 0, notAPdf)).statusCode).toBe(204);
    await expect(t.app.services.subidas.take(await usuario('inspector'), id, { proposito: 'inspeccion', id: idInspeccion })).rejects.toMatchObject({
      statusCode: 415,
      message: DOCUMENTACION_MESSAGES.badContent,
    });
  });
});

describe('who may reach an upload', () => {
  it('answers 401 without a session, 404 for another user’s upload (HEAD, PATCH, DELETE), 403 for another inspector’s inspection', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    expect((await crear(null, idInspeccion, 100)).statusCode).toBe(401);
    const ajena = await crear('inspector2', idInspeccion, 100);
    expect(ajena.statusCode).toBe(403);
    expect(ajena.json()).toEqual({ message: AUTH_MESSAGES.forbidden });

    const id = idOf((await crear('inspector', idInspeccion, 100)).headers.location as string);
    expect((await head(null, id)).statusCode).toBe(401);
    for (const role of ['inspector2', 'user'] as const) {
      expect((await head(role, id)).statusCode).toBe(404);
      const sent = await patch(role, id, 0, pdfOf(100));
      expect(sent.statusCode).toBe(404);
      expect(sent.json()).toEqual({ message: SUBIDA_MESSAGES.noEncontrada });
      expect((await t.request(role, { method: 'DELETE', url: `/api/subidas/${id}`, headers: TUS })).statusCode).toBe(404);
    }
    // A made-up id reads the same as another's.
    expect((await head('inspector', '0'.repeat(32))).statusCode).toBe(404);
    expect((await head('inspector', '../../etc')).statusCode).toBe(404);
    // The owner still has it whole, and cancels it.
    expect(Number((await head('inspector', id)).headers['upload-offset'])).toBe(0);
    expect((await t.request('inspector', { method: 'DELETE', url: `/api/subidas/${id}`, headers: TUS })).statusCode).toBe(204);
    expect((await head('inspector', id)).statusCode).toBe(404);
    expect(await t.rows(`SELECT 1 FROM subidas WHERE id = '${id}'`)).toEqual([]);
  });

  it('refuses a cross-site PATCH like every other write', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const id = idOf((await crear('inspector', idInspeccion, 100)).headers.location as string);
    const response = await t.request('inspector', {
      method: 'PATCH',
      url: `/api/subidas/${id}`,
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'sec-fetch-site': 'cross-site' },
      payload: pdfOf(100),
    });
    expect(response.statusCode).toBe(403);
    expect(Number((await head('inspector', id)).headers['upload-offset'])).toBe(0);
  });
});

describe('limits, in Spanish', () => {
  it('refuses a file over the per-file limit (413), a missing length, bad metadata and a type not allowed', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const tooBig = await crear('inspector', idInspeccion, t.config.uploadMaxBytes + 1);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: SUBIDA_MESSAGES.demasiadoGrande(t.config.uploadMaxBytes) });
    expect(tooBig.json().message).toBe('El archivo supera el máximo permitido de 10 MB');

    const noLength = await t.request('inspector', { method: 'POST', url: '/api/subidas/', headers: { ...TUS, 'upload-defer-length': '1' } });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json()).toEqual({ message: SUBIDA_MESSAGES.sinLongitud });

    const badMetadata = await t.request('inspector', { method: 'POST', url: '/api/subidas/', headers: { ...TUS, 'upload-length': '10', 'upload-metadata': 'filename no-es-base64!' } });
    expect(badMetadata.statusCode).toBe(400);
    expect(badMetadata.json()).toEqual({ message: SUBIDA_MESSAGES.metadataInvalida });

    const noPurpose = await t.request('inspector', { method: 'POST', url: '/api/subidas/', headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata({ filename: 'a.pdf' }) } });
    expect(noPurpose.statusCode).toBe(400);
    expect(noPurpose.json()).toEqual({ message: SUBIDA_MESSAGES.propositoInvalido });

    const exe = await crear('inspector', idInspeccion, 10, 'programa.exe');
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({ message: SUBIDA_MESSAGES.tipoNoPermitido });
    expect(await t.rows(`SELECT 1 FROM subidas WHERE id_objeto = ${idInspeccion}`)).toEqual([]);
  });

  it('bounds each chunk, and a chunk longer than what is left', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(SUBIDAS.parteMaxBytes + 1);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    const big = await patch('inspector', id, 0, file);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: SUBIDA_MESSAGES.parteGrande });
    expect(Number((await head('inspector', id)).headers['upload-offset'])).toBe(0);

    const small = idOf((await crear('inspector', idInspeccion, 100)).headers.location as string);
    const over = await patch('inspector', small, 0, pdfOf(200));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: SUBIDA_MESSAGES.parteGrande });
  });

  it('caps a user’s unfinished uploads (429), counting only theirs', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspector2Record);
    const existing = (await t.rows<{ n: number }>(`SELECT count(*)::int AS n FROM subidas WHERE id_usuario = ${t.ids.inspector2} AND terminada IS NULL`))[0]!.n;
    for (let i = existing; i < SUBIDAS.maxPendientes; i++) expect((await crear('inspector2', idInspeccion, 10)).statusCode).toBe(201);
    const over = await crear('inspector2', idInspeccion, 10);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: SUBIDA_MESSAGES.demasiadasPendientes });
    // Another user is not held by them.
    expect((await crear('user', idInspeccion, 10)).statusCode).toBe(201);
  });
});

describe('expiry', () => {
  it('answers 410 to a chunk past the expiry, and the sweep removes the upload and its bytes', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(3_000);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    expect((await patch('inspector', id, 0, file.subarray(0, 1_000))).statusCode).toBe(204);
    const finished = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    expect((await patch('inspector', finished, 0, file)).statusCode).toBe(204);
    const inspector = await t.login('inspector');
    expect(fs.existsSync(path.join(t.dataDir, SUBIDAS_DIR, id))).toBe(true);

    clock.offsetMs = (SUBIDAS.caducaHoras + 1) * 3_600_000;
    try {
      const fresh = await t.login('inspector');
      const late = await t.app.inject({
        method: 'PATCH',
        url: `/api/subidas/${id}`,
        headers: { ...TUS, cookie: fresh, 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' },
        payload: file.subarray(1_000),
      });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ message: SUBIDA_MESSAGES.vencida });
      expect(await t.app.services.subidas.sweep()).toBeGreaterThanOrEqual(1);
      expect(await t.rows(`SELECT 1 FROM subidas WHERE id = '${id}'`)).toEqual([]);
      expect(fs.existsSync(path.join(t.dataDir, SUBIDAS_DIR, id))).toBe(false);
      expect(fs.existsSync(path.join(t.dataDir, SUBIDAS_DIR, `${id}.json`))).toBe(false);
      // A finished one waits for its feature longer than a day.
      expect(await t.rows(`SELECT 1 FROM subidas WHERE id = '${finished}'`)).toHaveLength(1);
      expect((await t.app.inject({ method: 'HEAD', url: `/api/subidas/${finished}`, headers: { ...TUS, cookie: fresh } })).statusCode).toBe(200);
    } finally {
      clock.offsetMs = 0;
    }
    expect(inspector).toBeTruthy();
  });
});

describe('a connection cut in the middle of a chunk (a real socket)', () => {
  it('keeps the bytes that arrived, and the upload resumes from there', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(600_000);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    const cookie = await t.login('inspector');
    const address = await listening();
    const { port } = new URL(address);

    // The whole file announced in one PATCH; half of it sent, then the connection dies.
    const half = 300_000;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          [
            `PATCH /api/subidas/${id} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            `Cookie: ${cookie}`,
            'Tus-Resumable: 1.0.0',
            'Upload-Offset: 0',
            'Content-Type: application/offset+octet-stream',
            `Content-Length: ${file.length}`,
            '',
            '',
          ].join('\r\n'),
        );
        socket.write(file.subarray(0, half), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });

    // What arrived is in the store; HEAD says so once the server has seen the hang-up.
    let offset = 0;
    for (let attempt = 0; attempt < 50 && offset < half; attempt++) {
      offset = Number((await t.app.inject({ method: 'HEAD', url: `/api/subidas/${id}`, headers: { ...TUS, cookie } })).headers['upload-offset']);
      if (offset < half) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(half);

    const rest = await fetch(`${address}/api/subidas/${id}`, {
      method: 'PATCH',
      headers: { ...TUS, cookie, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body: file.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(file.length);
    const taken = await t.app.services.subidas.take(await usuario('inspector'), id, { proposito: 'inspeccion', id: idInspeccion });
    expect((await readAll(taken.contenido)).equals(file)).toBe(true);
  });
});

describe('a chunk that stalls (a real socket)', () => {
  it('is given up (408) with what arrived kept', async () => {
    const idInspeccion = await inspeccionDe(t.ids.inspectorRecord);
    const file = pdfOf(200_000);
    const id = idOf((await crear('inspector', idInspeccion, file.length)).headers.location as string);
    const cookie = await t.login('inspector');
    const address = await listening();
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          [`PATCH /api/subidas/${id} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Cookie: ${cookie}`, 'Tus-Resumable: 1.0.0', 'Upload-Offset: 0', 'Content-Type: application/offset+octet-stream', `Content-Length: ${file.length}`, '', ''].join('\r\n'),
        );
        socket.write(file.subarray(0, 50_000)); // then nothing more: the phone lost its signal
      });
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain(JSON.stringify({ message: MSG_BODY_TIMEOUT }));
    expect(Number((await head('inspector', id)).headers['upload-offset'])).toBe(50_000);
  });
});
