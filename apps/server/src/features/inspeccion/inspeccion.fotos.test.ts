import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  AUTH_MESSAGES,
  FOTO_CHECKLIST_INICIAL,
  INSPECCION_FOTOS,
  INSPECCION_FOTOS_MESSAGES as MSG,
  type FotoChecklistItem,
} from '@siniestros/domain';
import { casoConInspeccion as casoConInspeccionDe, createTestApp, storedCaseKeys, type Role, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { FOTOS_JPEG } from '../../../test/images';
import { multipart, SAMPLE_FILES, type Part } from '../../../test/multipart';
import { casos } from '../../db/tables/casos';
import { documentos } from '../../db/tables/documentacion';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';
import { inspeccionFotos } from '../../db/tables/inspeccion-fotos';

/**
 * Issue 43 items 4 and 6: the close takes the checklist's photos (case documents Foto, Foto_02...
 * in the same transaction, all or nothing) and files their Informe fotográfico; the report is
 * drawn 1, 2 or 4 a page on request; an Admin edits the checklist.
 */
const HOY = MIERCOLES;
/** 64 KB per file: a photo just over it is refused with 413. */
const MAX_BYTES = 65_536;
let t: TestApp;
let checklist: FotoChecklistItem[];
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_MB: String(MAX_BYTES / 1024 / 1024) }, { now: clockAt(HOY) });
  checklist = (await t.request('inspector', { method: 'GET', url: '/api/fotos-checklist' })).json();
});
afterAll(() => t?.close());

const item = (nombre: string) => checklist.find((row) => row.nombre === nombre)!.id;
const CAPTURADA = '2026-11-25T17:04:00.000Z'; // 14:04 in Buenos Aires

type Foto = { meta?: Record<string, unknown> | string; filename?: string; content?: Buffer };
const foto = (idChecklist: number | null, overrides: { meta?: Record<string, unknown>; filename?: string; content?: Buffer } = {}): Foto => ({
  meta: { id_checklist: idChecklist, capturada_en: CAPTURADA, ...overrides.meta },
  filename: overrides.filename ?? 'IMG_0001.jpg',
  content: overrides.content ?? FOTOS_JPEG.rojo,
});

/** The close's body: the fields, the two files, then each photo's foto_meta and foto parts. */
function cierre(fotos: Foto[]): Part[] {
  const parts: Part[] = [
    ['resultado', 'Daños en paragolpes trasero'],
    ['monto_inspeccion', '98000'],
    ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
    ['cotizacion', { filename: 'cotizacion.pdf', content: SAMPLE_FILES.pdf }],
  ];
  for (const { meta, filename, content } of fotos) {
    if (meta !== undefined) parts.push([INSPECCION_FOTOS.campoMeta, typeof meta === 'string' ? meta : JSON.stringify(meta)]);
    parts.push([INSPECCION_FOTOS.campoFoto, { filename: filename!, content: content!, contentType: 'image/jpeg' }]);
  }
  return parts;
}

const cerrar = (role: Role, id: number, fotos: Foto[]) => t.request(role, { method: 'PATCH', url: `/api/inspeccion/d/${id}`, ...multipart(cierre(fotos)) });

const casoConInspeccion = (idInspector?: number) => casoConInspeccionDe(t, HOY, idInspector);

const storedKeys = (idCaso: number) => storedCaseKeys(t, idCaso);

/** Everything a close touches. */
async function snapshot(idCaso: number, id: number) {
  const db = t.database.db;
  const [inspeccion] = await db.select({ estado: inspecciones.estado }).from(inspecciones).where(eq(inspecciones.id, id));
  const [caso] = await db.select({ idEstado: casos.id_estado }).from(casos).where(eq(casos.id, idCaso));
  const docs = await db.select({ nombre: documentos.nombre }).from(documentos).where(eq(documentos.id_caso, idCaso)).orderBy(asc(documentos.id));
  const fotos = await db.select({ id: inspeccionFotos.id }).from(inspeccionFotos).where(eq(inspeccionFotos.id_inspeccion, id));
  const history = await db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso));
  return { inspeccion, caso, docs: docs.map((doc) => doc.nombre), fotos: fotos.length, history: history.length, files: await storedKeys(idCaso) };
}

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: false });
  return { totalPages, pages: text as string[] };
}

const informe = (role: Role | null, id: number, porPagina?: number | string) =>
  t.request(role, { method: 'GET', url: `/api/inspeccion/${id}/informe-fotografico${porPagina === undefined ? '' : `?por_pagina=${porPagina}`}` });

describe('the photo checklist (reference data)', () => {
  it('is seeded by the migration in its order, and any role reads it', async () => {
    expect(checklist.map((row) => ({ nombre: row.nombre, multiple: row.multiple, activo: row.activo }))).toEqual(
      FOTO_CHECKLIST_INICIAL.map((row) => ({ ...row, activo: true })),
    );
    expect((await t.request('user', { method: 'GET', url: '/api/fotos-checklist' })).statusCode).toBe(200);
    expect((await t.request(null, { method: 'GET', url: '/api/fotos-checklist' })).statusCode).toBe(401);
  });

  it('an Admin creates and changes an item; the list keeps the order; non-Admins get 403; bad input a Spanish 400', async () => {
    const created = await t.request('admin', { method: 'POST', url: '/api/fotos-checklist', payload: { nombre: 'Rueda de auxilio', orden: 85, multiple: false, activo: true } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(MSG.checklistCreado);
    const id = created.json().data.id as number;
    const changed = await t.request('admin', { method: 'PATCH', url: `/api/fotos-checklist/${id}`, payload: { activo: false, orden: 5 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: MSG.checklistActualizado, data: { id, nombre: 'Rueda de auxilio', orden: 5, multiple: false, activo: false } });
    const list = (await t.request('inspector', { method: 'GET', url: '/api/fotos-checklist' })).json() as FotoChecklistItem[];
    expect(list[0]).toEqual({ id, nombre: 'Rueda de auxilio', orden: 5, multiple: false, activo: false });

    for (const role of ['user', 'inspector'] as const) {
      expect((await t.request(role, { method: 'POST', url: '/api/fotos-checklist', payload: { nombre: 'X', orden: 1, multiple: false, activo: true } })).statusCode).toBe(403);
      expect((await t.request(role, { method: 'PATCH', url: `/api/fotos-checklist/${id}`, payload: { activo: true } })).statusCode).toBe(403);
    }
    const blank = await t.request('admin', { method: 'POST', url: '/api/fotos-checklist', payload: { nombre: ' ', orden: 1, multiple: false, activo: true } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'nombre', message: 'El nombre es requerido' }]);
    const negative = await t.request('admin', { method: 'PATCH', url: `/api/fotos-checklist/${id}`, payload: { orden: -1 } });
    expect(negative.json().errors).toEqual([{ path: 'orden', message: 'El orden debe ser 0 o mayor' }]);
    const missing = await t.request('admin', { method: 'PATCH', url: '/api/fotos-checklist/999999', payload: { activo: true } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.itemNoExiste);
  });
});

describe('PATCH /inspeccion/d/{id} with photos', () => {
  it('files the photos as Foto documents after the case\'s own, with their metadata, and the Informe fotográfico (2 a page)', async () => {
    const { idCaso, id } = await casoConInspeccion();
    // The case already has a Foto: the close's photos continue its names (spec §3).
    const previa = await t.request('user', { method: 'POST', url: `/api/documentacion/t/${idCaso}`, ...multipart([['tipo', 'Foto'], ['uploadFiles', { filename: 'a.jpg', content: FOTOS_JPEG.verde }]]) });
    expect(previa.statusCode, previa.body).toBe(201);

    const response = await cerrar('inspector', id, [
      foto(item('Frente'), { meta: { latitud: -34.603722, longitud: -58.381592 } }),
      foto(item('Daños'), { content: FOTOS_JPEG.verde }),
      foto(item('Daños'), { content: FOTOS_JPEG.azul, filename: 'danio.JPEG' }),
      foto(null, { content: Buffer.from(SAMPLE_FILES.png), filename: 'extra.png' }),
    ]);
    // SAMPLE_FILES.png is only a PNG's first bytes: not an image pdfkit reads, so the close says which.
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.ilegible(4));

    const ok = await cerrar('inspector', id, [
      foto(item('Frente'), { meta: { latitud: -34.603722, longitud: -58.381592 } }),
      foto(item('Daños'), { content: FOTOS_JPEG.verde }),
      foto(item('Daños'), { content: FOTOS_JPEG.azul, filename: 'danio.JPEG' }),
      foto(null, { content: FOTOS_JPEG.rojo, filename: 'extra.jpg' }),
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await snapshot(idCaso, id);
    expect(after.docs).toEqual(['Foto.jpg', 'Inspeccion.pdf', 'Repuestos.pdf', 'Foto_02.jpg', 'Foto_03.jpg', 'Foto_04.jpg', 'Foto_05.jpg', 'Informe_Fotografico.pdf']);
    expect(after.caso!.idEstado).toBe(3);
    expect(after.files).toHaveLength(8);

    const rows = await t.database.db
      .select({
        nombre: documentos.nombre,
        tipo: documentos.tipo,
        leyenda: inspeccionFotos.leyenda,
        id_checklist: inspeccionFotos.id_checklist,
        capturada: inspeccionFotos.capturada,
        latitud: inspeccionFotos.latitud,
        longitud: inspeccionFotos.longitud,
      })
      .from(inspeccionFotos)
      .innerJoin(documentos, eq(documentos.id, inspeccionFotos.id_documento))
      .where(eq(inspeccionFotos.id_inspeccion, id))
      .orderBy(asc(inspeccionFotos.id));
    expect(rows.map(({ capturada, ...row }) => ({ ...row, capturada: new Date(capturada).toISOString() }))).toEqual([
      { nombre: 'Foto_02.jpg', tipo: 'Foto', leyenda: 'Frente', id_checklist: item('Frente'), capturada: CAPTURADA, latitud: -34.603722, longitud: -58.381592 },
      { nombre: 'Foto_03.jpg', tipo: 'Foto', leyenda: 'Daños', id_checklist: item('Daños'), capturada: CAPTURADA, latitud: null, longitud: null },
      { nombre: 'Foto_04.jpg', tipo: 'Foto', leyenda: 'Daños', id_checklist: item('Daños'), capturada: CAPTURADA, latitud: null, longitud: null },
      { nombre: 'Foto_05.jpg', tipo: 'Foto', leyenda: INSPECCION_FOTOS.leyendaExtra, id_checklist: null, capturada: CAPTURADA, latitud: null, longitud: null },
    ]);
    // The photo's bytes are the ones sent.
    const download = await t.request('inspector', { method: 'GET', url: `/api/documentacion/downloadfile/?id=${idCaso}&name=Foto_04.jpg` });
    expect(download.rawPayload.equals(FOTOS_JPEG.azul)).toBe(true);

    // The filed report: two photos a page, every caption, the capture time in Buenos Aires, the case's header.
    const filed = await t.request('user', { method: 'GET', url: `/api/documentacion/downloadfile/?id=${idCaso}&name=Informe_Fotografico.pdf` });
    expect(filed.headers['content-type']).toBe('application/pdf');
    const { totalPages, pages } = await pdfText(filed.rawPayload);
    expect(totalPages).toBe(2);
    expect(pages[0]).toContain('Página 1 de 2');
    expect(pages[1]).toContain('Página 2 de 2');
    expect(pages[0]).toContain('Frente');
    expect(pages[0]).toContain('Tomada el 25/11/2026 14:04');
    expect(pages[0]).toContain('Ubicación -34.60372, -58.38159');
    expect(pages[1]).toContain(INSPECCION_FOTOS.leyendaExtra);
    expect(pages[0]).toContain('González María José (AB123CD)');
    expect(pages[0]).toContain('Av. Corrientes 1234, CABA');
  });

  it('a close without photos files no report (the two documents as before)', async () => {
    const { idCaso, id } = await casoConInspeccion();
    expect((await cerrar('inspector', id, [])).statusCode).toBe(200);
    expect((await snapshot(idCaso, id)).docs).toEqual(['Inspeccion.pdf', 'Repuestos.pdf']);
    const none = await informe('inspector', id);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(MSG.sinFotos);
  });

  const refusals: [string, () => Foto[], number, string][] = [
    ['a GIF', () => [foto(item('Frente'), { filename: 'frente.gif', content: Buffer.from('GIF89a') })], 400, MSG.tipoInvalido],
    ['a PNG named .jpg', () => [foto(item('Frente'), { content: Buffer.from(SAMPLE_FILES.png) })], 415, 'El contenido del archivo no corresponde a su extension'],
    ['a photo over the size limit', () => [foto(item('Frente')), foto(item('Trasera'), { content: Buffer.concat([FOTOS_JPEG.rojo, Buffer.alloc(MAX_BYTES)]) })], 413, 'Hay uno o mas archivos mas grande de lo permitido'],
    [`${INSPECCION_FOTOS.max + 1} photos`, () => Array.from({ length: INSPECCION_FOTOS.max + 1 }, () => foto(null)), 400, MSG.demasiadas],
    ['a photo without its foto_meta', () => [{ filename: 'a.jpg', content: FOTOS_JPEG.rojo }], 400, MSG.sinDatos],
    ['foto_meta that is not JSON', () => [foto(null, { meta: undefined }), { ...foto(null), meta: '{roto' }], 400, MSG.datosInvalidos('no es JSON')],
    ['a latitude of 91', () => [foto(item('Frente'), { meta: { latitud: 91, longitud: 0 } })], 400, MSG.datosInvalidos(MSG.latitud)],
    ['a longitude of -181', () => [foto(item('Frente'), { meta: { latitud: 0, longitud: -181 } })], 400, MSG.datosInvalidos(MSG.longitud)],
    ['a capture time that is not a date', () => [foto(item('Frente'), { meta: { capturada_en: 'ayer' } })], 400, MSG.datosInvalidos(MSG.capturada)],
    ['an unknown checklist item', () => [foto(999_999)], 400, MSG.itemNoExiste],
    ['two photos of Frente', () => [foto(item('Frente')), foto(item('Frente'))], 400, MSG.itemUnaSola('Frente')],
  ];
  it.each(refusals)('refuses %s in Spanish and leaves no file, no row, no status change', async (_label, fotos, status, message) => {
    const { idCaso, id } = await casoConInspeccion();
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id, fotos());
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await snapshot(idCaso, id)).toEqual(before);
    expect(before.files).toEqual([]);
  });

  it('an inspector it is not assigned to gets 403 and nothing is stored', async () => {
    const { idCaso, id } = await casoConInspeccion(t.ids.inspector2Record);
    const before = await snapshot(idCaso, id);
    const response = await cerrar('inspector', id, [foto(item('Frente'))]);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AUTH_MESSAGES.forbidden);
    expect(await snapshot(idCaso, id)).toEqual(before);
  });
});

describe('GET /inspeccion/{id}/informe-fotografico', () => {
  let id: number;
  beforeAll(async () => {
    const created = await casoConInspeccion();
    id = created.id;
    const response = await cerrar('inspector', id, [
      foto(item('Frente')),
      foto(item('Trasera'), { content: FOTOS_JPEG.verde, meta: { capturada_en: '2026-11-25T17:10:30-03:00' } }),
      foto(item('Odómetro'), { content: FOTOS_JPEG.azul }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    [1, 3],
    [2, 2],
    [4, 1],
  ])('draws %i photo(s) a page: %i page(s), each numbered, with the captions and capture times', async (porPagina, paginas) => {
    const response = await informe('inspector', id, porPagina);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="inspeccion_${id}_informe_fotografico_${porPagina}.pdf"; filename*=UTF-8''inspeccion_${id}_informe_fotografico_${porPagina}.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // pdfkit writes one /Type /Page object a page (besides the /Type /Pages tree).
    expect(response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(paginas);
    const { totalPages, pages } = await pdfText(response.rawPayload);
    expect(totalPages).toBe(paginas);
    pages.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de ${paginas}`));
    const all = pages.join('\n');
    for (const leyenda of ['Frente', 'Trasera', 'Odómetro']) expect(all).toContain(leyenda);
    expect(all).toContain('Tomada el 25/11/2026 17:10');
    expect(all).toContain('Informe fotográfico');
  });

  it('is 2 a page by default, for staff too; 1, 2 or 4 only', async () => {
    expect((await pdfText((await informe('user', id)).rawPayload)).totalPages).toBe(2);
    const bad = await informe('user', id, 3);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.porPagina);
  });

  it("answers 403 to an inspector it is not assigned to and 404 for an unknown inspection", async () => {
    const other = await informe('inspector2', id);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(AUTH_MESSAGES.forbidden);
    expect((await informe('user', 999_999)).statusCode).toBe(404);
    expect((await informe(null, id)).statusCode).toBe(401);
  });
});
