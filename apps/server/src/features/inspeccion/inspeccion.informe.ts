import { formatDate, formatDateTime, INSPECCION_FOTOS_TEXTOS, type FotosPorPagina, type InspeccionDetalle } from '@siniestros/domain';
import { pdfEnMemoria, REPORT_FONT as FONT, REPORT_MARGIN as MARGIN, writeHeaders } from '../plantillas';

/** One photo as the report draws it: its bytes and the caption copied at the close. */
export type FotoDelInforme = {
  bytes: Buffer;
  leyenda: string;
  capturada: string;
  latitud: number | null;
  longitud: number | null;
};

/** How many columns and rows a page of 1, 2 or 4 photos has. */
const GRILLA: Record<FotosPorPagina, { columnas: number; filas: number }> = {
  1: { columnas: 1, filas: 1 },
  2: { columnas: 1, filas: 2 },
  4: { columnas: 2, filas: 2 },
};
const ESPACIO = 12;

/** pdfkit opens an image once (its size, then drawn from the same object); its types leave `openImage` out. */
type ImagenAbierta = { width: number; height: number };
const abrir = (doc: PDFKit.PDFDocument, bytes: Buffer) => (doc as unknown as { openImage(src: Buffer): ImagenAbierta }).openImage(bytes);
const PIE_DE_FOTO = 40;

const persona = (p: { apellido: string; nombre: string | null; dominio: string | null } | null) =>
  p ? `${`${p.apellido} ${p.nombre ?? ''}`.trim()}${p.dominio ? ` (${p.dominio})` : ''}` : '-';

/** The case's header on every page: what the insurer needs to file the page alone. */
function encabezado(detalle: InspeccionDetalle): [string, string][] {
  const { caso, inspeccion, asegurado, tercero } = detalle;
  return [
    ['Caso', `${caso.id} · Compañía: ${caso.nombre_compania ?? '-'} · Nro. Siniestro: ${caso.reclamo_nro ?? '-'}`],
    ['Asegurado', persona(asegurado)],
    ['Tercero', persona(tercero)],
    ['Inspección', `${inspeccion.id} del ${formatDate(inspeccion.fecha_inspeccion)} · ${inspeccion.direccion}`],
    ['Inspector', `${inspeccion.inspector_apellido} ${inspeccion.inspector_nombre}`.trim()],
  ];
}

/** Under the caption: when it was taken and, when the inspector allowed it, where. */
const pieDeFoto = (foto: FotoDelInforme): string[] => [
  `Tomada el ${formatDateTime(foto.capturada)}`,
  ...(foto.latitud !== null && foto.longitud !== null ? [`Ubicación ${foto.latitud.toFixed(5)}, ${foto.longitud.toFixed(5)}`] : []),
];

/**
 * 'Informe fotográfico' (issue 43 item 6, docs/decisions/087): the inspection's photos, 1, 2 or 4
 * a page, each with its checklist caption and capture time (dd/mm/yyyy HH:mm, Buenos Aires), the
 * case's header on every page and 'Página X de Y' in the page header (the report's house style).
 * A photo pdfkit cannot read is drawn as a framed 'Imagen no legible' and its index returned in
 * `ilegibles` (the close refuses it; a filed photo never stops the report).
 */
export async function renderInformeFotografico(
  detalle: InspeccionDetalle,
  fotos: readonly FotoDelInforme[],
  porPagina: FotosPorPagina,
  orgName: string,
): Promise<{ pdf: Buffer; ilegibles: number[] }> {
  const titulo = `${INSPECCION_FOTOS_TEXTOS.informe} — Caso ${detalle.caso.id}`;
  const { doc, bytes } = await pdfEnMemoria({ margins: MARGIN, bufferPages: true, autoFirstPage: false, info: { Title: titulo, Author: orgName } });

  const { columnas, filas } = GRILLA[porPagina];
  const filasEncabezado = encabezado(detalle);
  const ilegibles: number[] = [];
  for (let inicio = 0; inicio < fotos.length; inicio += porPagina) {
    doc.addPage();
    const ancho = doc.page.width - MARGIN.left - MARGIN.right;
    doc.font(FONT.bold).fontSize(14).fillColor('#1c4e80').text(titulo, MARGIN.left, MARGIN.top, { width: ancho });
    doc.fillColor('black').moveDown(0.2);
    for (const [label, value] of filasEncabezado) {
      doc.font(FONT.bold).fontSize(8.5).text(`${label}: `, { continued: true, width: ancho }).font(FONT.regular).text(value);
    }
    const arriba = doc.y + ESPACIO;
    const abajo = doc.page.height - MARGIN.bottom;
    const celdaAncho = (ancho - ESPACIO * (columnas - 1)) / columnas;
    const celdaAlto = (abajo - arriba - ESPACIO * (filas - 1)) / filas;
    fotos.slice(inicio, inicio + porPagina).forEach((foto, enPagina) => {
      const x = MARGIN.left + (enPagina % columnas) * (celdaAncho + ESPACIO);
      const y = arriba + Math.floor(enPagina / columnas) * (celdaAlto + ESPACIO);
      const maximo = celdaAlto - PIE_DE_FOTO;
      // The photo at the top of its cell, as large as fits, its caption right under it.
      let alto = maximo;
      try {
        const imagen = abrir(doc, foto.bytes);
        const escala = Math.min(celdaAncho / imagen.width, maximo / imagen.height);
        alto = imagen.height * escala;
        doc.image(imagen as unknown as Buffer, x + (celdaAncho - imagen.width * escala) / 2, y, { width: imagen.width * escala, height: alto });
      } catch {
        ilegibles.push(inicio + enPagina);
        doc.rect(x, y, celdaAncho, maximo).lineWidth(0.5).strokeColor('#999').stroke();
        doc.font(FONT.regular).fontSize(10).fillColor('#555').text('Imagen no legible', x, y + maximo / 2 - 6, { width: celdaAncho, align: 'center', lineBreak: false });
      }
      doc.font(FONT.bold).fontSize(9).fillColor('black').text(foto.leyenda, x, y + alto + 4, { width: celdaAncho, lineBreak: false });
      pieDeFoto(foto).forEach((linea, index) => {
        doc.font(FONT.regular).fontSize(8).fillColor('#333').text(linea, x, y + alto + 16 + index * 10, { width: celdaAncho, lineBreak: false });
      });
      doc.fillColor('black');
    });
  }
  writeHeaders(doc, `${orgName} — Caso ${detalle.caso.id}`);
  return { pdf: await bytes(), ilegibles };
}
