import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { FLAGS } from '@siniestros/domain';
import { EXPORT_COLUMNS, createCasosSheet, type CasoExportRow } from './casos.export';

/**
 * The export writes its data rows' XML itself (docs/decisions/055): the same bytes ExcelJS's
 * addRow and commit wrote before, for every kind of value a case can hold. The reference below is
 * the code the export used until then.
 */
async function unzip(write: (output: PassThrough) => Promise<void>): Promise<Record<string, string>> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  await write(output);
  const zip = await JSZip.loadAsync(Buffer.concat(chunks));
  const files: Record<string, string> = {};
  for (const name of Object.keys(zip.files).sort()) files[name] = await zip.file(name)!.async('string');
  // When each workbook was made (to the second): the one difference allowed.
  files['docProps/core.xml'] = files['docProps/core.xml']!.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/g, 'WHEN');
  return files;
}

async function withExcelJsRows(rows: CasoExportRow[], output: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Casos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: Math.max(column.width, Math.ceil(column.header.length * 1.1) + 3),
    style: column.numFmt ? { numFmt: column.numFmt } : {},
  }));
  sheet.getRow(1).font = { name: 'Calibri', family: 2, size: 11, bold: true };
  sheet.getRow(1).commit();
  const styles = EXPORT_COLUMNS.map((column) => (column.numFmt ? { numFmt: column.numFmt } : {}));
  for (const row of rows) {
    const excelRow = sheet.addRow(EXPORT_COLUMNS.map((column) => column.value(row) ?? null));
    excelRow.eachCell((cell, columnNumber) => {
      cell.style = styles[columnNumber - 1]!;
    });
    excelRow.commit();
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: EXPORT_COLUMNS.length } };
  sheet.commit();
  await workbook.commit();
}

async function withDirectRows(rows: CasoExportRow[], output: PassThrough) {
  const sheet = await createCasosSheet(output);
  // In uneven batches, as the worker gets them.
  for (let start = 0; start < rows.length; start += 37) await sheet.add(rows.slice(start, start + 37));
  await sheet.end();
}

const TEXTS = ['', 'Pérez', '=HYPERLINK("http://x")', "O'Brien & <Hijos> \"SA\"", 'tab\there\nline\r', 'ctl\u0001\u0008\u000b\u001f\u007fend', '00123', 'emoji 🚗 ñ', '+5491155550000'];
const DATES = [null, '1900-03-01', '2026-02-28', '2024-02-29', '2099-12-31'];
const MONEY = [null, '0.10', '1234567.89', '-5', '100', '0'];

/** Rows that go through every branch, chosen by a fixed sequence (no randomness between runs). */
function rows(count: number): CasoExportRow[] {
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const pick = <T,>(items: readonly T[]) => items[next(items.length)]!;
  const text = () => (next(4) === 0 ? null : pick(TEXTS));
  return Array.from({ length: count }, (_, index) => {
    const flags = Object.fromEntries(FLAGS.map((flag) => [flag.key, next(3) === 0]));
    return {
      id: count - index,
      fecha_creado: pick(DATES.slice(1)),
      t_apellido: text(),
      t_nombre: text(),
      t_dominio: text(),
      nombre_compania: text(),
      fecha_siniestro: pick(DATES),
      estado: pick(TEXTS),
      producto: text(),
      an_apellido: text(),
      an_nombre: text(),
      reclamo_nro: pick(TEXTS),
      gestor: pick(TEXTS),
      fecha_denuncia: pick(DATES),
      as_apellido: pick(TEXTS),
      as_nombre: text(),
      as_dominio: text(),
      lesionado: next(2) === 0,
      id_letrado: next(2) === 0 ? null : 3,
      mediacion: next(2) === 0,
      valor_ofertado: pick(MONEY),
      fecha_cierre: pick(DATES),
      valor_acordado: pick(MONEY),
      valor_pagado: pick(MONEY),
      valor_pendiente: pick(MONEY),
      ...flags,
    } as unknown as CasoExportRow;
  });
}

describe('the export sheet', () => {
  it('writes its rows exactly as ExcelJS does, with the same styles and the rest of the workbook', async () => {
    const input = rows(500);
    const expected = await unzip((output) => withExcelJsRows(input, output));
    const actual = await unzip((output) => withDirectRows(input, output));
    expect(Object.keys(actual)).toEqual(Object.keys(expected));
    for (const name of Object.keys(expected)) expect(actual[name], name).toBe(expected[name]);
    expect(actual['xl/worksheets/sheet1.xml']).toContain('<autoFilter ref="A1:W501"/>');
  });
});
