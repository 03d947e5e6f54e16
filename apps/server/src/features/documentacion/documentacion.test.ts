import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { AUTH_MESSAGES, DOCUMENTACION_MESSAGES, documentsZipName } from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';
import { documentos } from '../../db/tables/documentacion';

type FilePart = { filename: string; content: Buffer | string; contentType?: string };
type Part = [name: string, value: string | FilePart];

const BOUNDARY = '----siniestros-test-boundary';

/** A multipart/form-data body in the order given (the upload protocol depends on it). */
function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    chunks.push(Buffer.from(`--${BOUNDARY}\r\n`));
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(value.content) ? value.content : Buffer.from(value.content));
      chunks.push(Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64, 2)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const file = (filename: string, content: Buffer | string): FilePart => ({ filename, content });

let t: TestApp;
beforeAll(async () => {
  // A small limit so the oversize case needs only a small body.
  t = await createTestApp({ UPLOAD_MAX_MB: '0.05' });
});
afterAll(() => t?.close());

const upload = (idCaso: number, parts: Part[], role: Role = 'user') =>
  t.request(role, { method: 'POST', url: `/api/documentacion/t/${idCaso}`, ...multipart(parts) });
const listado = async (idCaso: number, role: Role = 'user') =>
  (await t.request(role, { method: 'GET', url: `/api/documentacion/listado/${idCaso}` })).json() as string[];
const download = (idCaso: number, name: string, role: Role = 'user') =>
  t.request(role, { method: 'GET', url: `/api/documentacion/downloadfile/?id=${idCaso}&name=${encodeURIComponent(name)}` });

async function storedKeys(idCaso: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of t.app.services.storage.list()) if (key.startsWith(`casos/${idCaso}/`)) keys.push(key);
  return keys;
}

/** Every file on disk under the case's folder, temporary ones included. */
async function filesOnDisk(idCaso: number): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'files', 'casos', String(idCaso));
  return fs.readdir(dir, { recursive: true }).catch(() => []);
}

async function historyOf(idCaso: number): Promise<string[]> {
  const rows = await t.database.db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso)).orderBy(historial.id);
  return rows.map((row) => row.msg);
}

describe('upload (POST /documentacion/t/:id)', () => {
  it('renames each file to its type, numbers repeats _02, _03 and writes one history row', async () => {
    const caso = await insertCaso(t.database.db);
    const first = await upload(caso.id, [
      ['tipo', 'Foto'],
      ['uploadFiles', file('IMG_0001.PNG', PNG)],
      ['tipo', 'Foto'],
      ['uploadFiles', file('otra foto.png', PNG)],
      ['tipo', 'Foto'],
      ['uploadFiles', file('frente.jpg', JPG)],
      ['tipo', 'Denuncia'],
      ['uploadFiles', file('denuncia policial.pdf', PDF)],
      ['tipo', 'Otros'],
      ['uploadFiles', file('notas.txt', 'Observaciones del asegurado: llamó el día 3.\n')],
    ]);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: DOCUMENTACION_MESSAGES.uploaded,
      files: ['Foto.png', 'Foto_02.png', 'Foto.jpg', 'Denuncia.pdf', 'Otros.txt'],
    });

    const second = await upload(caso.id, [
      ['tipo', 'Foto'],
      ['uploadFiles', file('tercera.png', PNG)],
    ]);
    expect(second.json().files).toEqual(['Foto_03.png']);

    expect(await listado(caso.id)).toEqual(['Foto.png', 'Foto_02.png', 'Foto.jpg', 'Denuncia.pdf', 'Otros.txt', 'Foto_03.png']);
    expect(await storedKeys(caso.id)).toHaveLength(6);
    expect(await historyOf(caso.id)).toEqual(['Alta caso', DOCUMENTACION_MESSAGES.history, DOCUMENTACION_MESSAGES.history]);
    const [row] = await t.database.db
      .select()
      .from(documentos)
      .where(and(eq(documentos.id_caso, caso.id), eq(documentos.nombre, 'Foto.jpg')));
    expect(row).toMatchObject({ tipo: 'Foto', tamano: JPG.length, mime: 'image/jpeg', usuario: 'user@test.local' });
    expect(row!.storage_key).toMatch(new RegExp(`^casos/${caso.id}/[0-9a-f-]{36}$`));
  });

  it('refuses an oversize file with 413 and keeps nothing of the batch', async () => {
    const caso = await insertCaso(t.database.db);
    const big = Buffer.concat([PDF, Buffer.alloc(t.config.uploadMaxBytes + 1024, 0x20)]);
    const response = await upload(caso.id, [
      ['tipo', 'Foto'],
      ['uploadFiles', file('chica.png', PNG)],
      ['tipo', 'Presupuesto'],
      ['uploadFiles', file('enorme.pdf', big)],
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: DOCUMENTACION_MESSAGES.tooLarge });
    expect(await storedKeys(caso.id)).toEqual([]);
    expect(await filesOnDisk(caso.id)).toEqual([]);
    expect(await listado(caso.id)).toEqual([]);
    expect(await historyOf(caso.id)).toEqual(['Alta caso']);
  });

  it('requires a valid type before each file, at least one file and a multipart body', async () => {
    const caso = await insertCaso(t.database.db);
    const untyped = await upload(caso.id, [
      ['tipo', 'Foto'],
      ['uploadFiles', file('a.png', PNG)],
      ['uploadFiles', file('b.png', PNG)],
    ]);
    expect(untyped.statusCode).toBe(400);
    expect(untyped.json().message).toBe(DOCUMENTACION_MESSAGES.missingType);
    const badType = await upload(caso.id, [
      ['tipo', '../Foto'],
      ['uploadFiles', file('a.png', PNG)],
    ]);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(DOCUMENTACION_MESSAGES.badType);
    const empty = await upload(caso.id, [['tipo', 'Foto']]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DOCUMENTACION_MESSAGES.noFiles);
    const json = await t.request('user', { method: 'POST', url: `/api/documentacion/t/${caso.id}`, payload: { uploadFiles: [] } });
    expect(json.statusCode).toBe(415);
    expect(await storedKeys(caso.id)).toEqual([]);
    expect(await historyOf(caso.id)).toEqual(['Alta caso']);
  });

  it('checks the extension and the content, not the client name or type', async () => {
    const caso = await insertCaso(t.database.db);
    const cases: [string, Buffer | string][] = [
      ['programa.exe', Buffer.from('4d5a90000300000004000000ffff0000', 'hex')],
      ['sin-extension', PNG],
      ['foto.png', 'esto no es una imagen'],
      ['factura.pdf', Buffer.from('4d5a90000300000004000000ffff0000', 'hex')],
      ['datos.csv', Buffer.from([0x61, 0x3b, 0xff, 0xfe, 0x00, 0x62])],
      ['pagina.txt', Buffer.concat([Buffer.from('texto'), Buffer.from([0]), Buffer.from('binario')])],
    ];
    for (const [filename, content] of cases) {
      const response = await upload(caso.id, [
        ['tipo', 'Otros'],
        ['uploadFiles', { filename, content, contentType: 'image/png' }],
      ]);
      expect(response.statusCode, filename).toBe(415);
    }
    const csv = await upload(caso.id, [
      ['tipo', 'Otros'],
      ['uploadFiles', file('montos.csv', 'Concepto;Monto\nChapa;125000,50\nPintura;80000\n')],
    ]);
    expect(csv.json().files).toEqual(['Otros.csv']);
    expect(await storedKeys(caso.id)).toHaveLength(1);
  });

  it('answers 404 for a case that does not exist and 403 to an Inspector', async () => {
    const parts: Part[] = [
      ['tipo', 'Foto'],
      ['uploadFiles', file('a.png', PNG)],
    ];
    expect((await upload(999_999, parts)).statusCode).toBe(404);
    const caso = await insertCaso(t.database.db);
    expect((await upload(caso.id, parts, 'inspector')).statusCode).toBe(403);
  });
});

describe('download, zip and delete', () => {
  let idCaso: number;
  let otroCaso: number;
  beforeAll(async () => {
    idCaso = (await insertCaso(t.database.db)).id;
    otroCaso = (await insertCaso(t.database.db)).id;
    await upload(idCaso, [
      ['tipo', 'Doc Unificada'],
      ['uploadFiles', file('unificada.pdf', PDF)],
      ['tipo', 'Foto'],
      ['uploadFiles', file('frente.png', PNG)],
      ['tipo', 'Otros'],
      ['uploadFiles', file('nota.txt', 'Llamó el señor Muñoz\n')],
    ]);
    await upload(otroCaso, [
      ['tipo', 'DNI'],
      ['uploadFiles', file('dni.jpg', JPG)],
    ]);
  });

  it('serves one document as an attachment with safe headers', async () => {
    const pdf = await download(idCaso, 'Doc Unificada.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="Doc Unificada.pdf"; filename*=UTF-8''Doc%20Unificada.pdf`);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const text = await download(idCaso, 'Otros.txt');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('Llamó el señor Muñoz\n');
  });

  it('streams every document of the case as one zip', async () => {
    const response = await t.request('user', { method: 'GET', url: `/api/documentacion/${idCaso}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="${documentsZipName(idCaso)}"`);
    const zip = await JSZip.loadAsync(response.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['Doc Unificada.pdf', 'Foto.png', 'Otros.txt']);
    expect((await zip.file('Foto.png')!.async('nodebuffer')).equals(PNG)).toBe(true);
    expect(await zip.file('Otros.txt')!.async('string')).toBe('Llamó el señor Muñoz\n');
    const empty = await insertCaso(t.database.db);
    const none = await t.request('user', { method: 'GET', url: `/api/documentacion/${empty.id}` });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(DOCUMENTACION_MESSAGES.noDocuments);
  });

  it('never reaches outside the case: traversal, encoded, NUL and CRLF names are refused', async () => {
    const rawUrls = [
      `/api/documentacion/downloadfile?id=${idCaso}&name=../../../etc/passwd`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=..%2f..%2fetc%2fpasswd`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=..%5cFoto.png`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=Foto.png%00.txt`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=Foto.png%0d%0aSet-Cookie:%20x=1`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=..`,
      `/api/documentacion/downloadfile?id=${idCaso}&name=`,
      `/api/documentacion/downloadfile?id=${idCaso}`,
    ];
    for (const url of rawUrls) {
      const response = await t.request('user', { method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    // Another case's document, and a name that only exists in storage under its key.
    expect((await download(idCaso, 'DNI.jpg')).statusCode).toBe(404);
    const [row] = await t.database.db.select({ key: documentos.storage_key }).from(documentos).where(eq(documentos.id_caso, idCaso)).limit(1);
    expect((await download(idCaso, row!.key.split('/').pop()!)).statusCode).toBe(404);

    for (const name of ['../Foto.png', '..%2fFoto.png', 'Foto.png\u0000', 'Foto.png\r\nX: y']) {
      const post = await t.request('user', { method: 'POST', url: `/api/documentacion/d/${idCaso}`, payload: { doc: name, usuario: 'x' } });
      expect(post.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(post.statusCode, name).toBeLessThan(405);
    }
    const del = await t.request('user', { method: 'DELETE', url: `/api/documentacion/${idCaso}?name=..%2F..%2FFoto.png` });
    expect(del.statusCode).toBe(400);
    expect(await listado(idCaso)).toEqual(['Doc Unificada.pdf', 'Foto.png', 'Otros.txt']);
  });

  it('deletes a document by either path: row, file and a history row', async () => {
    const caso = await insertCaso(t.database.db);
    await upload(caso.id, [
      ['tipo', 'Registro'],
      ['uploadFiles', file('registro.jpg', JPG)],
      ['tipo', 'CBU'],
      ['uploadFiles', file('cbu.pdf', PDF)],
    ]);
    const posted = await t.request('user', {
      method: 'POST',
      url: `/api/documentacion/d/${caso.id}`,
      payload: { doc: 'Registro.jpg', usuario: 'ignorado' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ message: DOCUMENTACION_MESSAGES.deleted });
    const deleted = await t.request('admin', {
      method: 'DELETE',
      url: `/api/documentacion/${caso.id}?name=${encodeURIComponent('CBU.pdf')}`,
    });
    expect(deleted.json()).toEqual({ message: DOCUMENTACION_MESSAGES.deleted });
    expect(await listado(caso.id)).toEqual([]);
    expect(await storedKeys(caso.id)).toEqual([]);
    expect((await historyOf(caso.id)).slice(-2)).toEqual([
      DOCUMENTACION_MESSAGES.historyDeleted('Registro.jpg'),
      DOCUMENTACION_MESSAGES.historyDeleted('CBU.pdf'),
    ]);
    const [last] = await t.database.db
      .select({ usuario: historial.usuario })
      .from(historial)
      .where(eq(historial.id_caso, caso.id))
      .orderBy(historial.id)
      .offset(2);
    expect(last!.usuario).toBe('user@test.local');
    expect(
      (await t.request('user', { method: 'POST', url: `/api/documentacion/d/${caso.id}`, payload: { doc: 'CBU.pdf' } })).statusCode,
    ).toBe(404);
    expect((await t.request('inspector', { method: 'DELETE', url: `/api/documentacion/${caso.id}?name=x.pdf` })).statusCode).toBe(403);
  });

  it('lets an Inspector read only the cases of their own inspections', async () => {
    await t.database.db.insert(inspecciones).values({
      id_caso: idCaso,
      id_inspector: t.ids.inspectorRecord,
      fecha_inspeccion: '2026-10-05',
      direccion: 'Av. Siempreviva 742',
      detalle: 'Frente y lateral',
      estado: 'Coordinada',
    });
    expect(await listado(idCaso, 'inspector')).toEqual(['Doc Unificada.pdf', 'Foto.png', 'Otros.txt']);
    expect((await download(idCaso, 'Foto.png', 'inspector')).statusCode).toBe(200);
    expect((await t.request('inspector', { method: 'GET', url: `/api/documentacion/${idCaso}` })).statusCode).toBe(200);

    const requests = [
      { method: 'GET' as const, url: `/api/documentacion/listado/${idCaso}` },
      { method: 'GET' as const, url: `/api/documentacion/downloadfile?id=${idCaso}&name=Foto.png` },
      { method: 'GET' as const, url: `/api/documentacion/${idCaso}` },
    ];
    for (const request of requests) {
      const other = await t.request('inspector2', request);
      expect(other.statusCode, request.url).toBe(403);
      expect(other.json().message).toBe(AUTH_MESSAGES.forbidden);
      const notTheirs = await t.request('inspector', { ...request, url: request.url.replace(String(idCaso), String(otroCaso)) });
      expect(notTheirs.statusCode, request.url).toBe(403);
    }
  });
});
