import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import {
  INSPECCION_CIERRE_CODES as CODE,
  INSPECCION_CIERRE_MESSAGES as MSG,
  INSPECCION_MESSAGES,
  SUBIDA_MESSAGES,
  type FotoChecklistItem,
} from '@siniestros/domain';
import { casoConInspeccion as casoConInspeccionDe, createTestApp, storedCaseKeys, type Role, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { FOTOS_JPEG } from '../../../test/images';
import { SAMPLE_FILES } from '../../../test/multipart';
import { casos } from '../../db/tables/casos';
import { documentos } from '../../db/tables/documentacion';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';
import { inspeccionFotos } from '../../db/tables/inspeccion-fotos';
import { subidas } from '../../db/tables/subidas';

/**
 * Issue 43 item 3 (docs/decisions/091): POST /inspeccion/d/{id}/cierre, the close a phone sends
 * once it has signal, its files sent before as resumable uploads (tus) and a clave made on the
 * device. Sent twice it closes once; every refusal has its code.
 */
const HOY = MIERCOLES;
let t: TestApp;
let checklist: FotoChecklistItem[];
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
  checklist = (await t.request('inspector', { method: 'GET', url: '/api/fotos-checklist' })).json();
});
afterAll(() => t?.close());

const item = (nombre: string) => checklist.find((row) => row.nombre === nombre)!.id;
const CAPTURADA = '2026-11-25T17:04:00.000Z';
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** One whole file through tus (POST, then one PATCH): its upload id. */
async function subir(role: Role, idInspeccion: number, nombre: string, content: Buffer): Promise<string> {
  const created = await t.request(role, {
    method: 'POST',
    url: '/api/subidas/',
    headers: {
      ...TUS,
      'upload-length': String(content.length),
      'upload-metadata': `filename ${b64(nombre)},proposito ${b64('inspeccion')},id ${b64(String(idInspeccion))}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.headers.location!.split('/').pop()!;
  const sent = await t.request(role, {
    method: 'PATCH',
    url: `/api/subidas/${id}`,
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: content,
  });
  expect(sent.statusCode, sent.body).toBe(204);
  return id;
}

const casoConInspeccion = (idInspector?: number) => casoConInspeccionDe(t, HOY, idInspector);

/** The phone's close: 2 files and 3 photos uploaded, the body that names them. */
async function preparado(id: number, role: Role = 'inspector') {
  return {
    clave: randomUUID(),
    resultado: 'Daños en paragolpes trasero',
    monto_inspeccion: 98000,
    inspeccion: await subir(role, id, 'informe.pdf', SAMPLE_FILES.pdf),
    cotizacion: await subir(role, id, 'cotizacion.pdf', SAMPLE_FILES.pdf),
    fotos: [
      { subida: await subir(role, id, 'frente.jpg', FOTOS_JPEG.rojo), id_checklist: item('Frente'), capturada_en: CAPTURADA, latitud: -34.6, longitud: -58.38 },
      { subida: await subir(role, id, 'trasera.jpg', FOTOS_JPEG.verde), id_checklist: item('Trasera'), capturada_en: CAPTURADA },
      { subida: await subir(role, id, 'danos.jpg', FOTOS_JPEG.rojo), id_checklist: item('Daños'), capturada_en: CAPTURADA, latitud: null, longitud: null },
    ],
  };
}
type Cuerpo = Awaited<ReturnType<typeof preparado>>;

const enviar = (role: Role, id: number, body: unknown) => t.request(role, { method: 'POST', url: `/api/inspeccion/d/${id}/cierre`, payload: body as object });

/** Everything a close touches. */
async function snapshot(idCaso: number, id: number) {
  const db = t.database.db;
  const [inspeccion] = await db.select({ estado: inspecciones.estado, clave: inspecciones.cierre_clave }).from(inspecciones).where(eq(inspecciones.id, id));
  const [caso] = await db.select({ idEstado: casos.id_estado }).from(casos).where(eq(casos.id, idCaso));
  const docs = await db.select({ nombre: documentos.nombre }).from(documentos).where(eq(documentos.id_caso, idCaso)).orderBy(asc(documentos.id));
  const fotos = await db.select({ id: inspeccionFotos.id }).from(inspeccionFotos).where(eq(inspeccionFotos.id_inspeccion, id));
  const history = await db.select({ msg: historial.msg }).from(historial).where(eq(historial.id_caso, idCaso));
  return { inspeccion, caso, docs: docs.map((doc) => doc.nombre), fotos: fotos.length, history: history.map((row) => row.msg), files: (await storedCaseKeys(t, idCaso)).length };
}

const subidaRows = (ids: readonly string[]) =>
  t.database.db
    .select({ id: subidas.id, usada: subidas.usada })
    .from(subidas)
    .then((rows) => rows.filter((row) => ids.includes(row.id)));
const idsOf = (body: Cuerpo) => [body.inspeccion, body.cotizacion, ...body.fotos.map((foto) => foto.subida)];
const DOCS = ['Inspeccion.pdf', 'Repuestos.pdf', 'Foto.jpg', 'Foto_02.jpg', 'Foto_03.jpg', 'Informe_Fotografico.pdf'];

describe('POST /inspeccion/d/{id}/cierre', () => {
  it('closes from resumable uploads once; the same clave again answers repetido and writes nothing twice; another clave 409 finalizada', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const body = await preparado(id);
    const response = await enviar('inspector', id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: INSPECCION_MESSAGES.closed, id, estado: 'Finalizada', repetido: false });
    const after = await snapshot(idCaso, id);
    expect(after).toMatchObject({ inspeccion: { estado: 'Finalizada', clave: body.clave }, caso: { idEstado: 3 }, docs: DOCS, fotos: 3, files: 6 });
    expect(after.history.filter((msg) => msg === INSPECCION_MESSAGES.closeHistory)).toHaveLength(1);
    // The uploads were consumed and then removed: the sweep has nothing left of them.
    expect(await subidaRows(idsOf(body))).toEqual([]);
    // The photos' metadata as sent.
    const fotos = await t.database.db.select().from(inspeccionFotos).where(eq(inspeccionFotos.id_inspeccion, id)).orderBy(asc(inspeccionFotos.id));
    expect(fotos.map((row) => [row.leyenda, row.latitud, row.longitud])).toEqual([
      ['Frente', -34.6, -58.38],
      ['Trasera', null, null],
      ['Daños', null, null],
    ]);

    // The answer was lost: the phone sends the same close again (its uploads are gone by now).
    const again = await enviar('inspector', id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ message: INSPECCION_MESSAGES.closed, id, estado: 'Finalizada', repetido: true });
    expect(await snapshot(idCaso, id)).toEqual(after);

    // Another close of the same inspection (another device, or one made again).
    const other = await enviar('inspector', id, { ...body, clave: randomUUID() });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: CODE.finalizada, message: MSG.finalizada });
    expect(await snapshot(idCaso, id)).toEqual(after);
  });

  it('refuses a reassigned inspection (reasignada), a deleted one (404 no_existe) and a case the office moved on (409 caso_cambiado), writing nothing', async () => {
    const reasignada = await casoConInspeccion();
    const body = await preparado(reasignada.id);
    const moved = await t.request('user', { method: 'PATCH', url: `/api/inspeccion/update_inspector/${reasignada.id}`, payload: { inspector: t.ids.inspector2Record } });
    expect(moved.statusCode, moved.body).toBe(200);
    const before = await snapshot(reasignada.idCaso, reasignada.id);
    const refused = await enviar('inspector', reasignada.id, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: CODE.reasignada, message: MSG.reasignada });
    expect(await snapshot(reasignada.idCaso, reasignada.id)).toEqual(before);
    // Nothing consumed: the uploads stay on the server (and on the phone) until the close is dropped.
    expect((await subidaRows(idsOf(body))).map((row) => row.usada)).toEqual([null, null, null, null, null]);

    const borrada = await casoConInspeccion();
    const body2 = await preparado(borrada.id);
    expect((await t.request('user', { method: 'DELETE', url: `/api/inspeccion/${borrada.id}` })).statusCode).toBe(200);
    const gone = await enviar('inspector', borrada.id, body2);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ code: CODE.noExiste, message: MSG.noExiste });

    const cambiado = await casoConInspeccion();
    const body3 = await preparado(cambiado.id);
    await t.database.db.update(casos).set({ id_estado: 3 }).where(eq(casos.id, cambiado.idCaso));
    const before3 = await snapshot(cambiado.idCaso, cambiado.id);
    const late = await enviar('inspector', cambiado.id, body3);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: CODE.casoCambiado, message: MSG.casoCambiado });
    expect(await snapshot(cambiado.idCaso, cambiado.id)).toEqual(before3);
  });

  it("refuses another user's upload, a used one, one of another inspection and a photo that is not an image, naming the file; nothing written", async () => {
    const { idCaso, id } = await casoConInspeccion();
    const body = await preparado(id);
    const before = await snapshot(idCaso, id);

    // inspector2 may not send files for this inspection: an upload of another user (the office's).
    const ajena = await subir('user', id, 'cotizacion.pdf', SAMPLE_FILES.pdf);
    const foreign = await enviar('inspector', id, { ...body, cotizacion: ajena });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: CODE.subidaNoEncontrada, message: MSG.archivo(MSG.rolCotizacion, SUBIDA_MESSAGES.noEncontrada) });
    expect(foreign.json().errors).toEqual([{ path: 'cotizacion', message: MSG.archivo(MSG.rolCotizacion, SUBIDA_MESSAGES.noEncontrada) }]);

    const otra = await casoConInspeccion();
    const deOtra = await subir('inspector', otra.id, 'frente.jpg', FOTOS_JPEG.rojo);
    const wrong = await enviar('inspector', id, { ...body, fotos: [body.fotos[0], body.fotos[1], { ...body.fotos[2], subida: deOtra }] });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: CODE.subidaOtroDestino, message: MSG.archivo(MSG.rolFoto(3), SUBIDA_MESSAGES.otroDestino) });

    const pdfComoFoto = await enviar('inspector', id, { ...body, fotos: [{ ...body.fotos[0], subida: body.inspeccion }] });
    expect(pdfComoFoto.statusCode).toBe(400);
    expect(pdfComoFoto.json().message).toBe(MSG.subidaRepetida);
    const pdf = await subir('inspector', id, 'foto.pdf', SAMPLE_FILES.pdf);
    const notImage = await enviar('inspector', id, { ...body, fotos: [{ ...body.fotos[0], subida: pdf }] });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ code: CODE.subidaTipo, message: MSG.archivo(MSG.rolFoto(1), SUBIDA_MESSAGES.tipoNoPermitido) });

    // An upload a close already used (the other inspection's close took it).
    const used = await preparado(otra.id);
    expect((await enviar('inspector', otra.id, used)).statusCode).toBe(200);
    const usada = await subir('inspector', id, 'informe.pdf', SAMPLE_FILES.pdf);
    await t.database.db.update(subidas).set({ usada: new Date().toISOString() }).where(eq(subidas.id, usada));
    const reused = await enviar('inspector', id, { ...body, inspeccion: usada });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: CODE.subidaUsada, message: MSG.archivo(MSG.rolInspeccion, SUBIDA_MESSAGES.yaUsada) });

    expect(await snapshot(idCaso, id)).toEqual(before);
    // The good uploads survive every refusal, and the close goes through with them.
    const ok = await enviar('inspector', id, body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await snapshot(idCaso, id)).docs).toEqual(DOCS);
  });

  it('two identical requests at once close once: one answers repetido (or waits on the row lock), no document twice', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const body = await preparado(id);
    const [a, b] = await Promise.all([enviar('inspector', id, body), enviar('inspector', id, body)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect([a.json().repetido, b.json().repetido].sort()).toEqual([false, true]);
    const after = await snapshot(idCaso, id);
    expect(after).toMatchObject({ docs: DOCS, fotos: 3, files: 6 });
    expect(after.history.filter((msg) => msg === INSPECCION_MESSAGES.closeHistory)).toHaveLength(1);
  });

  it('validates the body in Spanish (clave, result, amount, too many photos), checks the object for an Inspector, and an office role may close', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const body = await preparado(id);
    const bad = await enviar('inspector', id, { ...body, clave: 'no-es-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.clave);
    const noResultado = await enviar('inspector', id, { ...body, resultado: ' ' });
    expect(noResultado.json().message).toBe(INSPECCION_MESSAGES.noResultado);
    const many = await enviar('inspector', id, { ...body, fotos: Array.from({ length: 41 }, () => body.fotos[0]) });
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toContain('40 fotos');
    // inspector2 is not assigned: refused as the reassigned case (it is not theirs).
    const otro = await enviar('inspector2', id, body);
    expect(otro.statusCode).toBe(403);
    expect(otro.json().code).toBe(CODE.reasignada);
    expect((await t.request(null, { method: 'POST', url: `/api/inspeccion/d/${id}/cierre`, payload: body })).statusCode).toBe(401);
    expect((await snapshot(idCaso, id)).inspeccion!.estado).toBe('Coordinada');

    // The office user closes with their own uploads (any role, as the multipart close).
    const oficina = await preparado(id, 'user');
    const ok = await enviar('user', id, oficina);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().repetido).toBe(false);
  });
});

describe('the clave and the other inspection writes', () => {
  it('the multipart close keeps an optional clave; a bad one is refused; nothing else writes or clears it', async () => {
    const { id } = await casoConInspeccion();
    const clave = randomUUID();
    const { multipart } = await import('../../../test/multipart');
    const parts = (extra: [string, string][]) =>
      multipart([
        ['resultado', 'Sin daños'],
        ['monto_inspeccion', '1000'],
        ...extra,
        ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
        ['cotizacion', { filename: 'cotizacion.pdf', content: SAMPLE_FILES.pdf }],
      ]);
    const bad = await t.request('inspector', { method: 'PATCH', url: `/api/inspeccion/d/${id}`, ...parts([['clave', 'x']]) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.clave);
    const ok = await t.request('inspector', { method: 'PATCH', url: `/api/inspeccion/d/${id}`, ...parts([['clave', clave]]) });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db.select({ clave: inspecciones.cierre_clave }).from(inspecciones).where(eq(inspecciones.id, id));
    expect(row!.clave).toBe(clave);
    // A Finalizada inspection is not edited, reassigned or deleted: the clave stays (those routes refuse with 409).
    for (const request of [
      { method: 'PATCH' as const, url: `/api/inspeccion/update_inspector/${id}`, payload: { inspector: t.ids.inspector2Record } },
      { method: 'DELETE' as const, url: `/api/inspeccion/${id}` },
    ]) expect((await t.request('user', request)).statusCode).toBe(409);
    const [still] = await t.database.db.select({ clave: inspecciones.cierre_clave }).from(inspecciones).where(eq(inspecciones.id, id));
    expect(still!.clave).toBe(clave);
  });

  it('Reinspeccionar leaves the finalized inspection and its clave as they are: the old close sent again is repetido, the new inspection needs its own', async () => {
    const { idCaso, id } = await casoConInspeccion();
    const body = await preparado(id);
    expect((await enviar('inspector', id, body)).statusCode).toBe(200);
    const reinspect = await t.request('user', { method: 'PATCH', url: `/api/casos/reinspeccionar/${idCaso}`, payload: {} });
    expect(reinspect.statusCode, reinspect.body).toBe(200);
    const before = await snapshot(idCaso, id);
    expect(before.caso!.idEstado).toBe(2);
    const again = await enviar('inspector', id, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().repetido).toBe(true);
    expect(await snapshot(idCaso, id)).toEqual(before);
    // The new inspection of the case: the old clave is not its close (unique per inspection).
    const nueva = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${idCaso}`,
      payload: { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: HOY, direccion: 'Av. Corrientes 1234, CABA', detalle: 'Otra vez' },
    });
    expect(nueva.statusCode, nueva.body).toBe(201);
    const idNueva = nueva.json().id as number;
    const segunda = await preparado(idNueva);
    // The old close's clave with the new inspection's uploads: refused in words, nothing written.
    const reused = await enviar('inspector', idNueva, { ...segunda, clave: body.clave });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ code: CODE.claveUsada, message: MSG.claveUsada });
    const ok = await enviar('inspector', idNueva, segunda);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await snapshot(idCaso, idNueva)).docs).toEqual([...DOCS, 'Inspeccion_02.pdf', 'Repuestos_02.pdf', 'Foto_04.jpg', 'Foto_05.jpg', 'Foto_06.jpg', 'Informe_Fotografico_02.pdf']);
  });
});
