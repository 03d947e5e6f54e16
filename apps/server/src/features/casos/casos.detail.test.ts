import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { CASO_MESSAGES, CICLO_MESSAGES, FLAG_KEYS, type CasoDetalle } from '@siniestros/domain';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { documentos } from '../../db/tables/documentacion';
import { historial } from '../../db/tables/historial';
import { inspecciones } from '../../db/tables/inspeccion';
import { lesionados } from '../../db/tables/lesionados';
import { letrados } from '../../db/tables/letrados';
import { audiencias } from '../../db/tables/mediacion';
import { analistas } from '../../db/tables/reference';
import { createCaso, tercero } from './casos.test-helpers';
import { asegurados, casos, terceros } from '../../db/tables/casos';

let t: TestApp;
let idCompania: number;
beforeAll(async () => {
  t = await createTestApp();
  idCompania = await ensureCompania(t.database.db);
});
afterAll(() => t?.close());

const getDetail = async (id: number): Promise<CasoDetalle> => (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json();
const patch = (url: string, payload: object) => t.request('user', { method: 'PATCH', url, payload });
const historyOf = (id: number) => t.database.db.select({ msg: historial.msg, usuario: historial.usuario }).from(historial).where(eq(historial.id_caso, id)).orderBy(desc(historial.id));

/** The body the web app sends back: the detail's objects, edited. */
function editBody(detail: CasoDetalle) {
  return { caso: { ...detail.caso }, asegurados: { ...detail.asegurados }, terceros: detail.terceros.map((item) => ({ ...item })) };
}

describe('GET /api/casos/:id', () => {
  it('returns the case with its read-only extras, people, lawyer, injured, hearings, inspections and lookups', async () => {
    const id = await createCaso(t, { terceros: [tercero(1), tercero(2)] });
    const db = t.database.db;
    const [letrado] = await db.insert(letrados).values({ id_caso: id, apellido: 'Abogado', nombre: 'Ana', mail: 'ana@estudio.com' }).returning();
    await db.insert(lesionados).values({ id_caso: id, apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' });
    await db.insert(audiencias).values({ id_caso: id, fecha: '2026-02-01', fechah: '2026-03-01', hora: '10:30', lugar: 'Centro de mediación', mediacion_nro: 'M-1' });
    const inspection = { id_caso: id, id_inspector: t.ids.inspectorRecord, fecha_inspeccion: '2026-02-02', direccion: 'Calle 1', detalle: 'Ver daños' };
    const [finalizada] = await db.insert(inspecciones).values({ ...inspection, estado: 'Finalizada', resultado: 'Daño leve', monto_inspeccion: '12345.60', fecha_cierre: '2026-02-03' }).returning();
    const [coordinada] = await db.insert(inspecciones).values({ ...inspection, estado: 'Coordinada' }).returning();

    const response = await t.request('admin', { method: 'GET', url: `/api/casos/${id}` });
    expect(response.statusCode).toBe(200);
    const detail: CasoDetalle = response.json();
    expect(Object.keys(detail).sort()).toEqual(
      ['caso', 'productos', 'companias', 'analistas', 'asegurados', 'terceros', 'tDoc', 'responsabilidad', 'letrado', 'lesionados', 'audiencias', 'inspecciones', 'inspectores'].sort(),
    );
    expect(detail.caso).toMatchObject({
      id,
      id_estado: 1,
      nombre_estado: 'Pendiente Documentación',
      estado: 'Pendiente Documentación',
      nombre_compania: 'Compañía Test',
      producto: 'Daños Materiales',
      apellido_analista: null,
      responsabilidad: null,
      id_letrado: letrado!.id,
      id_tercero: detail.terceros[0]!.id,
      id_tercero2: detail.terceros[1]!.id,
      id_tercero3: null,
      id_inspeccion: coordinada!.id,
      resultado: 'Daño leve',
      monto_inspeccion: '12345.60',
      completa_doc: false,
      urg: false,
      sc: false,
    });
    expect(detail.asegurados).toMatchObject({ apellido: 'González', tipo_doc: 'DNI', suma_asegurada: '1500000.50', anio: 2015 });
    expect(detail.terceros.map((item) => [item.orden, item.apellido])).toEqual([
      [1, 'Tercero1'],
      [2, 'Tercero2'],
    ]);
    expect(detail.letrado).toMatchObject({ id: letrado!.id, id_caso: id, apellido: 'Abogado', mail: 'ana@estudio.com' });
    expect(detail.lesionados).toEqual([expect.objectContaining({ apellido: 'Herido', tipo_doc: 'DNI', id_caso: id })]);
    expect(detail.audiencias).toEqual([expect.objectContaining({ fechah: '2026-03-01', hora: '10:30:00', mediacion_nro: 'M-1' })]);
    expect(detail.inspecciones.map((item) => [item.id, item.estado, item.inspector_apellido, item.inspector_nombre])).toEqual([
      [finalizada!.id, 'Finalizada', 'Gómez', 'Inspector'],
      [coordinada!.id, 'Coordinada', 'Gómez', 'Inspector'],
    ]);
    expect(detail.tDoc.map((item) => item.nombre)).toEqual(['DNI', 'Pasaporte', 'Cedula', 'LC']);
    expect(detail.productos.length).toBeGreaterThan(0);
    expect(detail.companias).toContainEqual({ id: idCompania, nombre: 'Compañía Test' });
    expect(detail.inspectores).toContainEqual({ id: t.ids.inspectorRecord, nombre: 'Inspector', apellido: 'Gómez' });
  });

  it('answers 404 for a case that does not exist and 400 for a bad id', async () => {
    const missing = await t.request('user', { method: 'GET', url: '/api/casos/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: CASO_MESSAGES.notFound });
    expect((await t.request('user', { method: 'GET', url: '/api/casos/abc' })).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const id = await createCaso(t);
    expect((await t.request('inspector', { method: 'GET', url: `/api/casos/${id}` })).statusCode).toBe(403);
  });
});

describe('PATCH /api/casos/:id', () => {
  it('saves case, insured party and third parties; never writes status, flags or read-only fields', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const body = editBody(await getDetail(id));
    Object.assign(body.caso, { gestor: 'Gestor Editado', reclamo_nro: '777000', id_estado: 8, urg: true, nombre_estado: 'X', fecha_creado: '2000-01-01', usuario: 'otro', id_producto: 2 });
    Object.assign(body.asegurados, { apellido: 'Ibáñez', dominio: 'zz999yy', suma_asegurada: 2000 });
    body.terceros[0]!.apellido = 'Núñez';
    const response = await patch(`/api/casos/${id}`, { ...body, terceros: [...body.terceros, tercero(9, { apellido: 'Peña' })] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Caso actualizado exitosamente', id_estado: 1 });

    const detail = await getDetail(id);
    expect(detail.caso).toMatchObject({ gestor: 'Gestor Editado', reclamo_nro: '777000', id_estado: 1, urg: false, nombre_estado: 'Pendiente Documentación', producto: 'Lesiones', usuario: USERNAMES.user });
    expect(detail.caso.fecha_creado).not.toBe('2000-01-01');
    expect(detail.asegurados).toMatchObject({ apellido: 'Ibáñez', dominio: 'ZZ999YY', suma_asegurada: '2000.00' });
    expect(detail.terceros.map((item) => [item.orden, item.apellido])).toEqual([
      [1, 'Núñez'],
      [2, 'Peña'],
    ]);
    const [row] = await t.database.db.select({ busqueda: casos.busqueda }).from(casos).where(eq(casos.id, id));
    expect(row!.busqueda).toContain('ibanez');
    expect(row!.busqueda).toContain('nunez');
    expect(row!.busqueda).toContain('pena');
    expect(row!.busqueda).toContain('777000');
    expect(row!.busqueda).not.toContain('gonzalez');
  });

  it('rolls the case change back when a third party is bad', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const other = await createCaso(t, { terceros: [tercero(1)] });
    const otherTercero = (await getDetail(other)).terceros[0]!;
    const body = editBody(await getDetail(id));
    body.caso.gestor = 'No debe quedar';
    body.asegurados.apellido = 'Tampoco';

    const foreign = await patch(`/api/casos/${id}`, { ...body, terceros: [{ ...otherTercero, apellido: 'Robado' }] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(CASO_MESSAGES.terceroNotFound);

    const badReference = await patch(`/api/casos/${id}`, { ...body, terceros: [{ ...body.terceros[0]!, id_tipo_doc: 999_999 }] });
    expect(badReference.statusCode).toBe(422);

    const tooMany = await patch(`/api/casos/${id}`, { ...body, terceros: [body.terceros[0]!, tercero(2), tercero(3), tercero(4), tercero(5), tercero(6)] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(CASO_MESSAGES.tooManyTerceros);

    const detail = await getDetail(id);
    expect(detail.caso.gestor).toBe('Gestor Uno');
    expect(detail.asegurados.apellido).toBe('González');
    expect(detail.terceros).toHaveLength(1);
    const [foreignRow] = await t.database.db.select({ apellido: terceros.apellido }).from(terceros).where(eq(terceros.id, otherTercero.id));
    expect(foreignRow!.apellido).toBe('Tercero1');
  });

  it('refuses a sixth third party added to five', async () => {
    const id = await createCaso(t, { terceros: [1, 2, 3, 4, 5].map((n) => tercero(n)) });
    const response = await patch(`/api/terceros/t/${id}`, [tercero(6)]);
    expect(response.statusCode).toBe(400);
    expect((await getDetail(id)).terceros).toHaveLength(5);
  });

  it('advances a case at status 1 with documents when completa_doc is checked (decision 000)', async () => {
    const id = await createCaso(t);
    const body = editBody(await getDetail(id));
    body.caso.completa_doc = true;
    const withoutDocs = await patch(`/api/casos/${id}`, body);
    expect(withoutDocs.json().id_estado).toBe(1);

    await t.database.db.insert(documentos).values({ id_caso: id, nombre: 'DNI.pdf', tipo: 'DNI', storage_key: `casos/${id}/dni.pdf`, tamano: 10, usuario: USERNAMES.user });
    // Saved again as read after the first save (its edit versions, docs/decisions/074).
    const reread = editBody(await getDetail(id));
    reread.caso.completa_doc = true;
    const withDocs = await patch(`/api/casos/${id}`, reread);
    expect(withDocs.json()).toEqual({ message: CASO_MESSAGES.updated, id_estado: 2 });
    const detail = await getDetail(id);
    expect(detail.caso).toMatchObject({ id_estado: 2, completa_doc: true });
    expect((await historyOf(id))[0]).toEqual({ msg: CICLO_MESSAGES.history.completaDoc, usuario: USERNAMES.user });

    const again = await patch(`/api/casos/${id}`, editBody(detail));
    expect(again.json().id_estado).toBe(2);
  });

  it('answers 404 for a missing case and 400 for an invalid body', async () => {
    const detail = await getDetail(await createCaso(t));
    expect((await patch('/api/casos/999999', editBody(detail))).statusCode).toBe(404);
    const invalid = await patch(`/api/casos/${detail.caso.id}`, { ...editBody(detail), caso: { ...detail.caso, gestor: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].path).toBe('caso.gestor');
  });
});

describe('the spec three-call edit (keyed by the case id)', () => {
  it('PATCH /casos/t, /asegurados/t and /terceros/t each save their part', async () => {
    const id = await createCaso(t, { terceros: [tercero(1)] });
    const detail = await getDetail(id);

    const casoResponse = await patch(`/api/casos/t/${id}`, { ...detail.caso, gestor: 'Por separado', id_compania: String(idCompania) });
    expect(casoResponse.json()).toEqual({ message: CASO_MESSAGES.updated, id_estado: 1 });

    const aseguradoResponse = await patch(`/api/asegurados/t/${id}`, { ...detail.asegurados, apellido: 'Muñoz' });
    expect(aseguradoResponse.statusCode).toBe(200);

    const tercerosResponse = await patch(`/api/terceros/t/${id}`, [{ ...detail.terceros[0]!, dominio: 'kk111kk' }, tercero(2, { apellido: 'Nuevo' })]);
    expect(tercerosResponse.statusCode).toBe(200);

    const after = await getDetail(id);
    expect(after.caso.gestor).toBe('Por separado');
    expect(after.asegurados.apellido).toBe('Muñoz');
    expect(after.terceros.map((item) => [item.dominio, item.apellido])).toEqual([
      ['KK111KK', 'Tercero1'],
      ['AC200ZZ', 'Nuevo'],
    ]);
    const [row] = await t.database.db.select({ busqueda: casos.busqueda }).from(casos).where(eq(casos.id, id));
    expect(row!.busqueda).toContain('munoz');
    expect(row!.busqueda).toContain('kk111kk');

    expect((await patch('/api/asegurados/t/999999', detail.asegurados)).statusCode).toBe(404);
    const [aseguradoRow] = await t.database.db.select({ apellido: asegurados.apellido }).from(asegurados).where(eq(asegurados.id, detail.caso.id_asegurado));
    expect(aseguradoRow!.apellido).toBe('Muñoz');
  });
});

describe('PATCH /api/casos/caso_ana/:id', () => {
  it('assigns the analyst and writes the history row in the same transaction', async () => {
    const id = await createCaso(t);
    const [analista] = await t.database.db.insert(analistas).values({ apellido: 'Fernández', nombre: 'Laura' }).returning();
    const response = await patch(`/api/casos/caso_ana/${id}`, { id_analista: analista!.id, usuario: 'ignorado', msg: 'x', fecha: '2026-01-01' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Analista actualizado exitosamente' });
    expect((await getDetail(id)).caso).toMatchObject({ id_analista: analista!.id, apellido_analista: 'Fernández', nombre_analista: 'Laura' });
    expect((await historyOf(id))[0]).toEqual({ msg: 'Se asigna el analista Fernández Laura', usuario: USERNAMES.user });
  });

  it('answers 422 for an unknown analyst and 404 for an unknown case, writing nothing', async () => {
    const id = await createCaso(t);
    const before = await historyOf(id);
    const unknown = await patch(`/api/casos/caso_ana/${id}`, { id_analista: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: CASO_MESSAGES.analistaNotFound });
    expect(await historyOf(id)).toEqual(before);
    expect((await patch('/api/casos/caso_ana/999999', { id_analista: 1 })).statusCode).toBe(404);
    expect((await patch(`/api/casos/caso_ana/${id}`, {})).statusCode).toBe(400);
  });

  it('the main form writes the same history row when the analyst changes', async () => {
    const id = await createCaso(t);
    const [analista] = await t.database.db.insert(analistas).values({ apellido: 'Sosa', nombre: 'Carla' }).returning();
    const body = editBody(await getDetail(id));
    body.caso.id_analista = analista!.id;
    await patch(`/api/casos/${id}`, body);
    await patch(`/api/casos/${id}`, body);
    const messages = (await historyOf(id)).map((entry) => entry.msg);
    expect(messages.filter((msg) => msg === 'Se asigna el analista Sosa Carla')).toHaveLength(1);
  });
});

describe('flags', () => {
  it('GET returns the 17 booleans; PATCH toggles one and returns them all; the change persists', async () => {
    const id = await createCaso(t);
    const initial = await t.request('user', { method: 'GET', url: `/api/casos/flag/${id}` });
    expect(initial.json()).toEqual(Object.fromEntries(FLAG_KEYS.map((key) => [key, false])));

    const urgent = await patch(`/api/casos/flag/${id}`, { flag: 1 });
    expect(urgent.json()).toMatchObject({ urg: true, sc: false });
    const last = await patch(`/api/casos/flag/${id}`, { flag: '17' });
    expect(last.json()).toMatchObject({ urg: true, sc: true });
    expect(Object.keys(last.json())).toHaveLength(17);
    const off = await patch(`/api/casos/flag/${id}`, { flag: 1 });
    expect(off.json()).toMatchObject({ urg: false, sc: true });

    const persisted = (await t.request('user', { method: 'GET', url: `/api/casos/flag/${id}` })).json();
    expect(persisted).toMatchObject({ urg: false, sc: true });
    expect((await getDetail(id)).caso).toMatchObject({ urg: false, sc: true });
  });

  it('two toggles at the same time both count', async () => {
    const id = await createCaso(t);
    await Promise.all([patch(`/api/casos/flag/${id}`, { flag: 5 }), patch(`/api/casos/flag/${id}`, { flag: 5 })]);
    expect((await t.request('user', { method: 'GET', url: `/api/casos/flag/${id}` })).json().lesion).toBe(false);
  });

  it('refuses an unknown flag and an unknown case', async () => {
    const id = await createCaso(t);
    expect((await patch(`/api/casos/flag/${id}`, { flag: 18 })).statusCode).toBe(400);
    expect((await patch('/api/casos/flag/999999', { flag: 1 })).statusCode).toBe(404);
    expect((await t.request('user', { method: 'GET', url: '/api/casos/flag/999999' })).statusCode).toBe(404);
  });
});
