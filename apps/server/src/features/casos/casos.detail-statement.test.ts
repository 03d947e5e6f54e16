import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CasoDetalle } from '@siniestros/domain';
import { createTestApp, statementsOf, type TestApp } from '../../../test/helpers';
import { inspecciones } from '../../db/tables/inspeccion';
import { lesionados } from '../../db/tables/lesionados';
import { letrados } from '../../db/tables/letrados';
import { audiencias } from '../../db/tables/mediacion';
import { createCaso, tercero } from './casos.test-helpers';

/** GET /casos/{id} is one statement (docs/decisions/042): each feature's read is a subquery of it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const detail = async (id: number): Promise<CasoDetalle> => {
  const response = await t.request('user', { method: 'GET', url: `/api/casos/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/casos/:id in one round trip', () => {
  it('reads the case, its people, lawyer, injured, hearings, inspections and the inspectors in one statement', async () => {
    const id = await createCaso(t, { terceros: [tercero(1), tercero(2), tercero(3)] });
    const db = t.database.db;
    await db.insert(letrados).values({ id_caso: id, apellido: 'Abogado', nombre: 'Ana' });
    await db.insert(lesionados).values([
      { id_caso: id, apellido: 'Herido', nombre: 'Pedro', id_tipo_doc: 1, nro_doc: '40111222' },
      { id_caso: id, apellido: 'Herida', nombre: 'Paula', id_tipo_doc: 1, nro_doc: '40111223' },
    ]);
    await db.insert(audiencias).values({ id_caso: id, fecha: '2026-02-01', fechah: '2026-03-01', hora: '10:30:15', lugar: 'Centro', mediacion_nro: 'M-1' });
    await db.insert(inspecciones).values({
      id_caso: id,
      id_inspector: t.ids.inspectorRecord,
      fecha_inspeccion: '2026-02-02',
      direccion: 'Calle "1" \\ 2',
      detalle: 'Línea 1\nLínea 2\t😀',
      estado: 'Finalizada',
      monto_inspeccion: '0.10',
      fecha_cierre: '2026-02-03',
    });
    await detail(id); // the lookups are now in memory
    let body: CasoDetalle | undefined;
    const statements = await statementsOf(t, async () => (body = await detail(id)));
    // The session of the request is the only other statement.
    const ofTheDetail = statements.filter((text) => !/sesiones|session/i.test(text));
    expect(ofTheDetail, statements.join('\n---\n')).toHaveLength(1);
    expect(body!.terceros.map((item) => item.orden)).toEqual([1, 2, 3]);
    expect(body!.lesionados.map((item) => item.apellido)).toEqual(['Herido', 'Herida']);
    expect(body!.audiencias).toEqual([expect.objectContaining({ fecha: '2026-02-01', fechah: '2026-03-01', hora: '10:30:15' })]);
    expect(body!.inspecciones).toEqual([
      expect.objectContaining({ monto_inspeccion: '0.10', fecha_cierre: '2026-02-03', direccion: 'Calle "1" \\ 2', detalle: 'Línea 1\nLínea 2\t😀' }),
    ]);
    expect(body!.caso).toMatchObject({ monto_inspeccion: '0.10', id_inspeccion: body!.inspecciones[0]!.id });
  });

  it('a case with nothing else: null lawyer and empty lists', async () => {
    const id = await createCaso(t, { terceros: [] });
    const body = await detail(id);
    expect([body.letrado, body.terceros, body.lesionados, body.audiencias, body.inspecciones]).toEqual([null, [], [], [], []]);
    expect(body.caso).toMatchObject({ id_tercero: null, id_inspeccion: null, resultado: null, monto_inspeccion: null });
  });
});
