/** Upload document types (spec §3's 19, plus 'Comprobante de pago'): a file is renamed to its type. */
export const UPLOAD_DOC_TYPES = [
  'Cedula_Verde', 'Registro', 'DNI', 'Denuncia', 'Cert_Cobertura', 'Foto', 'Presupuesto',
  'Doc Unificada', 'Estatuto', 'Poder', 'Titulo', 'Doc Letrado', 'Doc Medica', 'Convenio',
  'CBU', 'Otros', 'Acta', 'Doc Final', 'Informe Final',
  // Issue 41 item 6: the receipt of a payment's transfer (docs/decisions/082).
  'Comprobante de pago',
] as const;
export type UploadDocType = (typeof UPLOAD_DOC_TYPES)[number];

/** Inspector uploads (spec §3). */
export const INSPECCION_FILE_BASES = { inspeccion: 'Inspeccion', cotizacion: 'Repuestos' } as const;

/** Extensions accepted for case documents (ASVS 5.2.2). */
export const ALLOWED_EXTENSIONS = [
  'pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'tif', 'tiff', 'bmp',
  'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods', 'txt', 'csv', 'zip', 'mp4', 'mov',
] as const;

export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];
/** Formats without magic bytes: accepted when their content is UTF-8 text. */
export const TEXT_EXTENSIONS: readonly AllowedExtension[] = ['txt', 'csv'];

export const DOC_CARD_NAME_MAX = 14;

/** 'Descargar Todo' (spec §2): every document of the case in one zip. */
export const documentsZipName = (idCaso: number) => `caso_${idCaso}_documentos.zip`;

export const DOCUMENTACION_MESSAGES = {
  uploaded: 'Archivos subidos exitosamente',
  history: 'Se agrego documentacion al caso',
  tooLarge: 'Hay uno o mas archivos mas grande de lo permitido',
  deleted: 'Documento eliminado',
  historyDeleted: (name: string) => `Se elimino el documento ${name}`,
  notFound: 'El documento no existe',
  noDocuments: 'El caso no tiene documentos',
  missingType: 'Cada archivo debe tener un tipo de documento',
  badType: 'Tipo de documento invalido',
  badExtension: 'Tipo de archivo no permitido',
  badContent: 'El contenido del archivo no corresponde a su extension',
  badName: 'Nombre de archivo invalido',
  noFiles: 'Debe seleccionar al menos un archivo',
  notMultipart: 'Los archivos deben enviarse como multipart/form-data',
  loadError: 'Error al obtener los documentos',
} as const;

export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * Spec §3: a file is renamed to its type, keeping its extension; repeats get _02, _03...
 * `existing` holds the names already stored for the case (and those assigned earlier in the batch).
 */
export function documentFileName(type: string, originalName: string, existing: ReadonlySet<string>): string {
  const extension = fileExtension(originalName);
  const withExt = (base: string) => (extension ? `${base}.${extension}` : base);
  const taken = new Set([...existing].map((name) => name.toLowerCase()));
  if (!taken.has(withExt(type).toLowerCase())) return withExt(type);
  for (let n = 2; ; n++) {
    const candidate = withExt(`${type}_${String(n).padStart(2, '0')}`);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** A stored document name as it may appear in a request: no path parts, no control characters. */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    !/[/\\\u0000-\u001f\u007f]/.test(name) &&
    name !== '.' &&
    name !== '..' &&
    !name.startsWith('.')
  );
}

/** The 9 convenio templates (decision 000), generated as .docx with the case's data. */
export const CONVENIO_TEMPLATES = [
  { id: 1, nombre: 'Daños Titular sin Letrado', parte: 'titular', conLetrado: false },
  { id: 2, nombre: 'Daños Titular con Letrado', parte: 'titular', conLetrado: true },
  { id: 3, nombre: 'Daños No Titular sin Letrado', parte: 'no_titular', conLetrado: false },
  { id: 4, nombre: 'Daños No Titular con Letrado', parte: 'no_titular', conLetrado: true },
  { id: 5, nombre: 'Daños Apoderado sin Letrado', parte: 'apoderado', conLetrado: false },
  { id: 6, nombre: 'Daños Apoderado con Letrado', parte: 'apoderado', conLetrado: true },
  { id: 7, nombre: 'Aceptación Previa sin Letrado', parte: 'aceptacion_previa', conLetrado: false },
  { id: 8, nombre: 'Aceptación Previa con Letrado', parte: 'aceptacion_previa', conLetrado: true },
  { id: 9, nombre: 'Destrucción Total', parte: 'destruccion_total', conLetrado: false },
] as const;
export type ConvenioTemplate = (typeof CONVENIO_TEMPLATES)[number];
export const CONVENIOS_ZIP_NAME = 'archivos_convenios.zip';
export const CONVENIO_MESSAGES = {
  downloaded: 'Convenios descargados',
  sent: 'Convenio enviado',
  noneSelected: 'Debe seleccionar al menos un convenio',
  unknownTemplate: 'Convenio inexistente',
  noOffer: 'No se cargó un Valor Ofertado',
  montoCero: 'El convenio no puede ser por $ 0,00: corrija el valor acordado antes de generarlo',
  wrongEstado: 'Los convenios se generan con el caso en estado Convenio',
  chooseTercero: 'Seleccione el tercero del convenio',
  unknownTercero: 'El tercero no pertenece al caso',
  noTercero: 'El caso no tiene terceros: cargue el tercero reclamante',
  required: (label: string) => `${label}: dato requerido para el convenio elegido`,
  badCbu: 'El CBU debe tener 22 dígitos',
  badCbuCheck: 'El dígito verificador del CBU no es correcto: revise el número',
  noCbu: 'El tercero no tiene un CBU válido: ingrese el CBU de la cuenta donde se paga',
  noLetrado: 'El caso no tiene letrado: cárguelo antes de generar un convenio con Letrado',
} as const;

/**
 * The documents' preview (issue 44 item 4, docs/decisions/099): what is shown in place (PDFs and
 * pictures as they are, office documents as a PDF where LibreOffice is installed); anything else
 * offers the download.
 */
export const VISTA_PREVIA_MESSAGES = {
  sinVistaPrevia: 'Este archivo no tiene vista previa: descárguelo para verlo',
} as const;
