import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { FLAGS } from '@siniestros/domain';
import type { CasoExportRowIds } from './casos.list.rows';
import type { WithNames } from './casos.names';

export type CasoExportRow = WithNames<CasoExportRowIds>;

const DATE_FORMAT = 'dd/mm/yyyy';
/** Pesos with thousands and two decimals; Excel shows the separators of the reader's locale (es-AR: $ 1.234,56). */
const MONEY_FORMAT = '"$" #,##0.00';

type ExportColumn = {
  header: string;
  width: number;
  numFmt?: string;
  value: (row: CasoExportRow) => ExcelJS.CellValue;
};

/** 'YYYY-MM-DD' → a real date cell (UTC midnight is a whole Excel day number). */
function excelDate(value: string | null): Date | null {
  if (!value) return null;
  return new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))));
}

/** From JSON an amount is a number; from the driver, text. */
const money = (value: string | number | null) => (value === null || value === '' ? null : Number(value));
const fullName = (apellido: string | null, nombre: string | null) => [apellido, nombre].filter(Boolean).join(' ');
const yesNo = (value: boolean | number | null) => (value ? 'Sí' : 'No');

/** The list table's columns (spec §2) and then the ones a claims handler filters on in Excel. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  // Not 9: ExcelJS leaves out a width equal to its default (exceljs/lib/doc/column.js).
  { header: 'Caso', width: 10, value: (row) => row.id },
  { header: 'F Alta', width: 12, numFmt: DATE_FORMAT, value: (row) => excelDate(row.fecha_creado) },
  { header: 'Tercero', width: 28, value: (row) => fullName(row.t_apellido, row.t_nombre) },
  { header: 'Compañia', width: 24, value: (row) => row.nombre_compania },
  { header: 'Dominio', width: 12, value: (row) => row.t_dominio },
  { header: 'Fecha Siniestro', width: 14, numFmt: DATE_FORMAT, value: (row) => excelDate(row.fecha_siniestro) },
  { header: 'Estado', width: 24, value: (row) => row.estado },
  { header: 'Producto', width: 20, value: (row) => row.producto },
  { header: 'Analista', width: 24, value: (row) => fullName(row.an_apellido, row.an_nombre) },
  { header: 'Siniestro Nro', width: 16, value: (row) => row.reclamo_nro },
  { header: 'Gestor', width: 20, value: (row) => row.gestor },
  { header: 'Fecha Denuncia', width: 14, numFmt: DATE_FORMAT, value: (row) => excelDate(row.fecha_denuncia) },
  { header: 'Asegurado', width: 28, value: (row) => fullName(row.as_apellido, row.as_nombre) },
  { header: 'Dominio Asegurado', width: 14, value: (row) => row.as_dominio },
  { header: 'Lesionados', width: 11, value: (row) => yesNo(row.lesionado) },
  { header: 'Letrado', width: 9, value: (row) => yesNo(row.id_letrado) },
  { header: 'Mediación', width: 11, value: (row) => yesNo(row.mediacion) },
  { header: 'Etiquetas', width: 30, value: (row) => FLAGS.filter((flag) => row[flag.key]).map((flag) => flag.label).join(', ') },
  { header: 'Valor Ofertado', width: 16, numFmt: MONEY_FORMAT, value: (row) => money(row.valor_ofertado) },
  { header: 'Fecha Cierre', width: 14, numFmt: DATE_FORMAT, value: (row) => excelDate(row.fecha_cierre) },
  // The agreed amount and its payments (docs/decisions/082).
  { header: 'Acordado', width: 16, numFmt: MONEY_FORMAT, value: (row) => money(row.valor_acordado) },
  // Neighbours of one width would share one <col> element: each its own width.
  { header: 'Pagado', width: 15, numFmt: MONEY_FORMAT, value: (row) => money(row.valor_pagado) },
  { header: 'Pendiente', width: 14, numFmt: MONEY_FORMAT, value: (row) => money(row.valor_pendiente) },
];

/** Resolves when `stream` has taken what was written to it, or `output` has closed. */
function drained(stream: Writable, output: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      output.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    output.on('close', done);
  });
}

type ZipInput = Writable & { _writableState?: { needDrain: boolean } };

/**
 * Where ExcelJS sends the sheet's XML: the zip's input stream. Its buffer writes there without
 * waiting (exceljs/lib/utils/stream-buf.js), so whenever Node wrote rows faster than zlib
 * compressed them the XML piled up: ~110 MB for 100,000 rows. That stream is a readable-stream 2
 * PassThrough, which has no `writableNeedDrain` yet.
 */
const sheetDestinations = (sheet: ExcelJS.Worksheet): ZipInput[] => (sheet as unknown as { stream: { pipes?: ZipInput[] } }).stream.pipes ?? [];
const needsDrain = (stream: ZipInput) => stream.writableNeedDrain ?? stream._writableState?.needDrain ?? false;

/** The named header font, so the header reads the same whatever the reader's default font. */
const HEADER_FONT: Partial<ExcelJS.Font> = { name: 'Calibri', family: 2, size: 11, bold: true };

/** Wide enough for the bold header and the autofilter's button, which covers about two characters. */
const columnWidth = (column: ExportColumn) => Math.max(column.width, Math.ceil(column.header.length * 1.1) + 3);

/**
 * One style object per column, shared by all its cells: ExcelJS finds a style it has seen by
 * object identity, while the copy it makes per cell was serialized and looked up again for every
 * cell (the largest cost of a 100k-row export).
 */
const CELL_STYLES: readonly Partial<ExcelJS.Style>[] = EXPORT_COLUMNS.map((column) => (column.numFmt ? { numFmt: column.numFmt } : {}));

/** The cell's XML as ExcelJS writes it (exceljs/lib/xlsx/xform/sheet/cell-xform.js), attributes in its order. */
function cellXml(address: string, styleId: number, value: ExcelJS.CellValue | undefined): string {
  const style = styleId ? ` s="${styleId}"` : '';
  if (value === null || value === undefined) return styleId ? `<c r="${address}"${style}/>` : '';
  if (typeof value === 'number') return `<c r="${address}"${style}><v>${value}</v></c>`;
  if (typeof value === 'string') return `<c r="${address}"${style} t="str"><v>${xmlEncode(value)}</v></c>`;
  // A date is its Excel day number (exceljs utils.dateToExcel, 1900 system).
  if (value instanceof Date) return `<c r="${address}"${style}><v>${25569 + value.getTime() / 86_400_000}</v></c>`;
  throw new Error(`No cell XML for a ${typeof value} (${address})`);
}

/** ExcelJS's own escaping of cell text (drops the characters XML cannot hold). */
let xmlEncode: (text: string) => string;

const COLUMN_LETTERS = EXPORT_COLUMNS.map((_, index) => String.fromCharCode(65 + index));

/**
 * A data row's XML, the same bytes ExcelJS's addRow and commit write (a test compares them) at a
 * fraction of the cost: ExcelJS builds a row model, a cell object per value and an XML stream per
 * row, ~40 µs a row, most of a 100k-row export. The workbook around the rows (styles, columns,
 * header, frozen pane, autofilter, zip) is still ExcelJS's.
 *
 * Text that looks like a formula (= + - @, OWASP formula injection) is safe as it is: it is written
 * as a string cell (`t="str"` and its `<v>`, never an `<f>`), which no spreadsheet evaluates. A
 * leading `'` would only show up in the cell, and ExcelJS 4.4 cannot write the `quotePrefix` style.
 */
function rowXml(row: CasoExportRow, number: number, styleIds: readonly number[]): string {
  let xml = `<row r="${number}" spans="1:${EXPORT_COLUMNS.length}" x14ac:dyDescent="0.25">`;
  for (let index = 0; index < EXPORT_COLUMNS.length; index++) {
    xml += cellXml(`${COLUMN_LETTERS[index]}${number}`, styleIds[index]!, EXPORT_COLUMNS[index]!.value(row));
  }
  return `${xml}</row>`;
}

/**
 * What the main thread sends the export's worker (casos.export.worker.ts), in this order: rows
 * (a batch as a JSON array of CasoExportRow: PostgreSQL's text, copied as one string), then end.
 */
export type ToExportWorker = { type: 'rows'; json: string } | { type: 'end' } | { type: 'more' };
/**
 * What the worker sends back: `started` once ExcelJS has begun the workbook, each chunk of the zip (the worker sends at most a few before a
 * `more`), `taken` once a batch's XML is in the zip, `done` after the last chunk, or an error.
 */
export type FromExportWorker =
  | { type: 'started' }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'taken' }
  | { type: 'done' }
  | { type: 'error'; message: string; stack?: string };

export type CasosSheet = {
  /** Writes the rows; resolves when the zip and `output` have taken them (backpressure). */
  add: (rows: CasoExportRow[]) => Promise<void>;
  /** The autofilter over every row, the sheet's and the workbook's end; resolves when `output` has finished. */
  end: () => Promise<void>;
};

/**
 * The xlsx of the cases, written into `output` batch by batch: each batch waits for the zip to
 * take its XML and for `output` to drain, so memory holds about one batch whatever the total.
 * ExcelJS and zlib's work happens where this runs: the export's worker thread.
 */
export async function createCasosSheet(output: Writable): Promise<CasosSheet> {
  // Loaded on first use: ExcelJS alone is ~30 MB of resident memory.
  const { default: ExcelJS } = await import('exceljs');
  xmlEncode ??= (createRequire(import.meta.url)('exceljs/lib/utils/utils.js') as { xmlEncode: (text: string) => string }).xmlEncode;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Casos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column, index) => ({ header: column.header, key: String(index), width: columnWidth(column), style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  // The header's commit opened <sheetData>: the rows go straight into the sheet's stream after it.
  const sheetXml = (sheet as unknown as { stream: Writable }).stream;
  const { styles } = workbook as unknown as { styles: { addStyleModel: (style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType) => number } };
  // The ids ExcelJS gives these styles (the value's type only matters for a style without a format).
  const styleIds = CELL_STYLES.map((style) => styles.addStyleModel(style, ExcelJS.ValueType.Number));
  let lastRow = 1;
  return {
    async add(rows) {
      let xml = '';
      for (const row of rows) xml += rowXml(row, ++lastRow, styleIds);
      sheetXml.write(xml);
      for (const destination of [...sheetDestinations(sheet), output]) {
        if (needsDrain(destination)) await drained(destination, output);
      }
    },
    async end() {
      // Written with the sheet's end, so it can cover every row: a filter over the header alone leaves
      // it to the reader to guess the data below.
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastRow, column: EXPORT_COLUMNS.length } };
      sheet.commit();
      await workbook.commit();
    },
  };
}
