import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, CASO_MESSAGES, INSPECCION_MESSAGES, type Inspeccion, type InspeccionDetalle } from '@siniestros/domain';
import { createTestApp, statementsOf, USERNAMES, type TestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { inspecciones } from '../../db/tables/inspeccion';
import { casos } from '../../db/tables/casos';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const historial = async (idCaso: number) => (await t.request('user', { method: 'GET', url: `/api/historial/${idCaso}` })).json() as { msg: string; usuario: string }[];
const body = (extra: Record<string, unknown> = {}) => ({
  id_inspector: t.ids.inspectorRecord,
  fecha_inspeccion: '2026-12-01',
  direccion: 'Av. Rivadavia 5000, CABA',
  detalle: 'Inspeccionar paragolpes trasero',
  msg: 'Se agendo inspeccion',
  ...extra,
});
const agendar = async (idCaso: number, extra: Record<string, unknown> = {}) => {
  const response = await t.request('user', { method: 'POST', url: `/api/inspeccion/${idCaso}`, payload: body(extra) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Inspeccion & { message: string };
};
/** A case in Coordinar Inspección with one scheduled inspection. */
const casoConInspeccion = async (extra: Record<string, unknown> = {}, fixture: Parameters<typeof insertCaso>[1] = {}) => {
  const caso = await insertCaso(t.database.db, { idEstado: 2, ...fixture });
  return { caso, inspeccion: await agendar(caso.id, extra) };
};
const setEstado = (id: number, estado: string) => t.database.db.update(inspecciones).set({ estado }).where(eq(inspecciones.id, id));

describe('POST /inspeccion/{caseId}', () => {
  it('schedules a Coordinada inspection with its history row', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const created = await agendar(caso.id);
    expect(created).toMatchObject({
      message: INSPECCION_MESSAGES.scheduled,
      id_caso: caso.id,
      id_inspector: t.ids.inspectorRecord,
      inspector_apellido: 'Gómez',
      inspector_nombre: 'Inspector',
      fecha_inspeccion: '2026-12-01',
      estado: 'Coordinada',
      resultado: null,
      monto_inspeccion: null,
    });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: INSPECCION_MESSAGES.scheduled, usuario: USERNAMES.user });
  });

  it('refuses a case that is not in Coordinar Inspección, or already has a pending inspection (409)', async () => {
    const inicial = await insertCaso(t.database.db, { idEstado: 1 });
    const refused = await t.request('user', { method: 'POST', url: `/api/inspeccion/${inicial.id}`, payload: body() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSPECCION_MESSAGES.casoNotCoordinating);

    const { caso } = await casoConInspeccion();
    const twice = await t.request('user', { method: 'POST', url: `/api/inspeccion/${caso.id}`, payload: body() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(INSPECCION_MESSAGES.casoHasPending);
    const count = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id_caso, caso.id));
    expect(count).toHaveLength(1);
  });

  it('answers 400 with field errors, 404 for an unknown case and 422 for an unknown inspector', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const bad = await t.request('user', { method: 'POST', url: `/api/inspeccion/${caso.id}`, payload: { fecha_inspeccion: '2026-13-01', direccion: '', detalle: 'x'.repeat(1501) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'id_inspector', message: INSPECCION_MESSAGES.inspectorRequired },
        { path: 'fecha_inspeccion', message: 'La fecha debe tener el formato AAAA-MM-DD' },
        { path: 'direccion', message: 'La dirección es requerida' },
        { path: 'detalle', message: 'Debe tener maximo 1500 caracteres' },
      ]),
    );
    expect((await t.request('user', { method: 'POST', url: '/api/inspeccion/999999', payload: body() })).json()).toEqual({ message: CASO_MESSAGES.notFound });
    const unknownInspector = await t.request('user', { method: 'POST', url: `/api/inspeccion/${caso.id}`, payload: body({ id_inspector: 99999 }) });
    expect(unknownInspector.statusCode).toBe(422);
    expect(unknownInspector.json().message).toBe(INSPECCION_MESSAGES.inspectorNotFound);
    expect((await historial(caso.id)).map((row) => row.msg)).toEqual(['Alta caso']);
  });
});

describe('GET /inspeccion/{id} (staff view)', () => {
  it('returns the case, its first third party, the insured party and the inspection', async () => {
    const { caso, inspeccion } = await casoConInspeccion({}, { terceros: 2, reclamoNro: '777001' });
    const response = await t.request('admin', { method: 'GET', url: `/api/inspeccion/${inspeccion.id}` });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: InspeccionDetalle };
    expect(data.caso).toMatchObject({
      id: caso.id,
      id_estado: 2,
      estado: 'Coordinar Inspección',
      nombre_compania: 'Compañía Test',
      reclamo_nro: '777001',
      fecha_siniestro: '2026-10-01',
      fecha_denuncia: '2026-10-02',
      gestor: 'Gestor Test',
      apellido_analista: null,
      producto: null,
    });
    expect(data.tercero).toMatchObject({ id: caso.terceroIds[0], apellido: 'Tercero1', tipo_doc: 'DNI', orden: 1 });
    expect(data.asegurado).toMatchObject({ id: caso.idAsegurado, apellido: 'González', dominio: 'AB123CD' });
    expect(data.inspeccion).toMatchObject({ id: inspeccion.id, estado: 'Coordinada', inspector_apellido: 'Gómez', monto_inspeccion: null });
  });

  it('answers 404 for an unknown inspection and 403 to an Inspector', async () => {
    const { inspeccion } = await casoConInspeccion();
    expect((await t.request('user', { method: 'GET', url: '/api/inspeccion/999999' })).statusCode).toBe(404);
    expect((await t.request('inspector', { method: 'GET', url: `/api/inspeccion/${inspeccion.id}` })).statusCode).toBe(403);
  });
});

describe('PATCH /inspeccion/edit/{id}', () => {
  it('changes the data and puts the inspection back to Coordinada, with its history row', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    await setEstado(inspeccion.id, 'Licitando');
    const response = await t.request('user', {
      method: 'PATCH',
      url: `/api/inspeccion/edit/${inspeccion.id}`,
      payload: body({ id_inspector: String(t.ids.inspector2Record), fecha_inspeccion: '2026-12-15', direccion: 'Otra dirección' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: INSPECCION_MESSAGES.edited,
      estado: 'Coordinada',
      id_inspector: t.ids.inspector2Record,
      inspector_apellido: 'Luna',
      fecha_inspeccion: '2026-12-15',
      direccion: 'Otra dirección',
    });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: INSPECCION_MESSAGES.edited });
  });

  it('refuses a Finalizada inspection (409), an unknown one (404) and bad fields (400)', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    expect((await t.request('user', { method: 'PATCH', url: '/api/inspeccion/edit/999999', payload: body() })).statusCode).toBe(404);
    expect((await t.request('user', { method: 'PATCH', url: `/api/inspeccion/edit/${inspeccion.id}`, payload: body({ direccion: '' }) })).statusCode).toBe(400);
    await setEstado(inspeccion.id, 'Finalizada');
    const closed = await t.request('user', { method: 'PATCH', url: `/api/inspeccion/edit/${inspeccion.id}`, payload: body() });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(INSPECCION_MESSAGES.cannotEdit);
    expect((await historial(caso.id))[0]!.msg).toBe(INSPECCION_MESSAGES.scheduled);
  });
});

describe('DELETE /inspeccion/{id}', () => {
  it('deletes a pending inspection with its history row, so another can be scheduled', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    const response = await t.request('user', { method: 'DELETE', url: `/api/inspeccion/${inspeccion.id}`, payload: { usuario: 'x', id_caso: caso.id, fecha: '2026-01-01' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: INSPECCION_MESSAGES.deleted });
    expect((await t.request('user', { method: 'GET', url: `/api/inspeccion/${inspeccion.id}` })).statusCode).toBe(404);
    expect((await historial(caso.id))[0]).toMatchObject({ msg: INSPECCION_MESSAGES.deletedHistory, usuario: USERNAMES.user });
    await agendar(caso.id);
  });

  it('keeps a Finalizada inspection (409) and answers 404 for an unknown one', async () => {
    const { inspeccion } = await casoConInspeccion();
    await setEstado(inspeccion.id, 'Finalizada');
    const refused = await t.request('user', { method: 'DELETE', url: `/api/inspeccion/${inspeccion.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(INSPECCION_MESSAGES.cannotDelete);
    expect((await t.request('user', { method: 'GET', url: `/api/inspeccion/${inspeccion.id}` })).statusCode).toBe(200);
    expect((await t.request('user', { method: 'DELETE', url: '/api/inspeccion/999999', payload: {} })).statusCode).toBe(404);
  });
});

describe('PATCH /inspeccion/update_inspector/{id}', () => {
  it('reassigns a Coordinada inspection, with its history row', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    const response = await t.request('user', {
      method: 'PATCH',
      url: `/api/inspeccion/update_inspector/${inspeccion.id}`,
      payload: { caso: caso.id, inspector: t.ids.inspector2Record, user: 'ignored', msg: 'x', fecha: '2026-01-01' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: INSPECCION_MESSAGES.inspectorUpdated, id_inspector: t.ids.inspector2Record, inspector_apellido: 'Luna' });
    expect((await historial(caso.id))[0]).toMatchObject({ msg: INSPECCION_MESSAGES.inspectorChanged, usuario: USERNAMES.user });
  });

  it('refuses an inspection that is not Coordinada (409), an unknown inspector (422) or inspection (404)', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    for (const estado of ['Licitando', 'Finalizada']) {
      await setEstado(inspeccion.id, estado);
      const refused = await t.request('user', { method: 'PATCH', url: `/api/inspeccion/update_inspector/${inspeccion.id}`, payload: { inspector: t.ids.inspector2Record } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Solo se puede reasignar una inspeccion Coordinada');
    }
    await setEstado(inspeccion.id, 'Coordinada');
    expect((await t.request('user', { method: 'PATCH', url: `/api/inspeccion/update_inspector/${inspeccion.id}`, payload: { inspector: 99999 } })).statusCode).toBe(422);
    expect((await t.request('user', { method: 'PATCH', url: '/api/inspeccion/update_inspector/999999', payload: { inspector: t.ids.inspector2Record } })).statusCode).toBe(404);
    const bad = await t.request('user', { method: 'PATCH', url: `/api/inspeccion/update_inspector/${inspeccion.id}`, payload: { inspector: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'inspector', message: INSPECCION_MESSAGES.inspectorRequired }]);
    const [row] = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id, inspeccion.id));
    expect(row!.id_inspector).toBe(t.ids.inspectorRecord);
    expect((await historial(caso.id))[0]!.msg).toBe(INSPECCION_MESSAGES.scheduled);
  });
});

describe('GET /inspeccion/i/{id_inspect} and GET /inspeccion/d/{id}: an Inspector reaches only their own', () => {
  it("gives an Inspector their own list and detail, and 403 for another inspector's", async () => {
    const mine = await casoConInspeccion();
    const theirs = await casoConInspeccion({ id_inspector: t.ids.inspector2Record });

    const own = await t.request('inspector', { method: 'GET', url: `/api/inspeccion/i/${t.ids.inspectorRecord}` });
    expect(own.statusCode).toBe(200);
    const ownIds = own.json().data.map((row: Inspeccion) => row.id);
    expect(ownIds).toContain(mine.inspeccion.id);
    expect(ownIds).not.toContain(theirs.inspeccion.id);
    expect(own.json().data.every((row: Inspeccion) => row.id_inspector === t.ids.inspectorRecord)).toBe(true);

    const other = await t.request('inspector', { method: 'GET', url: `/api/inspeccion/i/${t.ids.inspector2Record}` });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(AUTH_MESSAGES.forbidden);

    const detail = await t.request('inspector', { method: 'GET', url: `/api/inspeccion/d/${mine.inspeccion.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.inspeccion.id).toBe(mine.inspeccion.id);
    expect((await t.request('inspector', { method: 'GET', url: `/api/inspeccion/d/${theirs.inspeccion.id}` })).statusCode).toBe(403);
    expect((await t.request('inspector2', { method: 'GET', url: `/api/inspeccion/d/${theirs.inspeccion.id}` })).statusCode).toBe(200);
    expect((await t.request('inspector2', { method: 'GET', url: `/api/inspeccion/d/${mine.inspeccion.id}` })).statusCode).toBe(403);
  });

  it('lets staff read any inspector list and detail; unknown ids are 404', async () => {
    const { inspeccion } = await casoConInspeccion({ id_inspector: t.ids.inspector2Record });
    const list = await t.request('user', { method: 'GET', url: `/api/inspeccion/i/${t.ids.inspector2Record}?page=1&pageSize=100` });
    expect(list.json().data.map((row: Inspeccion) => row.id)).toContain(inspeccion.id);
    expect(list.json().totalCount).toBe(list.json().data.length);
    expect((await t.request('admin', { method: 'GET', url: `/api/inspeccion/d/${inspeccion.id}` })).statusCode).toBe(200);
    expect((await t.request('inspector', { method: 'GET', url: '/api/inspeccion/i/999999' })).statusCode).toBe(404);
    expect((await t.request('inspector', { method: 'GET', url: '/api/inspeccion/d/999999' })).statusCode).toBe(404);
  });

  it('pages an inspector list newest first', async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push((await casoConInspeccion({ id_inspector: t.ids.inspector2Record })).inspeccion.id);
    const all = (await t.request('inspector2', { method: 'GET', url: `/api/inspeccion/i/${t.ids.inspector2Record}?pageSize=100` })).json();
    expect(all.data.slice(0, 3).map((row: Inspeccion) => row.id)).toEqual(created.reverse());
    const page = (await t.request('inspector2', { method: 'GET', url: `/api/inspeccion/i/${t.ids.inspector2Record}?page=2&pageSize=2` })).json();
    expect(page).toEqual({ data: all.data.slice(2, 4), totalPages: Math.ceil(all.totalCount / 2), totalCount: all.totalCount });
  });
});

describe('GET /inspeccion/all/ and POST /inspeccion/filtro/', () => {
  let ids: Record<string, number>;
  let casoIds: Record<string, number>;
  let lesiones: number;
  let cristales: number;

  beforeAll(async () => {
    const productos: { id: number; nombre: string }[] = (await t.request('user', { method: 'GET', url: '/api/casos/productos' })).json();
    lesiones = productos.find((producto) => producto.nombre === 'Lesiones')!.id;
    cristales = productos.find((producto) => producto.nombre === 'Cristales')!.id;
    const a = await casoConInspeccion({ fecha_inspeccion: '2030-01-10' }, { idProducto: lesiones });
    const b = await casoConInspeccion({ fecha_inspeccion: '2030-01-20', id_inspector: t.ids.inspector2Record }, { idProducto: cristales });
    const c = await casoConInspeccion({ fecha_inspeccion: '2030-01-20' }, { idProducto: lesiones });
    const d = await casoConInspeccion({ fecha_inspeccion: '2030-02-01' }, { idProducto: cristales });
    await setEstado(c.inspeccion.id, 'Finalizada');
    ids = { a: a.inspeccion.id, b: b.inspeccion.id, c: c.inspeccion.id, d: d.inspeccion.id };
    casoIds = { a: a.caso.id, b: b.caso.id, c: c.caso.id, d: d.caso.id };
  });

  const filtrar = async (filtro: Record<string, unknown>, query = '?page=1&pageSize=100') => {
    const response = await t.request('user', { method: 'POST', url: `/api/inspeccion/filtro/${query}`, payload: filtro });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: Inspeccion[]; totalPage: number; totalCount: number };
  };
  const idsOf = (rows: Inspeccion[]) => rows.map((row) => row.id);

  it('pages every inspection in SQL, latest inspection date first, with product and inspector', async () => {
    const all = (await t.request('user', { method: 'GET', url: '/api/inspeccion/all/?page=1&pageSize=100' })).json();
    expect(idsOf(all.inspecciones.slice(0, 4))).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(all.inspecciones[0]).toMatchObject({ id: ids.d, id_caso: casoIds.d, producto: 'Cristales', inspector_apellido: 'Gómez', estado: 'Coordinada', resultado: null });
    expect(all.totalCount).toBe(all.inspecciones.length);
    const page = (await t.request('user', { method: 'GET', url: '/api/inspeccion/all/?page=2&pageSize=2' })).json();
    expect(page).toEqual({ inspecciones: all.inspecciones.slice(2, 4), totalPages: Math.ceil(all.totalCount / 2), totalCount: all.totalCount });
    // A page past the end carries no row with the total: the total is read by itself.
    const past = (await t.request('user', { method: 'GET', url: `/api/inspeccion/all/?page=${all.totalCount + 1}&pageSize=1` })).json();
    expect(past).toEqual({ inspecciones: [], totalPages: all.totalCount, totalCount: all.totalCount });
    expect((await t.request('inspector', { method: 'GET', url: '/api/inspeccion/all/' })).statusCode).toBe(403);
  });

  it('takes the unfiltered total from fila_contadores, which statement triggers keep exact', async () => {
    const db = t.database.db;
    const counted = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(inspecciones))[0]!.n;
    const listed = async () => (await t.request('user', { method: 'GET', url: '/api/inspeccion/all/?page=1&pageSize=1' })).json().totalCount as number;
    const before = await counted();
    expect(await listed()).toBe(before);

    const { caso, inspeccion } = await casoConInspeccion();
    expect(await listed()).toBe(before + 1);
    expect((await t.request('user', { method: 'DELETE', url: `/api/inspeccion/${inspeccion.id}` })).statusCode).toBe(200);
    expect(await listed()).toBe(before);
    // Several rows in one statement, and a case deleted with its inspections (foreign key cascade).
    await db.execute(sql`insert into inspecciones (id_caso, id_inspector, fecha_inspeccion, direccion, detalle, estado)
      select ${caso.id}, id_inspector, fecha_inspeccion, direccion, detalle, 'Finalizada' from inspecciones order by id limit 3`);
    expect(await listed()).toBe(before + 3);
    await db.delete(casos).where(eq(casos.id, caso.id));
    expect([await listed(), await counted()]).toEqual([before, before]);

    // The list reads the counter rather than counting the rows; a filter still counts them.
    await db.execute(sql`update fila_contadores set total = total + 1000 where tabla = 'inspecciones'`);
    expect(await listed()).toBe(before + 1000);
    expect((await filtrar({ fechaDesde: '2030-01-01' })).totalCount).toBe(4);
    await db.execute(sql`update fila_contadores set total = total - 1000 where tabla = 'inspecciones'`);
  });

  it('filters by case, inspection number, state, inspector, product and date range (inclusive)', async () => {
    expect(idsOf((await filtrar({ nroCaso: String(casoIds.b) })).data)).toEqual([ids.b]);
    expect(idsOf((await filtrar({ nroInspeccion: ids.c })).data)).toEqual([ids.c]);
    expect(idsOf((await filtrar({ estado: 'Finalizada', fechaDesde: '2030-01-01' })).data)).toEqual([ids.c]);
    expect(idsOf((await filtrar({ inspector: String(t.ids.inspector2Record), fechaDesde: '2030-01-01' })).data)).toEqual([ids.b]);
    expect(idsOf((await filtrar({ producto: String(lesiones), fechaDesde: '2030-01-01' })).data)).toEqual([ids.c, ids.a]);
    expect(idsOf((await filtrar({ fechaDesde: '2030-01-10', fechaHasta: '2030-01-20' })).data)).toEqual([ids.c, ids.b, ids.a]);
    expect(idsOf((await filtrar({ estado: 'Coordinada', producto: String(cristales), fechaDesde: '2030-01-01', fechaHasta: '2030-12-31', nroCaso: '', inspector: null })).data)).toEqual([
      ids.d,
      ids.b,
    ]);
    const paged = await filtrar({ fechaDesde: '2030-01-01' }, '?page=2&pageSize=3');
    expect(paged).toMatchObject({ totalPage: 2, totalCount: 4 });
    expect(idsOf(paged.data)).toEqual([ids.a]);
  });

  it('a page 1 by state, inspector, product and dates is one statement with its total, for every state and for none (docs/decisions/065)', async () => {
    await filtrar({ fechaDesde: '2030-01-01' }); // the lookups and the session are now in memory
    for (const [filtro, expected] of [
      [{ estado: 'Coordinada', fechaDesde: '2030-01-01' }, [ids.d, ids.b, ids.a]],
      [{ estado: 'Pendiente', inspector: String(t.ids.inspectorRecord), fechaDesde: '2030-01-01' }, [ids.d, ids.a]],
      [{ estado: 'Finalizada', fechaDesde: '2030-01-01', fechaHasta: '2030-01-31' }, [ids.c]],
      [{ estado: 'Licitando', fechaDesde: '2030-01-01' }, []],
      [{ inspector: String(t.ids.inspector2Record), fechaHasta: '2030-12-31', fechaDesde: '2030-01-01' }, [ids.b]],
      [{ producto: String(lesiones), fechaDesde: '2030-01-01' }, [ids.c, ids.a]],
    ] as const) {
      let page: Awaited<ReturnType<typeof filtrar>> | undefined;
      const statements = await statementsOf(t, async () => (page = await filtrar(filtro)));
      // An empty page carries no total: it is read by itself.
      const ofThePage = statements.filter((text) => !/sesiones|session/i.test(text));
      expect(ofThePage, statements.join('\n---\n')).toHaveLength(expected.length === 0 ? 2 : 1);
      expect([idsOf(page!.data), page!.totalCount], JSON.stringify(filtro)).toEqual([expected, expected.length]);
    }
  });

  it('answers an empty page when nothing matches, and 400 for bad filters', async () => {
    expect(await filtrar({ nroCaso: '999999' })).toEqual({ data: [], totalPage: 0, totalCount: 0 });
    // Product 0 is what an inspection of a case without product holds (drizzle/0032), not a product.
    await t.database.db.update(casos).set({ id_producto: null }).where(eq(casos.id, casoIds.a!));
    for (const producto of ['0', '000']) {
      expect(await filtrar({ producto })).toEqual({ data: [], totalPage: 0, totalCount: 0 });
      expect(await filtrar({ producto, estado: 'Coordinada' })).toEqual({ data: [], totalPage: 0, totalCount: 0 });
    }
    await t.database.db.update(casos).set({ id_producto: lesiones }).where(eq(casos.id, casoIds.a!));
    expect(idsOf((await filtrar({ producto: String(lesiones), fechaDesde: '2030-01-01' })).data)).toEqual([ids.c, ids.a]);
    const bad = await t.request('user', { method: 'POST', url: '/api/inspeccion/filtro/', payload: { nroCaso: 'abc', estado: 'Cerrada', fechaHasta: '2030-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(['estado', 'fechaHasta', 'nroCaso']);
  });
});

describe('case status around inspections', () => {
  it('does not touch the case status when scheduling, editing or reassigning', async () => {
    const { caso, inspeccion } = await casoConInspeccion();
    await t.request('user', { method: 'PATCH', url: `/api/inspeccion/edit/${inspeccion.id}`, payload: body() });
    await t.request('user', { method: 'PATCH', url: `/api/inspeccion/update_inspector/${inspeccion.id}`, payload: { inspector: t.ids.inspector2Record } });
    const [row] = await t.database.db.select({ idEstado: casos.id_estado }).from(casos).where(eq(casos.id, caso.id));
    expect(row!.idEstado).toBe(2);
  });
});
