import { FLAGS, formatDate, formatDateTime, formatPesos, formatTime, type CasoDetalle } from '@siniestros/domain';
import { REPORT_FONT as FONT, reportFonts } from './plantillas.fonts';

type Row = [label: string, value: string | number | null | undefined];

/** The page header sits in the top margin, above where the content starts. */
export const REPORT_MARGIN = { top: 72, bottom: 48, left: 48, right: 48 };
const MARGIN = REPORT_MARGIN;
const HEADER_Y = 30;

const value = (text: string | number | null | undefined) => (text === null || text === undefined || text === '' ? '-' : String(text));

/**
 * 'Informe' (decision 000): a PDF summary of the case. Pages are kept until the end, when the
 * header of each is written: 'Página n de m' needs the page count. Every text is printed whole
 * (the insured's statement too, up to its 50,000 characters).
 */
export async function renderCasoReport(detail: CasoDetalle, orgName: string, generatedBy: string): Promise<PDFKit.PDFDocument> {
  // Loaded on first use, like the other document libraries: the server's resident memory stays small.
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), reportFonts()]);
  const { caso, asegurados: asegurado, terceros, letrado, lesionados, audiencias, inspecciones } = detail;
  // font '': no Helvetica loaded first (pdfkit's default); the embedded fonts are the only ones.
  const doc = new PDFDocument({ size: 'A4', margins: MARGIN, bufferPages: true, font: '', info: { Title: `Caso ${caso.id}`, Author: orgName } });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  doc.font(FONT.regular);

  const heading = (text: string) => {
    doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor('#1c4e80').text(text).moveDown(0.2);
    doc.fillColor('black');
  };
  const rows = (items: Row[]) => {
    for (const [label, text] of items) {
      doc.font(FONT.bold).fontSize(9).text(`${label}: `, { continued: true }).font(FONT.regular).text(value(text));
    }
  };

  doc.font(FONT.bold).fontSize(16).text(`${orgName} — Informe del Caso ${caso.id}`);
  doc
    .font(FONT.regular)
    .fontSize(9)
    .fillColor('#555')
    .text(`Generado el ${formatDateTime(new Date().toISOString())} por ${generatedBy}`)
    .fillColor('black');

  heading('Caso');
  rows([
    ['Estado', caso.nombre_estado],
    ['Compañia', caso.nombre_compania],
    ['Nro. Siniestro', caso.reclamo_nro],
    ['Gestor', caso.gestor],
    ['Fecha de alta', formatDate(caso.fecha_creado)],
    ['Fecha del Siniestro', `${formatDate(caso.fecha_siniestro)} ${formatTime(caso.hora_siniestro, '')}`.trim()],
    ['Fecha Denuncia', formatDate(caso.fecha_denuncia)],
    ['Lugar del Siniestro', caso.lugar_siniestro],
    ['Producto', caso.producto],
    ['Analista', caso.apellido_analista ? `${caso.apellido_analista} ${caso.nombre_analista ?? ''}` : null],
    ['Via de Ingreso', caso.via_ingreso],
    ['Fecha de cierre', caso.fecha_cierre ? formatDate(caso.fecha_cierre) : null],
    [
      'Etiquetas',
      FLAGS.filter((flag) => caso[flag.key])
        .map((flag) => flag.label)
        .join(', '),
    ],
  ]);
  if (caso.declaracion_asegurado) {
    doc.moveDown(0.3).font(FONT.bold).fontSize(9).text('Descripción del Caso');
    doc.font(FONT.regular).text(caso.declaracion_asegurado);
  }

  heading('Asegurado');
  rows([
    ['Apellido y nombre', `${asegurado.apellido} ${asegurado.nombre ?? ''}`.trim()],
    ['Documento', `${asegurado.tipo_doc ?? ''} ${asegurado.nro_doc ?? ''}`.trim()],
    ['CUIT/CUIL', asegurado.cuit],
    ['Domicilio', asegurado.domicilio],
    ['Teléfonos', [asegurado.fijo, asegurado.cel].filter(Boolean).join(' / ')],
    ['Mail', asegurado.mail],
    ['Póliza', asegurado.poliza],
    ['Vehículo', `${asegurado.marca_modelo ?? ''} ${asegurado.anio ?? ''} — ${asegurado.dominio ?? ''}`],
    ['Suma asegurada', formatPesos(asegurado.suma_asegurada)],
  ]);

  terceros.forEach((tercero, index) => {
    heading(`Tercero ${index + 1}`);
    rows([
      ['Apellido y nombre', `${tercero.apellido} ${tercero.nombre ?? ''}`.trim()],
      ['Documento', `${tercero.tipo_doc ?? ''} ${tercero.nro_doc ?? ''}`.trim()],
      ['CUIT/CUIL', tercero.cuit],
      ['Domicilio', tercero.domicilio],
      ['Teléfonos', [tercero.fijo, tercero.cel].filter(Boolean).join(' / ')],
      ['Mail', tercero.mail],
      ['Vehículo', `${tercero.marca_modelo ?? ''} — ${tercero.dominio ?? ''}`],
      ['CBU', tercero.cbu],
    ]);
  });

  if (letrado) {
    heading('Letrado');
    rows([
      ['Apellido y nombre', `${letrado.apellido} ${letrado.nombre ?? ''}`.trim()],
      ['Teléfonos', [letrado.fijo, letrado.cel].filter(Boolean).join(' / ')],
      ['Mail', letrado.mail],
      ['CUIT', letrado.cuit],
    ]);
  }

  heading('Análisis y ofrecimiento');
  rows([
    ['Responsabilidad', caso.responsabilidad],
    ['Valor ofertado', formatPesos(caso.valor_ofertado)],
    ['Valor acordado', formatPesos(caso.valor_acordado)],
    ['Análisis', caso.analisis],
  ]);

  if (inspecciones.length > 0) {
    heading('Inspecciones');
    for (const inspeccion of inspecciones) {
      rows([
        [
          `Nro ${inspeccion.id} (${inspeccion.estado})`,
          `${formatDate(inspeccion.fecha_inspeccion)} — ${inspeccion.direccion} — ${formatPesos(inspeccion.monto_inspeccion)}`,
        ],
      ]);
      if (inspeccion.resultado) doc.font(FONT.regular).fontSize(9).text(inspeccion.resultado);
    }
  }
  if (lesionados.length > 0) {
    heading('Lesionados');
    rows(
      lesionados.map((lesionado): Row => [`${lesionado.apellido} ${lesionado.nombre}`, `${lesionado.tipo_doc ?? ''} ${lesionado.nro_doc}`]),
    );
  }
  if (audiencias.length > 0) {
    heading('Audiencias');
    rows(
      audiencias.map((audiencia): Row => [
        `Aud ${audiencia.mediacion_nro ?? audiencia.id}`,
        `${formatDate(audiencia.fechah)} ${formatTime(audiencia.hora)} — ${audiencia.lugar}`,
      ]),
    );
  }

  writeHeaders(doc, `${orgName} — Caso ${caso.id}`);
  doc.end();
  return doc;
}

/** Every buffered page's header: `title` and 'Página n de m' (the house style of the generated PDFs). */
export function writeHeaders(doc: PDFKit.PDFDocument, title: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    const width = doc.page.width - MARGIN.left - MARGIN.right;
    doc.font(FONT.regular).fontSize(8).fillColor('#555');
    doc.text(title, MARGIN.left, HEADER_Y, { width, lineBreak: false });
    doc.text(`Página ${index + 1} de ${count}`, MARGIN.left, HEADER_Y, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN.left, HEADER_Y + 14)
      .lineTo(MARGIN.left + width, HEADER_Y + 14)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
  }
  doc.fillColor('black');
}

/**
 * A PDF in the house style whose bytes are collected in memory (a certificate, a photo report):
 * pdfkit loaded on first use, the embedded fonts registered; `bytes()` ends the document and gives them.
 */
export async function pdfEnMemoria(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; bytes: () => Promise<Buffer> }> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), reportFonts()]);
  // font '': no Helvetica loaded first (pdfkit's default); the embedded fonts are the only ones.
  const doc = new PDFDocument({ size: 'A4', font: '', ...options });
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  return {
    doc,
    bytes: async () => {
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}
