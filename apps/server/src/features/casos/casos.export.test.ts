import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { CASO_MESSAGES, todayIso, type CasoListRow } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { ensureCompania } from '../../../test/fixtures';
import { analistas } from '../../db/tables/reference';
import { EXPORT_COLUMNS } from './casos.export';
import { EXPORT_BATCH_SIZE } from './casos.list.service';
import { asegurado, createCaso, queryRows, tercero } from './casos.test-helpers';
import { asegurados, casos } from '../../db/tables/casos';

let t: TestApp;
let companiaX: number;
const created: number[] = [];
/** The 'Gestor' of the second case: what a spreadsheet would run if it were written as a formula. */
const FORMULA_TEXT = '=SUM(1,2)';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  companiaX = await ensureCompania(db, 'Exportadora SA');
  const otra = await ensureCompania(db, 'Otra SA');
  const [analista] = await db.insert(analistas).values({ apellido: 'Ríos', nombre: 'Julia' }).returning();
  const dangerous = ['=HYPERLINK("http://x")', '+5491155550000', '-1+1', '@SUM(A1)'];
  for (const [index, apellido] of dangerous.entries()) {
    created.push(
      await createCaso(t, {
        caso: { id_compania: companiaX, reclamo_nro: `70${index}`, ...(index === 1 ? { gestor: FORMULA_TEXT } : {}) },
        asegurado: asegurado({ apellido: index === 0 ? 'Fernández' : 'Gómez', dominio: `EX${index}00AA` }),
        terceros: [tercero(1, { apellido, nombre: 'Ana' })],
      }),
    );
  }
  await createCaso(t, { caso: { id_compania: otra, reclamo_nro: '800' } });
  await db.update(casos).set({ valor_ofertado: '1234567.89', fecha_cierre: '2026-04-30', id_estado: 17, id_analista: analista!.id, fecha_creado: '2026-03-02' }).where(eq(casos.id, created[0]!));
});
afterAll(() => t?.close());

const exportXlsx = (body: Record<string, unknown>) => t.request('user', { method: 'POST', url: '/api/casos/export', payload: { ...body, formato: 'excel' } });

async function readSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(row);
  });
  return { sheet, headers, rows };
}

/** The sheet's own XML, for what ExcelJS's reader smooths over (cell types, formulas). */
async function sheetXml(payload: Buffer): Promise<string> {
  return (await JSZip.loadAsync(payload)).file('xl/worksheets/sheet1.xml')!.async('string');
}

const column = (header: string) => EXPORT_COLUMNS.findIndex((item) => item.header === header) + 1;

async function filtered(body: Record<string, unknown>): Promise<CasoListRow[]> {
  const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro?page=1&pageSize=100', payload: body });
  return response.json().cases;
}

describe('POST /api/casos/export', () => {
  it('streams an xlsx whose rows are the filtered list', async () => {
    const response = await exportXlsx({ compania: String(companiaX) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="casos_export_${todayIso()}.xlsx"`);

    const { headers, rows } = await readSheet(response.rawPayload);
    expect(headers.slice(0, 10)).toEqual(['Caso', 'F Alta', 'Tercero', 'Compañia', 'Dominio', 'Fecha Siniestro', 'Estado', 'Producto', 'Analista', 'Siniestro Nro']);
    const list = await filtered({ compania: String(companiaX) });
    expect(list).toHaveLength(4);
    expect(rows.map((row) => row.getCell(column('Caso')).value)).toEqual(list.map((row) => row.id));
    for (const [index, row] of rows.entries()) {
      const expected = list[index]!;
      expect(row.getCell(column('Compañia')).value).toBe(expected.nombre_compania);
      expect(row.getCell(column('Dominio')).value).toBe(expected.t_dominio);
      expect(row.getCell(column('Estado')).value).toBe(expected.estado);
      expect(row.getCell(column('Producto')).value).toBe(expected.producto);
      expect(row.getCell(column('Siniestro Nro')).value).toBe(expected.reclamo_nro);
      expect(String(row.getCell(column('Tercero')).value)).toContain(expected.t_nombre!);
      const fechaAlta = row.getCell(column('F Alta'));
      expect(fechaAlta.value).toBeInstanceOf(Date);
      expect((fechaAlta.value as Date).toISOString().slice(0, 10)).toBe(expected.fecha_creado);
      expect(fechaAlta.numFmt).toBe('dd/mm/yyyy');
    }
  });

  it('writes dates as dates and money as numbers with a pesos format', async () => {
    const { rows } = await readSheet((await exportXlsx({ nroCaso: String(created[0]) })).rawPayload);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.getCell(column('Valor Ofertado')).value).toBe(1234567.89);
    expect(row.getCell(column('Valor Ofertado')).numFmt).toBe('"$" #,##0.00');
    expect((row.getCell(column('Fecha Cierre')).value as Date).toISOString()).toBe('2026-04-30T00:00:00.000Z');
    expect(row.getCell(column('Analista')).value).toBe('Ríos Julia');
    expect(row.getCell(column('Estado')).value).toBe('Cerrado con Acuerdo');
  });

  it('keeps text that looks like a formula as a string cell, as it was typed', async () => {
    const payload = (await exportXlsx({ compania: String(companiaX) })).rawPayload;
    const { rows } = await readSheet(payload);
    const terceros = rows.map((row) => row.getCell(column('Tercero')).value);
    expect(terceros).toEqual(expect.arrayContaining(['=HYPERLINK("http://x") Ana', '+5491155550000 Ana', '-1+1 Ana', '@SUM(A1) Ana']));
    expect(rows.every((row) => row.getCell(column('Tercero')).type === ExcelJS.ValueType.String)).toBe(true);
    const gestor = rows.find((row) => row.getCell(column('Caso')).value === created[1])!.getCell(column('Gestor'));
    expect(gestor.value).toBe(FORMULA_TEXT);
    expect(gestor.type).toBe(ExcelJS.ValueType.String);

    const xml = await sheetXml(payload);
    const cells = xml.match(/<c [^>]*>.*?<\/c>/g) ?? [];
    const gestorCell = cells.filter((cell) => cell.includes(FORMULA_TEXT));
    // A string cell with the text itself as its value: no formula element, no leading apostrophe.
    expect(gestorCell).toEqual([expect.stringMatching(/^<c r="[A-Z]+\d+"(?: s="\d+")? t="str"><v>=SUM\(1,2\)<\/v><\/c>$/)]);
    expect(xml).not.toContain('<f>');
    expect(xml).not.toMatch(/<v>'/);
  });

  it('names the header font, filters and freezes the header, and sizes every column', async () => {
    const payload = (await exportXlsx({ compania: String(companiaX) })).rawPayload;
    const { sheet, rows } = await readSheet(payload);
    for (const [index, { header }] of EXPORT_COLUMNS.entries()) {
      const cell = sheet.getRow(1).getCell(index + 1);
      expect(cell.font, header).toMatchObject({ name: 'Calibri', bold: true });
      // The bold header and the filter button fit.
      expect(sheet.getColumn(index + 1).width, header).toBeGreaterThanOrEqual(header.length + 3);
    }
    const lastColumn = sheet.getColumn(EXPORT_COLUMNS.length).letter;
    expect(sheet.autoFilter).toBe(`A1:${lastColumn}${rows.length + 1}`);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    const xml = await sheetXml(payload);
    expect(xml).toContain(`<autoFilter ref="A1:${lastColumn}${rows.length + 1}"/>`);
    expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(xml.match(/<col [^>]*customWidth="1"/g)).toHaveLength(EXPORT_COLUMNS.length);
  });

  it('exports the quick search result', async () => {
    const list = await filtered({ busquedaRapida: 'fernandez' });
    const { rows } = await readSheet((await exportXlsx({ busquedaRapida: 'fernandez' })).rawPayload);
    expect(rows.map((row) => row.getCell(1).value)).toEqual(list.map((row) => row.id));
    expect(list.map((row) => row.id)).toEqual([created[0]]);
  });

  it('answers 404 with the spec message when nothing matches', async () => {
    const response = await exportXlsx({ nroSiniestro: '111222333' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: CASO_MESSAGES.noResults });
  });

  /** `count` cases named `gestor` (also their search text), inserted in one statement. */
  async function bulkCasos(gestor: string, count: number) {
    const db = t.database.db;
    const [owner] = await db.insert(asegurados).values({ apellido: gestor, id_tipo_doc: 1, nro_doc: '1', marca_modelo: 'X', dominio: 'MA000SS' }).returning();
    await db.execute(sql`
      insert into casos (id_compania, reclamo_nro, gestor, fecha_creado, usuario, id_estado, fecha_estado, id_asegurado, busqueda)
      select ${companiaX}, ${gestor} || g, ${gestor}, '2026-05-01', 'bulk', 1, '2026-05-01', ${owner!.id}, lower(${gestor}) || ' ' || g from generate_series(1, ${count}::int) g`);
    return (await readSheet((await exportXlsx({ busquedaRapida: gestor })).rawPayload)).rows.map((row) => row.getCell(1).value as number);
  }

  it('reads every matching case in keyset batches, the last one short', async () => {
    const exported = await bulkCasos('Masivo', 2 * EXPORT_BATCH_SIZE + 321);
    expect(exported).toHaveLength(2 * EXPORT_BATCH_SIZE + 321);
    expect(exported.every((id, index) => index === 0 || id < exported[index - 1]!)).toBe(true);
    const [range] = await queryRows<{ newest: number; oldest: number }>(t.database.db, sql`select max(id) as newest, min(id) as oldest from casos where gestor = 'Masivo'`);
    expect([exported[0], exported.at(-1)]).toEqual([range!.newest, range!.oldest]);
  });

  it('ends after a full last batch too', async () => {
    const exported = await bulkCasos('Exacto', 2 * EXPORT_BATCH_SIZE);
    expect(exported).toHaveLength(2 * EXPORT_BATCH_SIZE);
    expect(new Set(exported).size).toBe(2 * EXPORT_BATCH_SIZE);
  });
});
