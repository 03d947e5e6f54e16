import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CASO_MESSAGES, MAX_TERCEROS } from '@siniestros/domain';
import { createTestApp, USERNAMES, type TestApp } from '../../../test/helpers';
import { clockAt, MIERCOLES } from '../../../test/clock';
import { ensureCompania } from '../../../test/fixtures';
import { historial } from '../../db/tables/historial';
import { caso as casoBody, asegurado, countRows, createCaso, queryRows, tercero } from './casos.test-helpers';
import { casos, terceros } from '../../db/tables/casos';

/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
let idCompania: number;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
  idCompania = await ensureCompania(t.database.db);
});
afterAll(() => t?.close());

// This file's cases are alike on purpose: each confirms its possible duplicates (the check is casos.duplicados.test.ts's).
const alta = (payload: object, headers: Record<string, string> = {}) =>
  t.request('user', { method: 'POST', url: '/api/casos/alta', payload: { confirmar_duplicado: true, ...payload }, headers });

async function snapshot() {
  const db = t.database.db;
  const [contadores = { vigentes: 0, cerrados: 0 }] = await queryRows<{ vigentes: number; cerrados: number }>(
    db,
    sql`select sum(total) filter (where not cerrado)::int as vigentes, sum(total) filter (where cerrado)::int as cerrados from caso_contadores`,
  );
  return {
    casos: await countRows(db, 'casos'),
    asegurados: await countRows(db, 'asegurados'),
    terceros: await countRows(db, 'terceros'),
    historial: await countRows(db, 'historial'),
    contadores,
  };
}

describe('POST /api/casos/alta', () => {
  it('creates a case without third parties at status 1, today, by the session user, with its history row', async () => {
    const before = await snapshot();
    const response = await alta({ caso: { ...casoBody(idCompania), usuario: 'otro@x.com' }, asegurado: asegurado() });
    expect(response.statusCode).toBe(201);
    const { id, message } = response.json();
    expect(message).toBe('Caso creado exitosamente');
    const [row] = await t.database.db.select().from(casos).where(eq(casos.id, id));
    expect(row).toMatchObject({ id_estado: 1, fecha_creado: HOY, fecha_estado: HOY, usuario: USERNAMES.user, reclamo_nro: '4001234567', hora_siniestro: '14:30:00' });
    expect(row!.busqueda).toContain('gonzalez maria jose');
    const history = await t.database.db.select().from(historial).where(eq(historial.id_caso, id));
    expect(history.map((entry) => [entry.msg, entry.usuario])).toEqual([[CASO_MESSAGES.alta, USERNAMES.user]]);
    const after = await snapshot();
    expect(after.terceros).toBe(before.terceros);
    expect(after.contadores.vigentes).toBe(before.contadores.vigentes + 1);
  });

  it(`creates a case with ${MAX_TERCEROS} third parties in order`, async () => {
    const payload = Array.from({ length: MAX_TERCEROS }, (_, index) => tercero(index + 1));
    const id = await createCaso(t, { terceros: payload });
    const rows = await t.database.db.select({ orden: terceros.orden, apellido: terceros.apellido }).from(terceros).where(eq(terceros.id_caso, id)).orderBy(terceros.orden);
    expect(rows).toEqual(payload.map((item, index) => ({ orden: index + 1, apellido: item.apellido })));
    const detail = (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json();
    const ids = [detail.caso.id_tercero, detail.caso.id_tercero2, detail.caso.id_tercero3, detail.caso.id_tercero4, detail.caso.id_tercero5];
    expect(ids).toEqual(detail.terceros.map((item: { id: number }) => item.id));
  });

  it('refuses a sixth third party and writes nothing', async () => {
    const before = await snapshot();
    const response = await alta({ caso: casoBody(idCompania), asegurado: asegurado(), terceros: Array.from({ length: MAX_TERCEROS + 1 }, (_, index) => tercero(index + 1)) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CASO_MESSAGES.tooManyTerceros);
    expect(await snapshot()).toEqual(before);
  });

  it('answers validation failures with 400 and the field paths', async () => {
    const response = await alta({ caso: casoBody(idCompania, { gestor: '', reclamo_nro: '12a' }), asegurado: asegurado({ dominio: '' }), terceros: [tercero(1, { apellido: '' })] });
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['caso.gestor', 'caso.reclamo_nro', 'asegurado.dominio', 'terceros.0.apellido']));
  });

  it('answers an unknown company, product or document type with 422 and writes nothing', async () => {
    const before = await snapshot();
    const cases: [object, string][] = [
      [{ caso: casoBody(999_999), asegurado: asegurado() }, CASO_MESSAGES.companiaNotFound],
      [{ caso: casoBody(idCompania, { id_producto: 999_999 }), asegurado: asegurado() }, CASO_MESSAGES.productoNotFound],
      [{ caso: casoBody(idCompania), asegurado: asegurado({ id_tipo_doc: 999_999 }) }, CASO_MESSAGES.tipoDocNotFound],
    ];
    for (const [payload, message] of cases) {
      const response = await alta(payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('leaves no row behind when a third party fails after the case was written', async () => {
    const before = await snapshot();
    const response = await alta({ caso: casoBody(idCompania), asegurado: asegurado(), terceros: [tercero(1), tercero(2), tercero(3, { id_tipo_doc: 999_999 })] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(CASO_MESSAGES.tipoDocNotFound);
    expect(await snapshot()).toEqual(before);
  });

  it('GET /api/casos/ultimo returns the id of the last case', async () => {
    const id = await createCaso(t);
    const response = await t.request('user', { method: 'GET', url: '/api/casos/ultimo' });
    expect(response.json()).toEqual({ id });
  });
});

describe('Idempotency-Key', () => {
  it('returns the same case for a repeated key', async () => {
    const payload = { caso: casoBody(idCompania), asegurado: asegurado() };
    const first = await alta(payload, { 'idempotency-key': 'clave-repetida-1' });
    const second = await alta(payload, { 'idempotency-key': 'clave-repetida-1' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const other = await alta(payload, { 'idempotency-key': 'clave-distinta-2' });
    expect(other.json().id).not.toBe(first.json().id);
  });

  it('creates one case for 10 concurrent identical requests', async () => {
    const before = await snapshot();
    // Like no other case, so its history is the 'Alta caso' row alone.
    const payload = { caso: casoBody(idCompania, { reclamo_nro: '4009999999', fecha_siniestro: '2026-06-06' }), asegurado: asegurado(), terceros: [tercero(1), tercero(2)] };
    const responses = await Promise.all(Array.from({ length: 10 }, () => alta(payload, { 'idempotency-key': 'concurrente-123' })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    const after = await snapshot();
    expect(after.casos).toBe(before.casos + 1);
    expect(after.asegurados).toBe(before.asegurados + 1);
    expect(after.terceros).toBe(before.terceros + 2);
    expect(after.historial).toBe(before.historial + 1);
    expect(after.contadores.vigentes).toBe(before.contadores.vigentes + 1);
  });

  it('refuses a key longer than 100 characters', async () => {
    const response = await alta({ caso: casoBody(idCompania), asegurado: asegurado() }, { 'idempotency-key': 'x'.repeat(101) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(CASO_MESSAGES.idempotencyKey);
  });
});
