import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CASO_MESSAGES, DUPLICADO_MESSAGES, MAX_DUPLICADOS, type CasoDuplicado } from '@siniestros/domain';
import { createTestApp, type Role, type TestApp } from '../../../test/helpers';
import { ensureCompania, insertCaso } from '../../../test/fixtures';
import { resultRows } from '../../db/client';
import { historial } from '../../db/tables/historial';
import { terceros } from '../../db/tables/casos';
import { duplicadosQuery } from './casos.duplicados.repository';
import { asegurado, caso, countRows, tercero, type Persona } from './casos.test-helpers';

let t: TestApp;
let idCompania: number;
let otraCompania: number;
beforeAll(async () => {
  t = await createTestApp();
  idCompania = await ensureCompania(t.database.db);
  otraCompania = await ensureCompania(t.database.db, 'Otra Compañía');
});
afterAll(() => t?.close());

let nextReclamo = 7_000_000;
/** A claim number no other test uses, so each test sees only its own cases. */
const newReclamo = () => String(nextReclamo++);

type Alta = { caso?: Persona; asegurado?: Persona; terceros?: Persona[]; confirmar_duplicado?: boolean };
const alta = (body: Alta, role: Role = 'user') =>
  t.request(role, {
    method: 'POST',
    url: '/api/casos/alta',
    payload: {
      caso: caso(idCompania, { reclamo_nro: newReclamo(), ...body.caso }),
      asegurado: asegurado(body.asegurado),
      terceros: body.terceros ?? [],
      ...(body.confirmar_duplicado === undefined ? {} : { confirmar_duplicado: body.confirmar_duplicado }),
    },
  });

async function created(body: Alta): Promise<number> {
  const response = await alta(body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function duplicadosOf(body: Alta): Promise<CasoDuplicado[]> {
  const response = await alta(body);
  expect(response.statusCode, response.body).toBe(409);
  const answer = response.json<{ message: string; duplicados: CasoDuplicado[] }>();
  expect(answer.message).toBe(DUPLICADO_MESSAGES.posibles);
  return answer.duplicados;
}

const matches = (duplicados: CasoDuplicado[]) => duplicados.map((duplicado) => [duplicado.id, duplicado.motivo]);

const counts = async () => {
  const db = t.database.db;
  return Promise.all([countRows(db, 'casos'), countRows(db, 'asegurados'), countRows(db, 'terceros'), countRows(db, 'historial')]);
};

describe('Duplicates at intake (POST /api/casos/alta, docs/decisions/080)', () => {
  it('matches the same company and claim number, spelt with spaces, dashes and dots, whatever the date', async () => {
    const reclamo = newReclamo();
    const first = await created({ caso: { reclamo_nro: reclamo } });
    // A claim number imported with separators (the form takes digits only).
    const legacy = await insertCaso(t.database.db, {
      idCompania,
      reclamoNro: `${reclamo.slice(0, 3)}-${reclamo.slice(3, 5)}. ${reclamo.slice(5)}`,
    });
    const duplicados = await duplicadosOf({ caso: { reclamo_nro: reclamo, fecha_siniestro: '2025-05-05' } });
    expect(matches(duplicados)).toEqual([
      [legacy.id, 'reclamo'],
      [first, 'reclamo'],
    ]);
    expect(duplicados[1]).toEqual({
      id: first,
      reclamo_nro: reclamo,
      compania: 'Compañía Test',
      fecha_siniestro: '2026-01-10',
      estado: 'Pendiente Documentación',
      motivo: 'reclamo',
      detalle: DUPLICADO_MESSAGES.detalle.reclamo(reclamo),
    });
  });

  it('does not match the same claim number of another company', async () => {
    const reclamo = newReclamo();
    await created({ caso: { reclamo_nro: reclamo } });
    await created({ caso: { reclamo_nro: reclamo, id_compania: otraCompania } });
  });

  it("matches a third party's plate on the same loss date, in lower case, with spaces and dashes; not on another date", async () => {
    const first = await created({
      caso: { fecha_siniestro: '2026-02-01' },
      terceros: [tercero(1, { apellido: 'Ríos', dominio: 'AD 321 XY', nro_doc: '40111222' })],
    });
    const duplicados = await duplicadosOf({
      caso: { fecha_siniestro: '2026-02-01' },
      terceros: [tercero(1, { dominio: 'ad-321-xy', nro_doc: '40999888' })],
    });
    expect(duplicados).toEqual([
      expect.objectContaining({ id: first, motivo: 'dominio', detalle: DUPLICADO_MESSAGES.detalle.dominio('AD 321 XY', 'Ríos') }),
    ]);
    await created({ caso: { fecha_siniestro: '2026-02-02' }, terceros: [tercero(1, { dominio: 'AD321XY', nro_doc: '40999888' })] });
  });

  it("matches a third party's document by its digits on the same loss date; not on another date", async () => {
    const first = await created({
      caso: { fecha_siniestro: '2026-03-01' },
      terceros: [tercero(1, { apellido: 'Sosa', dominio: 'AE555QQ', nro_doc: '30.222.333' })],
    });
    // Any of the case's third parties: here the second one.
    const duplicados = await duplicadosOf({
      caso: { fecha_siniestro: '2026-03-01' },
      terceros: [tercero(1, { dominio: 'AE000AA', nro_doc: '1' }), tercero(2, { dominio: 'AE000AB', nro_doc: '30 222 333' })],
    });
    expect(duplicados).toEqual([
      expect.objectContaining({ id: first, motivo: 'documento', detalle: DUPLICADO_MESSAGES.detalle.documento('30.222.333', 'Sosa') }),
    ]);
    await created({ caso: { fecha_siniestro: '2026-03-02' }, terceros: [tercero(1, { dominio: 'AE000AC', nro_doc: '30222333' })] });
  });

  it("never matches 'S/D' or an empty value, nor the insured party's plate and document", async () => {
    const sinDatos = tercero(1, { dominio: 'S/D', nro_doc: 's/d' });
    await created({
      caso: { fecha_siniestro: '2026-04-01' },
      asegurado: { dominio: 'AF111AA', nro_doc: '25111222' },
      terceros: [sinDatos],
    });
    const vacio = await insertCaso(t.database.db, { idCompania, terceros: 1 });
    await t.database.db.update(terceros).set({ dominio: '', nro_doc: '' }).where(eq(terceros.id_caso, vacio.id));
    await created({
      caso: { fecha_siniestro: '2026-10-01' },
      asegurado: { dominio: 'AF111AA', nro_doc: '25111222' },
      terceros: [tercero(1, { dominio: 's / d', nro_doc: 'S/D' }), tercero(2, { dominio: '- .', nro_doc: '-' })],
    });
    await created({
      caso: { fecha_siniestro: '2026-04-01' },
      asegurado: { dominio: 'AF111AA', nro_doc: '25111222' },
      terceros: [sinDatos],
    });
  });

  it('answers 409 writing nothing; confirmed, creates the case with a history row naming the matches', async () => {
    const reclamo = newReclamo();
    const first = await created({ caso: { reclamo_nro: reclamo, fecha_siniestro: '2026-05-01' } });
    const second = await created({
      caso: { fecha_siniestro: '2026-05-01' },
      terceros: [tercero(1, { dominio: 'AG700BB', nro_doc: '33444555' })],
    });
    const copy: Alta = {
      caso: { reclamo_nro: reclamo, fecha_siniestro: '2026-05-01' },
      terceros: [tercero(1, { dominio: 'AG 700 BB', nro_doc: '33.444.555' })],
    };

    const before = await counts();
    expect(matches(await duplicadosOf(copy))).toEqual([
      [second, 'dominio'],
      [second, 'documento'],
      [first, 'reclamo'],
    ]);
    expect(matches(await duplicadosOf({ ...copy, confirmar_duplicado: false }))).toHaveLength(3);
    expect(await counts()).toEqual(before);

    const response = await alta({ ...copy, confirmar_duplicado: true });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    const history = await t.database.db
      .select({ msg: historial.msg })
      .from(historial)
      .where(eq(historial.id_caso, id))
      .orderBy(historial.id);
    expect(history.map((row) => row.msg)).toEqual([CASO_MESSAGES.alta, DUPLICADO_MESSAGES.history([second, first])]);
    expect(DUPLICADO_MESSAGES.history([second, first])).toBe(`Caso creado pese a posibles duplicados: casos ${second}, ${first}`);
  });

  it('matches a closed case and says its status', async () => {
    const reclamo = newReclamo();
    const closed = await insertCaso(t.database.db, { idCompania, reclamoNro: reclamo, idEstado: 15 });
    expect(await duplicadosOf({ caso: { reclamo_nro: reclamo } })).toEqual([
      expect.objectContaining({ id: closed.id, estado: 'Duplicado' }),
    ]);
  });

  it(`shows at most ${MAX_DUPLICADOS} matches, newest first`, async () => {
    const reclamo = newReclamo();
    const ids: number[] = [];
    for (let n = 0; n < MAX_DUPLICADOS + 2; n++) ids.push((await insertCaso(t.database.db, { idCompania, reclamoNro: reclamo })).id);
    const duplicados = await duplicadosOf({ caso: { reclamo_nro: reclamo } });
    expect(duplicados.map((duplicado) => duplicado.id)).toEqual(ids.reverse().slice(0, MAX_DUPLICADOS));
  });

  it('keeps the route to Admin and User: an Admin gets the matches, an Inspector 403, no session 401, and nothing is written', async () => {
    const reclamo = newReclamo();
    await created({ caso: { reclamo_nro: reclamo } });
    expect((await alta({ caso: { reclamo_nro: reclamo } }, 'admin')).statusCode).toBe(409);
    const before = await counts();
    expect((await alta({ caso: { reclamo_nro: reclamo }, confirmar_duplicado: true }, 'inspector')).statusCode).toBe(403);
    const anonymous = await t.request(null, {
      method: 'POST',
      url: '/api/casos/alta',
      payload: { caso: caso(idCompania, { reclamo_nro: reclamo }), asegurado: asegurado(), terceros: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('declares the 409 and its matches in the OpenAPI document', async () => {
    const document = (await t.request(null, { method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }> }>
      >;
    }>();
    const conflict = document.paths['/api/casos/alta']!.post!.responses['409']!;
    expect(Object.keys(conflict.content['application/json']!.schema.properties)).toEqual(['message', 'duplicados']);
  });

  it('is three index lookups (drizzle/0039), never a scan of casos or terceros', async () => {
    const query = duplicadosQuery({
      id_compania: idCompania,
      reclamo_nro: '4001234567',
      fecha_siniestro: '2026-01-10',
      dominios: ['AC100ZZ'],
      documentos: ['30000001'],
    });
    const plan = await t.database.db.transaction(async (tx) => {
      // On a test's few rows a sequential scan is cheapest: with it off, the planner shows the indexes it can use.
      await tx.execute(sql`set local enable_seqscan = off`);
      return resultRows<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`))
        .map((line) => line['QUERY PLAN'])
        .join('\n');
    });
    for (const index of ['casos_duplicado_reclamo_idx', 'terceros_duplicado_dominio_idx', 'terceros_duplicado_documento_idx'])
      expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
