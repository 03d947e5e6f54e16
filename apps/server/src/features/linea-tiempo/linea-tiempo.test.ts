import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CASO_MESSAGES, decodeLineaCursor, encodeLineaCursor, LINEA_MESSAGES, type LineaItem, type LineaResponse } from '@siniestros/domain';
import { casoConInspeccion, USERNAMES, useTestApp, type Role } from '../../../test/helpers';
import { changeFirstTercero, createCaso } from '../casos/casos.test-helpers';

const t = useTestApp();

const url = (id: number, query = '') => `/api/casos/${id}/linea-tiempo${query}`;
const get = (role: Role | null, id: number, query = '') => t.request(role, { method: 'GET', url: url(id, query) });
const page = async (id: number, query = '') => {
  const response = await get('user', id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LineaResponse>();
};

/** Every page, following `siguiente`. */
async function walk(id: number, query: string): Promise<{ items: LineaItem[]; pages: number }> {
  const items: LineaItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const body: LineaResponse = await page(id, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...body.items);
    cursor = body.siguiente;
    pages += 1;
  } while (cursor && pages < 1000);
  return { items, pages };
}

describe('GET /api/casos/:id/linea-tiempo', () => {
  it('puts every kind of event of the case on one strip, newest first, and only that case', async () => {
    const idCaso = await createCaso(t);
    const advanced = await t.request('user', { method: 'PATCH', url: `/api/casos/avanza/${idCaso}` });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const scheduled = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${idCaso}`,
      payload: { id_inspector: t.ids.inspectorRecord, fecha_inspeccion: '2026-03-02', direccion: 'Av. Corrientes 1234, CABA', detalle: 'Revisar daños' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    const idInspeccion = scheduled.json<{ id: number }>().id;
    const other = await createCaso(t);
    await t.request('user', { method: 'POST', url: '/api/historial', payload: { id_caso: other, msg: 'De otro caso' } });
    expect((await t.request('user', { method: 'POST', url: '/api/historial', payload: { id_caso: idCaso, msg: 'Llamé al tercero' } })).statusCode).toBe(201);
    expect((await t.request('user', { method: 'POST', url: `/api/lesionados/${idCaso}`, payload: { apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' } })).statusCode).toBe(201);
    const tarea = await t.request('user', { method: 'POST', url: `/api/tareas/caso/${idCaso}`, payload: { texto: 'Pedir presupuesto', vence: '2026-12-01', id_usuario: t.ids.user } });
    expect(tarea.statusCode, tarea.body).toBe(201);
    await t.rows(sql`insert into audiencias (id_caso, fecha, fechah, hora, lugar, mediacion_nro) values (${idCaso}, '2026-02-01', '2026-04-01', '10:30', 'Centro de mediación', 'M-7')`);
    await t.rows(sql`insert into documentos (id_caso, nombre, tipo, storage_key, tamano, usuario) values (${idCaso}, 'DNI.pdf', 'DNI', 'x/DNI.pdf', 10, 'usuario')`);
    await changeFirstTercero(t, idCaso, { marca_modelo: 'Peugeot 208' });

    const body = await page(idCaso);
    expect(body.siguiente).toBeNull();
    const tipos = new Set(body.items.map((item) => item.tipo));
    expect([...tipos].sort()).toEqual(['audiencia', 'cambio', 'documento', 'estado', 'inspeccion', 'lesionado', 'mensaje', 'tarea']);
    expect(body.items.map((item) => item.texto)).not.toContain('De otro caso');
    // Newest first, by the instant.
    const instants = body.items.map((item) => Date.parse(item.fecha));
    expect(instants).toEqual([...instants].sort((a, b) => b - a));

    const cambio = body.items.find((item) => item.tipo === 'cambio' && item.cambios.some((c) => c.campo === 'tercero1.marca_modelo'));
    expect(cambio?.cambios).toContainEqual({ campo: 'tercero1.marca_modelo', antes: 'Fiat Cronos', despues: 'Peugeot 208' });
    expect(cambio?.usuario).toBe(USERNAMES.user);
    const estado = body.items.find((item) => item.tipo === 'estado');
    expect(estado?.cambios).toContainEqual({ campo: 'id_estado', antes: 1, despues: 2 });
    expect(body.items.find((item) => item.tipo === 'inspeccion')).toMatchObject({ id: idInspeccion, solo_fecha: true, texto: expect.stringContaining('Coordinada') });
    expect(body.items.find((item) => item.tipo === 'audiencia')).toMatchObject({ fecha: '2026-04-01T13:30:00.000000Z', texto: 'Centro de mediación · Mediación M-7' });
    expect(body.items.find((item) => item.tipo === 'lesionado')).toMatchObject({ texto: 'Herido, Pedro', usuario: USERNAMES.user, solo_fecha: false });
    expect(body.items.find((item) => item.tipo === 'mensaje' && item.texto === 'Llamé al tercero')?.usuario).toBe(USERNAMES.user);

    const filtered = await page(idCaso, '?tipos=documento,tarea');
    expect(filtered.items.map((item) => [item.tipo, item.texto])).toEqual(
      expect.arrayContaining([
        ['documento', 'DNI.pdf'],
        ['tarea', 'Pedir presupuesto'],
      ]),
    );
    expect(new Set(filtered.items.map((item) => item.tipo))).toEqual(new Set(['documento', 'tarea']));
  });

  it('is the office staff’s: an Inspector, even the case’s own, and anyone signed out are refused; an unknown case is 404', async () => {
    const { idCaso } = await casoConInspeccion(t, '2026-03-03');
    expect((await get('admin', idCaso)).statusCode).toBe(200);
    for (const role of ['inspector', 'inspector2'] as const) {
      const refused = await get(role, idCaso);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Revisar');
    }
    expect((await get(null, idCaso)).statusCode).toBe(401);
    const missing = await get('user', 999_999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CASO_MESSAGES.notFound);
  });

  it('refuses a tampered cursor, unknown kinds and a page size past the limit', async () => {
    const idCaso = await createCaso(t);
    const bad = ['not-base64!', encodeLineaCursor({ t: '1', k: 0, id: 1 }).slice(0, -2) + '@@', btoa('{"t":"1","k":99,"id":1}'), btoa('{"t":"1e3","k":0,"id":1}'), btoa('[1]'), 'x'.repeat(201)];
    for (const cursor of bad) {
      const response = await get('user', idCaso, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.body).toContain(LINEA_MESSAGES.badCursor);
    }
    expect((await get('user', idCaso, '?tipos=mensaje,secreto')).statusCode).toBe(400);
    expect((await get('user', idCaso, '?limite=201')).statusCode).toBe(400);
    expect((await get('user', idCaso, '?limite=0')).statusCode).toBe(400);
    // A well-formed cursor only moves within the case of the path: far in the future it is the first page, far in the past an empty one.
    const future = await page(idCaso, `?cursor=${encodeLineaCursor({ t: '9000000000000000', k: 7, id: 2_147_483_647 })}`);
    expect(future.items.length).toBeGreaterThan(0);
    const past = await page(idCaso, `?cursor=${encodeLineaCursor({ t: '-9000000000000000', k: 0, id: 1 })}`);
    expect(past).toEqual({ items: [], siguiente: null });
  });

  it('pages a case with thousands of events by its cursor: each event once, in order, ties on the same instant included', async () => {
    const idCaso = await createCaso(t);
    // 3,000 messages, 1,500 field changes and 500 documents; 20 of the messages at the very same instant.
    await t.rows(sql`insert into historial (id_caso, usuario, msg, fecha)
      select ${idCaso}, 'usuario', 'Mensaje ' || g, case when g <= 20 then timestamptz '2026-01-01 12:00:00.123456+00' else now() - g * interval '1 minute' end
      from generate_series(1, 3000) g`);
    await t.rows(sql`insert into audit_log (fecha, actor, action, entity, entity_id, changes)
      select now() - g * interval '90 seconds', 'usuario', 'caso.update', 'caso', ${idCaso}, jsonb_build_object('gestor', jsonb_build_array('A' || g, 'B' || g))
      from generate_series(1, 1500) g`);
    await t.rows(sql`insert into documentos (id_caso, nombre, tipo, storage_key, tamano, usuario, creado)
      select ${idCaso}, 'Foto_' || g || '.jpg', 'Foto', 'x/' || g, 1, 'usuario', timestamptz '2026-01-01 12:00:00.123456+00' + (g % 3) * interval '1 microsecond'
      from generate_series(1, 500) g`);

    const { items, pages } = await walk(idCaso, '?limite=200');
    const keys = items.map((item) => `${item.tipo}:${item.id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(items.filter((item) => item.tipo === 'mensaje' && item.texto.startsWith('Mensaje ')).length).toBe(3000);
    expect(items.filter((item) => item.tipo === 'cambio').length).toBe(1500);
    expect(items.filter((item) => item.tipo === 'documento').length).toBe(500);
    expect(pages).toBe(Math.ceil(items.length / 200));
    const instants = items.map((item) => item.fecha);
    expect(instants).toEqual([...instants].sort().reverse());

    // A filter pages the same way; its cursor reads on with the filter it is given.
    const docs = await walk(idCaso, '?limite=70&tipos=documento');
    expect(docs.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(items.filter((item) => item.tipo === 'documento').map((item) => item.id).sort((a, b) => a - b));
    const first = await page(idCaso, '?limite=1');
    expect(decodeLineaCursor(first.siguiente!)).toMatchObject({ k: expect.any(Number), id: first.items[0]!.id });
  });
});
