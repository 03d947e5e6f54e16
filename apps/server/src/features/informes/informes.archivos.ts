import ExcelJS from 'exceljs';
import { formatDate, INFORME_RATIOS, informeRatioSobre, type Informe } from '@siniestros/domain';
import { pdfEnMemoria, REPORT_FONT as FONT, REPORT_MARGIN as MARGIN, writeHeaders } from '../plantillas';

/**
 * The informe de gestión as tables (docs/decisions/093): the PDF and the xlsx print the same rows
 * the JSON holds, so their numbers are the screen's. A value null (no cases) prints as '-'.
 */
type Celda = string | number | null;
type Tabla = {
  titulo: string;
  hoja: string;
  columnas: string[];
  filas: Celda[][];
  barras?: { etiqueta: number; valor: number };
  /** The PDF draws these two columns as a scatter instead of listing the rows (hundreds a month); the xlsx lists them. */
  dispersion?: { x: number; y: number; vacia: string };
};

const periodoDe = (informe: Informe) => (informe.desde === informe.hasta ? informe.desde : `${informe.desde} a ${informe.hasta}`);
const companiaDe = (informe: Informe) => informe.compania?.nombre ?? 'Todas las compañías';

/** A table of named figures, one a row. */
const figuras = (titulo: string, hoja: string) => ({ titulo, hoja, columnas: ['Figura', 'Valor'] });

export function informeTablas(informe: Informe): Tabla[] {
  const { montos } = informe;
  const etapaFilas = (etapas: { label: string; casos: number; mediana: number | null; p90: number | null }[], prefijo: Celda[] = []) =>
    etapas.map((etapa) => [...prefijo, etapa.label, etapa.casos, etapa.mediana, etapa.p90]);
  return [
    {
      ...figuras('Resumen', 'Resumen'),
      filas: [
        ['Casos recibidos', informe.recibidos.total],
        ['Casos cerrados', informe.cerrados.total],
        [`Casos abiertos al ${formatDate(informe.abiertos.al)}`, informe.abiertos.total],
        ['Pagos realizados', informe.pagos.cantidad],
        ['Monto pagado', informe.pagos.total],
        ['Casos con pagos', informe.pagos.casos],
        ['Plazos legales vencidos', informe.plazosVencidos.total],
        ['Casos con plazos vencidos', informe.plazosVencidos.casos],
      ],
    },
    {
      titulo: 'Cerrados por motivo',
      hoja: 'Cerrados',
      columnas: ['Motivo', 'Casos'],
      filas: informe.cerrados.porMotivo.map((item) => [item.motivo, item.total]),
      barras: { etiqueta: 0, valor: 1 },
    },
    {
      titulo: `Abiertos al ${formatDate(informe.abiertos.al)} por estado`,
      hoja: 'Abiertos por estado',
      columnas: ['Estado', 'Casos'],
      filas: informe.abiertos.porEstado.map((item) => [item.estado, item.total]),
      barras: { etiqueta: 0, valor: 1 },
    },
    {
      titulo: `Abiertos al ${formatDate(informe.abiertos.al)} por antigüedad`,
      hoja: 'Abiertos por antigüedad',
      columnas: ['Antigüedad', 'Casos'],
      filas: informe.abiertos.porAntiguedad.map((item) => [item.label, item.total]),
      barras: { etiqueta: 0, valor: 1 },
    },
    {
      titulo: 'Días por etapa',
      hoja: 'Etapas',
      columnas: ['Etapa', 'Casos', 'Mediana (días)', 'Percentil 90 (días)'],
      filas: etapaFilas(informe.etapas),
      barras: { etiqueta: 0, valor: 2 },
    },
    {
      titulo: 'Días por etapa y analista',
      hoja: 'Etapas por analista',
      columnas: ['Analista', 'Etapa', 'Casos', 'Mediana (días)', 'Percentil 90 (días)'],
      filas: informe.porAnalista.flatMap((item) => etapaFilas(item.etapas, [item.analista])),
    },
    {
      titulo: 'Días de inspección por inspector',
      hoja: 'Etapas por inspector',
      columnas: ['Inspector', 'Etapa', 'Casos', 'Mediana (días)', 'Percentil 90 (días)'],
      filas: informe.porInspector.flatMap((item) =>
        etapaFilas(
          item.etapas.filter((etapa) => etapa.etapa === 'inspeccion'),
          [item.inspector],
        ),
      ),
    },
    {
      ...figuras('Ofrecido, acordado e inspeccionado', 'Montos'),
      filas: [
        ['Casos cerrados con valor acordado', montos.casos],
        ['Ofrecido ($)', montos.ofrecido],
        ['Acordado ($)', montos.acordado],
        ['Inspeccionado ($)', montos.inspeccionado],
        ['Casos con inspección', montos.conInspeccion.casos],
        ['Acordado de los casos con inspección ($)', montos.conInspeccion.acordado],
        ['Ofrecido de los casos con inspección ($)', montos.conInspeccion.ofrecido],
        ...INFORME_RATIOS.map(({ key, label }): Celda[] => [
          `${label} (${informeRatioSobre(key, montos.casos, montos.conInspeccion.casos)})`,
          montos.ratios[key],
        ]),
      ],
    },
    {
      titulo: 'Acordado sobre inspeccionado (casos)',
      hoja: 'Distribución montos',
      columnas: ['Acordado / inspeccionado', 'Casos'],
      filas: informe.montos.distribucion.map((item) => [
        item.hasta === null ? `${item.desde}% o más` : `${item.desde}% a ${item.hasta}%`,
        item.total,
      ]),
      barras: { etiqueta: 0, valor: 1 },
    },
    {
      titulo: 'Ofrecido y acordado por caso',
      hoja: 'Montos por caso',
      columnas: ['Caso', 'Ofrecido ($)', 'Acordado ($)', 'Inspeccionado ($)'],
      filas: montos.porCaso.map((caso) => [caso.id, caso.ofrecido, caso.acordado, caso.inspeccionado]),
      dispersion: { x: 1, y: 2, vacia: 'Ningún caso se cerró en el período con valor acordado y valor ofrecido.' },
    },
    {
      titulo: 'Plazos legales vencidos',
      hoja: 'Plazos vencidos',
      columnas: ['Plazo', 'Casos'],
      filas: informe.plazosVencidos.porPlazo.map((item) => [item.nombre, item.total]),
    },
    {
      titulo: 'Tendencia de los últimos 12 meses',
      hoja: 'Tendencia',
      columnas: [
        'Mes',
        'Recibidos',
        'Cerrados',
        'Abiertos',
        'Ofrecido ($)',
        'Acordado ($)',
        'Inspeccionado ($)',
        'Pagado ($)',
        'Plazos vencidos',
      ],
      filas: informe.tendencia.map((mes) => [
        mes.mes,
        mes.recibidos,
        mes.cerrados,
        mes.abiertos,
        mes.ofrecido,
        mes.acordado,
        mes.inspeccionado,
        mes.pagado,
        mes.plazosVencidos,
      ]),
      barras: { etiqueta: 0, valor: 1 },
    },
  ];
}

const texto = (value: Celda) => (value === null ? '-' : typeof value === 'number' ? value.toLocaleString('es-AR') : value);

/**
 * Offered (x) against agreed (y) of each case with both, on one scale from 0 so the diagonal
 * (agreed = offered) is the line between settling below and above the offer.
 */
function dibujarDispersion(doc: PDFKit.PDFDocument, filas: Celda[][], ejes: NonNullable<Tabla['dispersion']>, ancho: number) {
  const puntos = filas.flatMap((celdas) => {
    const [x, y] = [celdas[ejes.x], celdas[ejes.y]];
    return typeof x === 'number' && typeof y === 'number' ? [{ x, y }] : [];
  });
  if (puntos.length === 0) {
    doc.font(FONT.regular).fontSize(8).fillColor('#333').text(ejes.vacia, MARGIN.left, doc.y, { width: ancho });
    return;
  }
  const maximo = Math.max(1, ...puntos.flatMap((punto) => [punto.x, punto.y]));
  const lado = Math.min(200, ancho - 80);
  const x0 = MARGIN.left + 60;
  const y0 = doc.y + lado;
  const escala = (valor: number) => (valor / maximo) * lado;
  doc
    .lineWidth(0.5)
    .strokeColor('#555')
    .moveTo(x0, y0 - lado)
    .lineTo(x0, y0)
    .lineTo(x0 + lado, y0)
    .stroke();
  doc
    .dash(2, { space: 2 })
    .strokeColor('#999')
    .moveTo(x0, y0)
    .lineTo(x0 + lado, y0 - lado)
    .stroke()
    .undash();
  for (const punto of puntos)
    doc
      .circle(x0 + escala(punto.x), y0 - escala(punto.y), 1.8)
      .fillColor('#1c7ed6')
      .fill();
  doc.font(FONT.regular).fontSize(7).fillColor('#333');
  doc.text('0', x0 - 12, y0 - 3, { lineBreak: false });
  doc.text(texto(maximo), x0 - 58, y0 - lado - 3, { width: 54, align: 'right', lineBreak: false });
  doc.text(texto(maximo), x0 + lado - 54, y0 + 3, { width: 54, align: 'right', lineBreak: false });
  doc.text('Acordado ($)', x0 - 58, y0 - lado / 2, { width: 54, align: 'right', lineBreak: false });
  doc.text('Ofrecido ($)', x0, y0 + 3, { width: lado, align: 'center', lineBreak: false });
  doc.text(`${puntos.length} casos con ambos montos; la línea punteada: acordado igual al ofrecido.`, x0, y0 + 14, { lineBreak: false });
  doc.y = y0 + 26;
}

/** The PDF: office, company, period, each table with a bar chart drawn in vector shapes where it has one, 'Página n de m'. */
export async function informePdf(informe: Informe, orgName: string): Promise<Buffer> {
  const titulo = `Informe de gestión — ${companiaDe(informe)} — ${periodoDe(informe)}`;
  const { doc, bytes } = await pdfEnMemoria({ margins: MARGIN, bufferPages: true, info: { Title: titulo, Author: orgName } });
  const ancho = doc.page.width - MARGIN.left - MARGIN.right;
  const abajo = () => doc.page.height - MARGIN.bottom;
  const lugar = (alto: number) => {
    if (doc.y + alto > abajo()) doc.addPage();
  };
  doc.font(FONT.bold).fontSize(16).fillColor('#1c4e80').text(orgName, MARGIN.left, MARGIN.top, { width: ancho });
  doc
    .font(FONT.bold)
    .fontSize(13)
    .fillColor('black')
    .text(`Informe de gestión — ${companiaDe(informe)}`);
  doc
    .font(FONT.regular)
    .fontSize(10)
    .text(`Período: ${periodoDe(informe)} (${formatDate(informe.fechaDesde)} al ${formatDate(informe.fechaHasta)})`);
  doc.moveDown(0.5);

  for (const tabla of informeTablas(informe)) {
    const columnas = tabla.columnas.length;
    const anchoColumna = ancho / columnas;
    lugar(tabla.dispersion ? 290 : 50);
    doc.font(FONT.bold).fontSize(11).fillColor('#1c4e80').text(tabla.titulo, MARGIN.left, doc.y, { width: ancho });
    doc.moveDown(0.2);
    const fila = (celdas: Celda[], bold: boolean) => {
      lugar(14);
      const y = doc.y;
      celdas.forEach((celda, index) => {
        doc
          .font(bold ? FONT.bold : FONT.regular)
          .fontSize(8)
          .fillColor('black')
          .text(texto(celda), MARGIN.left + index * anchoColumna, y, {
            width: anchoColumna - 4,
            align: index === 0 ? 'left' : 'right',
            lineBreak: false,
          });
      });
      doc.y = y + 12;
    };
    if (tabla.dispersion) {
      dibujarDispersion(doc, tabla.filas, tabla.dispersion, ancho);
      doc.fillColor('black');
      doc.moveDown(0.8);
      continue;
    }
    fila(tabla.columnas, true);
    for (const celdas of tabla.filas) fila(celdas, false);
    if (tabla.barras && tabla.filas.length > 0) {
      const { etiqueta, valor } = tabla.barras;
      const maximo = Math.max(1, ...tabla.filas.map((celdas) => Number(celdas[valor] ?? 0)));
      const alto = 10;
      lugar(tabla.filas.length * (alto + 3) + 10);
      doc.moveDown(0.3);
      const anchoEtiqueta = 140;
      for (const celdas of tabla.filas) {
        const y = doc.y;
        const largo = ((ancho - anchoEtiqueta - 50) * Number(celdas[valor] ?? 0)) / maximo;
        doc
          .font(FONT.regular)
          .fontSize(7)
          .fillColor('#333')
          .text(String(celdas[etiqueta]), MARGIN.left, y + 1, { width: anchoEtiqueta - 6, lineBreak: false });
        doc
          .rect(MARGIN.left + anchoEtiqueta, y, Math.max(largo, 0.5), alto)
          .fillColor('#1c7ed6')
          .fill();
        doc.fillColor('#333').text(texto(celdas[valor] ?? 0), MARGIN.left + anchoEtiqueta + largo + 4, y + 1, { lineBreak: false });
        doc.y = y + alto + 3;
      }
    }
    doc.fillColor('black');
    doc.moveDown(0.8);
  }
  writeHeaders(doc, `${orgName} — ${titulo}`);
  return bytes();
}

/** The xlsx: a sheet per table, numbers as numbers, the period's dates as dates. */
export async function informeXlsx(informe: Informe, orgName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = orgName;
  workbook.created = new Date(informe.generado);
  for (const tabla of informeTablas(informe)) {
    const sheet = workbook.addWorksheet(tabla.hoja);
    sheet.addRow([orgName]).font = { bold: true };
    sheet.addRow(['Compañía', companiaDe(informe)]);
    const desde = sheet.addRow(['Desde', new Date(`${informe.fechaDesde}T00:00:00Z`)]);
    const hasta = sheet.addRow(['Hasta', new Date(`${informe.fechaHasta}T00:00:00Z`)]);
    for (const row of [desde, hasta]) row.getCell(2).numFmt = 'dd/mm/yyyy';
    sheet.addRow([]);
    sheet.addRow(tabla.columnas).font = { bold: true };
    for (const celdas of tabla.filas) sheet.addRow(celdas.map((celda) => celda ?? null));
    sheet.columns.forEach((column, index) => {
      column.width = index === 0 ? 36 : 18;
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The file's name: Informe_<compania>_<periodo>.<ext>, ASCII only. */
export function informeNombreArchivo(informe: Informe, ext: 'pdf' | 'xlsx'): string {
  const compania = (informe.compania?.nombre ?? 'Todas')
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return `Informe_${compania}_${periodoDe(informe).replace(' a ', '_')}.${ext}`;
}
