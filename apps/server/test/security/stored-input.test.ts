import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { FLAGS, todayIso } from '@siniestros/domain';
import { asegurados, casos, terceros } from '../../src/db/tables/casos';
import { historial } from '../../src/db/tables/historial';
import { inspecciones } from '../../src/db/tables/inspeccion';
import { createTestApp, USERNAMES, type TestApp } from '../helpers';
import { ensureCompania, insertCaso } from '../fixtures';
import { altaBody } from '../fuzz/targets';

/**
 * What a body can write and how stored text comes back, one case at a time (ASVS 5.1): fields the
 * server owns are never written from a body (mass assignment), LIKE wildcards are matched
 * literally, and an export keeps formula-looking text as text. The fuzzer (fuzz.test.ts) walks
 * every route at random; these are the attacks it cannot judge by the answer alone.
 */
let t: TestApp;
let idCompania: number;

beforeAll(async () => {
  t = await createTestApp();
  idCompania = await ensureCompania(t.database.db);
});
afterAll(() => t?.close());

describe('mass assignment: fields the server owns are never written from a body', () => {
  async function casoRow(id: number) {
    const [row] = await t.database.db.select().from(casos).where(eq(casos.id, id));
    return row!;
  }

  it('POST /casos/alta ignores id_estado, usuario, fecha_creado and id, and refuses a flag or an unknown property', async () => {
    const body = altaBody(idCompania);
    const caso = {
      ...(body.caso as object),
      id: 999_999,
      id_estado: 8,
      fecha_creado: '2000-01-01',
      fecha_estado: '2000-01-01',
      usuario: 'intruso@evil.local',
      user: 'intruso',
      msg: 'x',
    };
    const response = await t.request('user', { method: 'POST', url: '/api/casos/alta', payload: { ...body, caso } });
    expect(response.statusCode, response.body).toBe(201);
    const row = await casoRow(response.json().id);
    expect(row.id).not.toBe(999_999);
    expect(row.id_estado).toBe(1);
    expect(row.usuario).toBe(USERNAMES.user);
    expect(row.fecha_creado).toBe(todayIso());
    const [alta] = await t.database.db.select().from(historial).where(eq(historial.id_caso, row.id));
    expect(alta!.usuario).toBe(USERNAMES.user);

    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(casos);
    for (const payload of [
      { ...body, caso: { ...(body.caso as object), urg: true } },
      { ...body, caso: { ...(body.caso as object), id_analista: 1 } },
      { ...body, caso: { ...(body.caso as object), valor_ofertado: '1' } },
      { ...body, flags: { urg: true } },
      { ...body, asegurado: { ...(body.asegurado as object), isAdmin: true } },
    ]) {
      const refused = await t.request('user', { method: 'POST', url: '/api/casos/alta', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof refused.json().message).toBe('string');
    }
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(casos);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('POST /casos/alta writes a new insured party even when the body names an existing one by id', async () => {
    const other = await insertCaso(t.database.db);
    const body = altaBody(idCompania);
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: { ...body, asegurado: { ...(body.asegurado as object), id: other.idAsegurado, apellido: 'Pisado' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = await casoRow(response.json().id);
    expect(row.id_asegurado).not.toBe(other.idAsegurado);
    const [untouched] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, other.idAsegurado));
    expect(untouched!.apellido).toBe('González');
  });

  it('PATCH /casos/:id and /casos/t/:id leave status, flags, offer, closing date, analysis and people links as they were', async () => {
    const target = await insertCaso(t.database.db, { idEstado: 3 });
    const other = await insertCaso(t.database.db);
    const body = altaBody(idCompania);
    const owned = {
      id_estado: 9,
      fecha_estado: '2000-01-01',
      fecha_cierre: '2000-01-01',
      valor_ofertado: '999999.99',
      analisis: 'inyectado',
      id_asegurado: other.idAsegurado,
      id_responsabilidad: 1,
      id_letrado: 1,
      usuario: 'intruso@evil.local',
      ...Object.fromEntries(FLAGS.map((flag) => [flag.key, true])),
    };
    const full = await t.request('user', {
      method: 'PATCH',
      url: `/api/casos/${target.id}`,
      payload: {
        caso: { ...(body.caso as object), ...owned },
        asegurados: { ...(body.asegurado as object), id: other.idAsegurado, apellido: 'Editado' },
        terceros: [],
      },
    });
    expect(full.statusCode, full.body).toBe(200);
    const partial = await t.request('admin', {
      method: 'PATCH',
      url: `/api/casos/t/${target.id}`,
      payload: { ...(body.caso as object), ...owned },
    });
    expect(partial.statusCode, partial.body).toBe(200);

    const row = await casoRow(target.id);
    expect(row.id_estado).toBe(3);
    expect(row.fecha_cierre).toBeNull();
    expect(row.valor_ofertado).toBeNull();
    expect(row.analisis).toBeNull();
    expect(row.id_responsabilidad).toBeNull();
    expect(row.id_asegurado).toBe(target.idAsegurado);
    expect(row.usuario).toBe('fixture@test.local');
    for (const flag of FLAGS) expect(row[flag.key], flag.key).toBe(false);
    // The insured party edited is the case's own, whatever id the body names.
    const [mine] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, target.idAsegurado));
    const [theirs] = await t.database.db.select().from(asegurados).where(eq(asegurados.id, other.idAsegurado));
    expect(mine!.apellido).toBe('Editado');
    expect(theirs!.apellido).toBe('González');
  });

  it("PATCH /terceros/t/:id and PATCH /casos/:id cannot reach another case's third party through its id, and change nothing", async () => {
    const target = await insertCaso(t.database.db);
    const other = await insertCaso(t.database.db);
    const tercero = { apellido: 'Secuestrado', nombre: 'X', id_tipo_doc: 1, nro_doc: '1', marca_modelo: 'X', dominio: 'X1' };
    const direct = await t.request('user', {
      method: 'PATCH',
      url: `/api/terceros/t/${target.id}`,
      payload: [{ ...tercero, id: other.terceroIds[0] }],
    });
    expect(direct.statusCode, direct.body).toBe(404);
    const body = altaBody(idCompania);
    const full = await t.request('user', {
      method: 'PATCH',
      url: `/api/casos/${target.id}`,
      payload: {
        caso: { ...(body.caso as object), gestor: 'No debe quedar' },
        asegurados: body.asegurado,
        terceros: [{ ...tercero, id: other.terceroIds[0] }],
      },
    });
    expect(full.statusCode, full.body).toBe(404);
    const [theirs] = await t.database.db.select().from(terceros).where(eq(terceros.id, other.terceroIds[0]!));
    expect(theirs!.apellido).toBe('Tercero1');
    expect(theirs!.id_caso).toBe(other.id);
    // One transaction: the case fields sent with the refused third party were not written either.
    expect((await casoRow(target.id)).gestor).toBe('Gestor Test');
  });

  it('history rows, inspections and injured people take the case from the path and the user from the session', async () => {
    const target = await insertCaso(t.database.db, { idEstado: 2 });
    const other = await insertCaso(t.database.db);
    const nota = await t.request('user', {
      method: 'POST',
      url: '/api/historial',
      payload: { id_caso: target.id, msg: 'Nota', usuario: 'intruso@evil.local', fecha: '2000-01-01' },
    });
    expect(nota.statusCode, nota.body).toBe(201);
    const notas = await t.database.db.select().from(historial).where(eq(historial.id_caso, target.id));
    expect(notas.map((row) => row.usuario)).not.toContain('intruso@evil.local');

    const agenda = await t.request('user', {
      method: 'POST',
      url: `/api/inspeccion/${target.id}`,
      payload: {
        id_inspector: t.ids.inspectorRecord,
        fecha_inspeccion: '2026-07-01',
        direccion: 'Calle',
        detalle: 'Detalle',
        id_caso: other.id,
        estado: 'Finalizada',
        id: 1,
      },
    });
    expect(agenda.statusCode, agenda.body).toBe(201);
    const [inspeccion] = await t.database.db.select().from(inspecciones).where(eq(inspecciones.id, agenda.json().id));
    expect(inspeccion!.id_caso).toBe(target.id);
    expect(inspeccion!.estado).toBe('Coordinada');

    const lesionado = await t.request('user', {
      method: 'POST',
      url: `/api/lesionados/${target.id}`,
      payload: { apellido: 'L', nombre: 'N', id_tipo_doc: 1, nro_doc: '1', id_caso: other.id, idCaso: other.id },
    });
    expect(lesionado.statusCode, lesionado.body).toBe(201);
    expect(lesionado.json().id_caso).toBe(target.id);
  });
});

describe('LIKE patterns take % and _ literally', () => {
  it('POST /casos/filtro: a quick search, surname or plate of % or _ matches only what contains it', async () => {
    const db = t.database.db;
    const body = altaBody(idCompania);
    const conPorcentaje = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: {
        ...body,
        asegurado: { ...(body.asegurado as object), apellido: 'Cien%Porciento' },
        terceros: [{ ...(body.terceros as object[])[0], apellido: 'Guion_Bajo', dominio: 'AB_12' }],
      },
    });
    expect(conPorcentaje.statusCode, conPorcentaje.body).toBe(201);
    const total = (await db.select({ n: sql<number>`count(*)::int` }).from(casos))[0]!.n;
    expect(total).toBeGreaterThan(3);

    const matches = async (filtro: Record<string, string>) => {
      const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=100', payload: filtro });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { totalRows: number; cases: { id: number }[] };
    };
    const expected = async (column: 'busqueda', char: string) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(casos)
          .where(sql`strpos(${casos[column]}, ${char}) > 0`)
      )[0]!.n;

    for (const char of ['%', '_', '%%', '\\']) {
      const result = await matches({ busquedaRapida: char });
      expect(result.totalRows, `busquedaRapida '${char}'`).toBe(await expected('busqueda', char));
      expect(result.totalRows).toBeLessThan(total);
    }
    const porApellido = await matches({ apellido: '%' });
    expect(porApellido.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    const porApellidoGuion = await matches({ apellido: '_' });
    expect(porApellidoGuion.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    const porDominio = await matches({ dominio: '_' });
    expect(porDominio.cases.map((row) => row.id)).toEqual([conPorcentaje.json().id]);
    expect((await matches({ dominio: '%' })).totalRows).toBe(0);
  });

  it('POST /mediacion/filter: a hearing number of % matches only hearings whose number contains it', async () => {
    const caso = await insertCaso(t.database.db);
    for (const mediacion_nro of ['A%1', 'B-2', 'C-3']) {
      const created = await t.request('user', {
        method: 'POST',
        url: `/api/mediacion/${caso.id}`,
        payload: { fechah: '2026-06-01', hora: '10:00', lugar: 'Juzgado', mediacion_nro },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/mediacion/filter?page=1&pageSize=100',
      payload: { audienciaNro: '%' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as { mediacion_nro: string }[]).map((row) => row.mediacion_nro)).toEqual(['A%1']);
    const guion = await t.request('user', {
      method: 'POST',
      url: '/api/mediacion/filter?page=1&pageSize=100',
      payload: { audienciaNro: '_' },
    });
    expect(guion.json().total).toBe(0);
  });
});

describe('POST /casos/export escapes cells that a spreadsheet would run as formulas', () => {
  it('keeps = + - @ at the start of a cell as text', async () => {
    const body = altaBody(idCompania);
    const dangerous = {
      gestor: '=HYPERLINK("http://evil.example","x")',
      asegurado: '+5491155550000',
      aseguradoNombre: '-2+3',
      tercero: '@SUM(A1:A9)',
      dominio: '-A1',
    };
    const created = await t.request('user', {
      method: 'POST',
      url: '/api/casos/alta',
      payload: {
        caso: { ...(body.caso as object), gestor: dangerous.gestor },
        asegurado: { ...(body.asegurado as object), apellido: dangerous.asegurado, nombre: dangerous.aseguradoNombre },
        terceros: [{ ...(body.terceros as object[])[0], apellido: dangerous.tercero, nombre: 'Ana', dominio: dangerous.dominio }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await t.request('user', {
      method: 'POST',
      url: '/api/casos/export',
      payload: { nroCaso: String(created.json().id), formato: 'excel' },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const texts: string[] = [];
    sheet.getRow(2).eachCell((cell) => {
      expect(cell.type, `cell ${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
      if (typeof cell.value === 'string') texts.push(cell.value);
    });
    // The values are there as typed, in string cells: opening the file evaluates nothing, and shows no added quote.
    expect(texts).toContain(dangerous.gestor);
    expect(texts).toContain(`${dangerous.tercero} Ana`);
    expect(texts).toContain(dangerous.dominio);
    expect(texts.some((text) => text.startsWith(dangerous.asegurado))).toBe(true);
    const sheetXml = await (await JSZip.loadAsync(response.rawPayload)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheetXml).not.toContain('<f>');
  });
});
