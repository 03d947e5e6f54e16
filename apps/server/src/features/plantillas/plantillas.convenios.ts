import {
  cardinalEnLetras,
  CONVENIO_MESSAGES,
  convenioSlug,
  fechaEnLetras,
  formatDate,
  formatPesos,
  normalizarCbu,
  pesosEnLetras,
  type CasoDetalle,
  type ConvenioDatos,
  type ConvenioRequest,
  type ConvenioTemplate,
  type Tercero,
} from '@siniestros/domain';
import { unprocessable } from '../../shared/errors';

/** Who issues the convenio, where it is signed and in how many working days it pays (configuration). */
export type ConvenioOffice = { orgName: string; place: string; plazoPagoDias: number };

/** What the convenio leaves for the signers to write by hand when the case does not hold it. */
const EN_BLANCO = '________________';

/** Names as a document addresses people: 'Juan Pérez', not the list's 'Pérez Juan'. */
const fullName = (person: { apellido: string; nombre: string | null }) => `${person.nombre ?? ''} ${person.apellido}`.trim();

/** 'DNI 30.111.222': a document number of digits only reads with thousands dots, as on the card. */
function documento(person: { tipo_doc?: string | null; nro_doc: string | null }): string {
  const number = person.nro_doc ?? EN_BLANCO;
  const readable = /^\d{7,8}$/.test(number) ? Number(number).toLocaleString('es-AR') : number;
  return `${person.tipo_doc ?? 'DNI'} ${readable}`;
}

/** '15' → 'quince (15) días hábiles'. */
export function plazoEnLetras(dias: number): string {
  return dias === 1 ? 'un (1) día hábil' : `${cardinalEnLetras(dias, true)} (${dias}) días hábiles`;
}

/** The amount the convenio pays: the agreed value once the offer was accepted, else the offer. */
export const valorDelConvenio = (caso: CasoDetalle['caso']) => caso.valor_acordado ?? caso.valor_ofertado;

/**
 * Every merge field of a convenio for one third party (docs/decisions/038-plantillas-de-convenio.md).
 * Throws 422 when a signer or the payee's account is missing: a convenio is not sent with them blank.
 */
export function convenioDatos(
  detail: CasoDetalle,
  tercero: Tercero,
  request: Omit<ConvenioRequest, 'convenioFile' | 'id_tercero'>,
  templates: readonly ConvenioTemplate[],
  office: ConvenioOffice,
  today: string,
): ConvenioDatos {
  const { caso, asegurados: asegurado, letrado } = detail;
  if (templates.some((template) => template.conLetrado) && !letrado) throw unprocessable(CONVENIO_MESSAGES.noLetrado);
  const cbu = normalizarCbu(request.cbu ?? tercero.cbu ?? '');
  if (!cbu) throw unprocessable(CONVENIO_MESSAGES.noCbu);
  const valor = valorDelConvenio(caso);
  if (valor === null || !(Number(valor) > 0)) throw unprocessable(CONVENIO_MESSAGES.montoCero);
  return {
    ciudad: office.place,
    fecha_en_letras: fechaEnLetras(today),
    fecha: formatDate(today),
    aseguradora: caso.nombre_compania ?? EN_BLANCO,
    caso: String(caso.id),
    siniestro_nro: caso.reclamo_nro ?? EN_BLANCO,
    fecha_siniestro: caso.fecha_siniestro ? formatDate(caso.fecha_siniestro) : EN_BLANCO,
    lugar_siniestro: caso.lugar_siniestro ?? EN_BLANCO,
    asegurado_nombre: fullName(asegurado),
    asegurado_documento: documento(asegurado),
    asegurado_dominio: asegurado.dominio ?? EN_BLANCO,
    asegurado_vehiculo: asegurado.marca_modelo ?? EN_BLANCO,
    tercero_nombre: fullName(tercero),
    tercero_documento: documento(tercero),
    tercero_domicilio: tercero.domicilio ?? EN_BLANCO,
    tercero_dominio: tercero.dominio ?? EN_BLANCO,
    tercero_vehiculo: tercero.marca_modelo ?? EN_BLANCO,
    titular_nombre: request.titular_nombre ?? EN_BLANCO,
    titular_documento: request.titular_documento ?? EN_BLANCO,
    caracter: request.caracter ?? EN_BLANCO,
    apoderado_nombre: request.apoderado_nombre ?? EN_BLANCO,
    apoderado_documento: request.apoderado_documento ?? EN_BLANCO,
    poder: request.poder ?? EN_BLANCO,
    letrado_nombre: letrado ? fullName(letrado) : EN_BLANCO,
    letrado_cuit: letrado?.cuit ?? EN_BLANCO,
    monto: formatPesos(valor),
    monto_en_letras: pesosEnLetras(valor),
    plazo_pago: plazoEnLetras(office.plazoPagoDias),
    cbu,
  };
}

export const convenioFileName = (template: ConvenioTemplate, casoId: number) => `${convenioSlug(template)}_Caso_${casoId}.docx`;
