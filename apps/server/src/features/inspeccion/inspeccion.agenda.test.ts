import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  INSPECCION_AGENDA_TEXTS,
  INSPECCION_ESTADOS,
  INSPECCION_MESSAGES,
  MSG_PAGE,
  MSG_PAGE_SIZE,
  type Inspeccion,
  type InspeccionAgenda,
  type InspeccionDetalle,
} from '@siniestros/domain';
import { useTestApp, type Role } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { inspecciones } from '../../db/tables/inspeccion';
import { terceros } from '../../db/tables/casos';
import { companias } from '../../db/tables/reference';

/** GET /inspeccion/agenda (issue 43 item 1, docs/decisions/086) and the visit's hour on schedule and edit. */
const t = useTestApp();

type Visita = { fecha: string; hora?: string | null; estado?: string; cierre?: string | null; inspector?: 'inspector' | 'inspector2'; terceros?: number };

/** A case at Coordinar Inspección with one inspection written straight to the table; returns the inspection's id. */
async function visita({ fecha, hora = null, estado = INSPECCION_ESTADOS.COORDINADA, cierre = null, inspector = 'inspector', terceros: count = 1 }: Visita) {
  const caso = await insertCaso(t.database.db, { idEstado: 2, terceros: count });
  const isFinal = estado === INSPECCION_ESTADOS.FINALIZADA;
  const [row] = await t.database.db
    .insert(inspecciones)
    .values({
      id_caso: caso.id,
      id_inspector: inspector === 'inspector' ? t.ids.inspectorRecord : t.ids.inspector2Record,
      fecha_inspeccion: fecha,
      hora_inspeccion: hora,
      direccion: `Taller ${fecha} ${hora ?? 'sin hora'}`,
      detalle: 'Revisar paragolpes',
      estado,
      fecha_cierre: isFinal ? cierre : null,
      resultado: isFinal ? 'Daño leve' : null,
      monto_inspeccion: isFinal ? '1000.00' : null,
    })
    .returning({ id: inspecciones.id });
  return { id: row!.id, caso };
}

const agenda = async (role: Role, query = '') => {
  const response = await t.request(role, { method: 'GET', url: `/api/inspeccion/agenda${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as InspeccionAgenda;
};
const ids = (page: InspeccionAgenda) => page.data.map((row) => row.id);

describe('GET /inspeccion/agenda', () => {
  it("lists the inspector's pending visits by date, hour (none last) and id, with the case and its first third party", async () => {
    // Written out of order on purpose: the answer's order is the query's.
    const tardeDia2 = await visita({ fecha: '2026-12-02', hora: '15:00' });
    const sinHoraDia2 = await visita({ fecha: '2026-12-02' });
    const mananaDia2 = await visita({ fecha: '2026-12-02', hora: '09:30', terceros: 2 });
    const dia3 = await visita({ fecha: '2026-12-03', hora: '08:00', estado: INSPECCION_ESTADOS.LICITANDO });
    const atrasada = await visita({ fecha: '2026-11-20', hora: '18:00', terceros: 0 });
    const otraSinHoraDia2 = await visita({ fecha: '2026-12-02' });
    // Not pending, or someone else's: never on this list.
    await visita({ fecha: '2026-12-01', estado: INSPECCION_ESTADOS.FINALIZADA, cierre: '2026-12-01' });
    const ajena = await visita({ fecha: '2026-12-02', hora: '07:00', inspector: 'inspector2' });

    await t.database.db.update(terceros).set({ cel: '+54 9 11 5555-0101', fijo: '4555-0000' }).where(eq(terceros.id, mananaDia2.caso.terceroIds[0]!));
    await t.database.db.update(terceros).set({ cel: 'Sin datos', apellido: 'Segundo' }).where(eq(terceros.id, mananaDia2.caso.terceroIds[1]!));
    await t.database.db.update(terceros).set({ cel: '  ', fijo: '011 4555-1234' }).where(eq(terceros.id, tardeDia2.caso.terceroIds[0]!));

    const page = await agenda('inspector', '?vista=pendientes');
    expect(ids(page)).toEqual([atrasada.id, mananaDia2.id, tardeDia2.id, sinHoraDia2.id, otraSinHoraDia2.id, dia3.id]);
    expect(page).toMatchObject({ totalCount: 6, totalPages: 1 });
    expect(ids(page)).not.toContain(ajena.id);

    const [compania] = await t.database.db.select({ nombre: companias.nombre }).from(companias).where(eq(companias.id, mananaDia2.caso.idCompania));
    const manana = page.data[1]!;
    expect(manana).toMatchObject({
      id_caso: mananaDia2.caso.id,
      compania: compania!.nombre,
      fecha_inspeccion: '2026-12-02',
      hora_inspeccion: '09:30:00',
      direccion: 'Taller 2026-12-02 09:30',
      detalle: 'Revisar paragolpes',
      estado: INSPECCION_ESTADOS.COORDINADA,
      fecha_cierre: null,
      // The first third party (orden 1), the mobile first.
      tercero: { apellido: 'Tercero1', nombre: 'Juan', telefono: '+54 9 11 5555-0101', marca_modelo: 'Fiat Cronos', dominio: 'AC100ZZ' },
    });
    expect(manana.reclamo_nro).toMatch(/^\d{6}$/);
    // No mobile: the landline; no third party at all: null.
    expect(page.data[2]!.tercero!.telefono).toBe('011 4555-1234');
    expect(page.data[0]!.tercero).toBeNull();
    expect(page.data[5]!.estado).toBe(INSPECCION_ESTADOS.LICITANDO);
    // pendientes is the default view.
    expect(ids(await agenda('inspector'))).toEqual(ids(page));
  });

  it("never shows another inspector's visits, whatever the query names", async () => {
    const mia = await visita({ fecha: '2026-12-10', inspector: 'inspector2' });
    const ajena = await visita({ fecha: '2026-12-10' });
    const deInspector2 = await agenda('inspector2', `?vista=pendientes&id_inspect=${t.ids.inspectorRecord}&id_inspector=${t.ids.inspectorRecord}`);
    expect(ids(deInspector2)).toContain(mia.id);
    expect(ids(deInspector2)).not.toContain(ajena.id);
    expect(deInspector2.data.every((row) => row.direccion !== ajena.id.toString())).toBe(true);
    const rows = await t.rows<{ id: number }>(`select id from inspecciones where id_inspector = ${t.ids.inspector2Record} and estado in ('Coordinada', 'Licitando')`);
    expect(ids(deInspector2).sort()).toEqual(rows.map((row) => row.id).sort());
    expect(ids(await agenda('inspector'))).not.toContain(mia.id);
  });

  it('pages the finalized ones, newest closing first', async () => {
    const cerradas = [];
    for (const cierre of ['2026-11-02', '2026-11-05', '2026-11-03', '2026-11-05', '2026-11-01']) {
      cerradas.push({ cierre, id: (await visita({ fecha: '2026-10-30', estado: INSPECCION_ESTADOS.FINALIZADA, cierre, inspector: 'inspector2' })).id });
    }
    await visita({ fecha: '2026-10-30', estado: INSPECCION_ESTADOS.FINALIZADA, cierre: '2026-11-09' });
    // Newest closing first; on the same day the later inspection first.
    const expected = [...cerradas].sort((a, b) => b.cierre.localeCompare(a.cierre) || b.id - a.id).map((row) => row.id);
    const first = await agenda('inspector2', '?vista=finalizadas&page=1&pageSize=2');
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3 });
    expect(ids(first)).toEqual(expected.slice(0, 2));
    expect(first.data[0]).toMatchObject({ estado: INSPECCION_ESTADOS.FINALIZADA, fecha_cierre: '2026-11-05' });
    expect(ids(await agenda('inspector2', '?vista=finalizadas&page=2&pageSize=2'))).toEqual(expected.slice(2, 4));
    expect(ids(await agenda('inspector2', '?vista=finalizadas&page=3&pageSize=2'))).toEqual(expected.slice(4));
    expect(ids(await agenda('inspector2', '?vista=finalizadas&page=4&pageSize=2'))).toEqual([]);
  });

  it('tells an office user without an inspector record so (409), and reads the record of one who has it', async () => {
    for (const role of ['admin', 'user'] as const) {
      const response = await t.request(role, { method: 'GET', url: '/api/inspeccion/agenda' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: INSPECCION_MESSAGES.notLinked });
    }
    expect((await t.request(null, { method: 'GET', url: '/api/inspeccion/agenda' })).statusCode).toBe(401);

    // A User who also inspects (id_inspect set by the Admin) sees that record's visits.
    const propia = await visita({ fecha: '2026-12-20', inspector: 'inspector2' });
    const linked = await t.request('admin', { method: 'PATCH', url: `/api/users/${t.ids.user}`, payload: { id_inspect: t.ids.inspector2Record } });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(ids(await agenda('user'))).toContain(propia.id);
  });

  it('answers bad query values with 400 in Spanish', async () => {
    const cases: [string, string, string][] = [
      ['?vista=todas', 'vista', INSPECCION_AGENDA_TEXTS.vistaInvalida],
      ['?page=0', 'page', MSG_PAGE],
      ['?page=abc', 'page', MSG_PAGE],
      ['?pageSize=101', 'pageSize', MSG_PAGE_SIZE],
    ];
    for (const [query, path, message] of cases) {
      const response = await t.request('inspector', { method: 'GET', url: `/api/inspeccion/agenda${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors, query).toEqual([{ path, message }]);
    }
  });
});

describe("the visit's hour (Hora) on schedule and edit", () => {
  const body = (extra: Record<string, unknown> = {}) => ({
    id_inspector: t.ids.inspector2Record,
    fecha_inspeccion: '2026-12-15',
    direccion: 'Av. Rivadavia 5000, CABA',
    detalle: 'Inspeccionar paragolpes trasero',
    ...extra,
  });
  const read = async (id: number) => ((await t.request('user', { method: 'GET', url: `/api/inspeccion/${id}` })).json() as { data: InspeccionDetalle }).data.inspeccion;

  it('is optional: kept as given, null without it, refused in Spanish when it is no hour', async () => {
    const conHora = await insertCaso(t.database.db, { idEstado: 2 });
    const created = await t.request('user', { method: 'POST', url: `/api/inspeccion/${conHora.id}`, payload: body({ hora_inspeccion: '10:45' }) });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as Inspeccion).hora_inspeccion).toBe('10:45:00');

    const sinHora = await insertCaso(t.database.db, { idEstado: 2 });
    const plain = await t.request('user', { method: 'POST', url: `/api/inspeccion/${sinHora.id}`, payload: body() });
    expect(plain.statusCode, plain.body).toBe(201);
    expect((plain.json() as Inspeccion).hora_inspeccion).toBeNull();

    const otro = await insertCaso(t.database.db, { idEstado: 2 });
    for (const hora of ['25:00', '9.30', 'mañana', '12:60']) {
      const bad = await t.request('user', { method: 'POST', url: `/api/inspeccion/${otro.id}`, payload: body({ hora_inspeccion: hora }) });
      expect(bad.statusCode, hora).toBe(400);
      expect(bad.json().errors, hora).toEqual([{ path: 'hora_inspeccion', message: 'La hora debe tener el formato HH:MM' }]);
    }
    expect(await t.rows(`select id from inspecciones where id_caso = ${otro.id}`)).toEqual([]);
  });

  it('an edit that leaves it out keeps it, null or empty clears it, and the case detail shows it', async () => {
    const caso = await insertCaso(t.database.db, { idEstado: 2 });
    const created = (await t.request('user', { method: 'POST', url: `/api/inspeccion/${caso.id}`, payload: body({ hora_inspeccion: '08:15' }) })).json() as Inspeccion;
    const edit = (payload: Record<string, unknown>) => t.request('user', { method: 'PATCH', url: `/api/inspeccion/edit/${created.id}`, payload: body(payload) });

    expect((await edit({ direccion: 'Otra dirección' })).statusCode).toBe(200);
    expect(await read(created.id)).toMatchObject({ direccion: 'Otra dirección', hora_inspeccion: '08:15:00' });
    expect((await edit({ hora_inspeccion: '17:30' })).statusCode).toBe(200);
    expect((await read(created.id)).hora_inspeccion).toBe('17:30:00');
    const detalle = (await t.request('user', { method: 'GET', url: `/api/casos/${caso.id}` })).json() as { inspecciones: Inspeccion[] };
    expect(detalle.inspecciones.map((row) => row.hora_inspeccion)).toEqual(['17:30:00']);
    expect((await edit({ hora_inspeccion: '' })).statusCode).toBe(200);
    expect((await read(created.id)).hora_inspeccion).toBeNull();
    expect((await edit({ hora_inspeccion: '07:05' })).statusCode).toBe(200);
    expect((await edit({ hora_inspeccion: null })).statusCode).toBe(200);
    expect((await read(created.id)).hora_inspeccion).toBeNull();
  });
});
