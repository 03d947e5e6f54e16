import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { FLAGS } from '@siniestros/domain';
import type { CasoExportRowIds } from './casos.list.repository';
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

const money = (value: string | null) => (value === null || value === '' ? null : Number(value));
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

/**
 * Text that looks like a formula (= + - @, OWASP formula injection) is safe as it is: ExcelJS writes a
 * string as a string cell (`t="str"` and its `<v>`, never an `<f>`), which no spreadsheet evaluates.
 * A leading `'` would only show up in the cell, and ExcelJS 4.4 cannot write the `quotePrefix` style.
 */
function addRow(sheet: ExcelJS.Worksheet, row: CasoExportRow) {
  const excelRow = sheet.addRow(EXPORT_COLUMNS.map((column) => column.value(row) ?? null));
  excelRow.eachCell((cell, columnNumber) => {
    cell.style = CELL_STYLES[columnNumber - 1]!;
  });
  excelRow.commit();
}

/** What the main thread sends the export's worker (casos.export.worker.ts), in this order: rows, then end. */
export type ToExportWorker = { type: 'rows'; rows: CasoExportRow[] } | { type: 'end' } | { type: 'more' };
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Casos', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column, index) => ({ header: column.header, key: String(index), width: columnWidth(column), style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  let lastRow = 1;
  return {
    async add(rows) {
      for (const row of rows) addRow(sheet, row);
      lastRow += rows.length;
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
