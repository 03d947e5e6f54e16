import { PORTAL_CONVENIO, PORTAL_CONVENIO_CONSTANCIA as TEXTO, formatDateTimeSeconds } from '@siniestros/domain';
import { pdfEnMemoria, REPORT_FONT as FONT } from '../plantillas';

export type ConstanciaDatos = {
  oficina: string;
  reclamo: string;
  compania: string;
  idCaso: number;
  tercero: { nombre: string; documento: string };
  archivos: readonly { nombre: string; sha256: string }[];
  firmado: Date;
  direccion: string;
  userAgent: string;
  /** Where the code went, masked. */
  destino: string;
};

/**
 * 'Constancia de firma electrónica' (docs/decisions/084 'Convenio a distancia'): the PDF the server
 * files with an electronic signature. It names the case, the signer, each signed file by its
 * SHA-256 (whoever holds the file can check it is the one signed), the text accepted, when (Buenos
 * Aires and UTC), from where (address, user agent) and how the signer was identified. Drawn with
 * the report's embedded fonts; whole in memory (one page).
 */
export async function renderConstancia(datos: ConstanciaDatos): Promise<Buffer> {
  const { doc, bytes } = await pdfEnMemoria({
    margins: { top: 56, bottom: 48, left: 56, right: 56 },
    info: { Title: `${TEXTO.titulo} - Caso ${datos.idCaso}`, Author: datos.oficina, CreationDate: datos.firmado },
  });

  const heading = (text: string) =>
    doc.moveDown(0.8).font(FONT.bold).fontSize(12).fillColor('#1c4e80').text(text).moveDown(0.2).fillColor('black');
  const row = (label: string, value: string) =>
    doc.font(FONT.bold).fontSize(10).text(`${label}: `, { continued: true }).font(FONT.regular).text(value);
  const { campos } = TEXTO;

  doc.font(FONT.bold).fontSize(16).text(TEXTO.titulo);
  doc.font(FONT.regular).fontSize(10).fillColor('#555').text(datos.oficina).fillColor('black');

  heading(TEXTO.secciones.caso);
  row(campos.oficina, datos.oficina);
  row(campos.reclamo, datos.reclamo);
  row(campos.compania, datos.compania);
  row(campos.caso, String(datos.idCaso));

  heading(TEXTO.secciones.firmante);
  row(campos.nombre, datos.tercero.nombre);
  row(campos.documento, datos.tercero.documento);

  heading(TEXTO.secciones.documentos);
  for (const archivo of datos.archivos) {
    doc.font(FONT.bold).fontSize(10).text(archivo.nombre);
    doc.font(FONT.regular).fontSize(9).text(`${TEXTO.sha256}: ${archivo.sha256}`).moveDown(0.3);
  }

  heading(TEXTO.secciones.firma);
  row(campos.aceptacion, `«${TEXTO.aceptacion}»`);
  row(campos.fecha, formatDateTimeSeconds(datos.firmado));
  row(campos.utc, datos.firmado.toISOString());
  row(campos.direccion, datos.direccion);
  row(campos.userAgent, datos.userAgent);
  row(campos.canal, `${PORTAL_CONVENIO.canalCodigo} (${datos.destino})`);
  doc.moveDown(1).font(FONT.regular).fontSize(9).fillColor('#333').text(TEXTO.ley);

  return bytes();
}
