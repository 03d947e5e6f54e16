import { ALLOWED_EXTENSIONS } from '../documentacion/documentacion.constants';

/**
 * Resumable uploads (issue 43 item 5, docs/decisions/089): the tus 1.0 protocol under
 * /api/subidas/, a file sent in chunks that survive a lost connection and a closed tab, then
 * taken by the feature it was sent for (the inspection's close).
 */
export const SUBIDAS = {
  /** Where the endpoint lives (tus-js-client's `endpoint`). */
  ruta: '/api/subidas/',
  /** Each PATCH the browser sends carries this much (the last one less). */
  parteBytes: 1024 * 1024,
  /** The most one PATCH (or a POST with data) may carry: a client's larger chunk is refused (413). */
  parteMaxBytes: 8 * 1024 * 1024,
  /** Unfinished uploads one user may hold at once. */
  maxPendientes: 50,
  /** Bytes those unfinished uploads may announce together. */
  maxBytesPendientes: 500 * 1024 * 1024,
  /** An upload not finished this long after it began is removed (and its PATCHes answered 410). */
  caducaHoras: 24,
  /** A finished upload no feature took within this many days is removed. */
  terminadaCaducaDias: 7,
  /** The client's waits between retries (ms): tus-js-client's `retryDelays`. */
  reintentosMs: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
} as const;

/**
 * What an upload is for, named in its Upload-Metadata (`proposito`, with `id` the object's id):
 * the types it may carry and the object it needs. 'inspeccion': the files and photos of an
 * inspection's close, only by whoever may close that inspection.
 */
export const SUBIDA_PROPOSITOS = {
  inspeccion: { extensiones: ALLOWED_EXTENSIONS },
} as const;
export type SubidaProposito = keyof typeof SUBIDA_PROPOSITOS;

export const isSubidaProposito = (value: string): value is SubidaProposito => Object.hasOwn(SUBIDA_PROPOSITOS, value);

/** Upload-Metadata keys the server reads (tus: base64 values); any other key is ignored. */
export const SUBIDA_METADATA = { nombre: 'filename', proposito: 'proposito', id: 'id', tipo: 'filetype' } as const;

/** Per-upload states the web module reports (useSubidas). */
export const SUBIDA_ESTADOS = {
  ESPERANDO: 'esperando',
  SUBIENDO: 'subiendo',
  REINTENTANDO: 'reintentando',
  TERMINADA: 'terminada',
  ERROR: 'error',
  CANCELADA: 'cancelada',
} as const;
export type SubidaEstado = (typeof SUBIDA_ESTADOS)[keyof typeof SUBIDA_ESTADOS];

const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`.replace('.', ',');

export const SUBIDA_MESSAGES = {
  noEncontrada: 'La subida no existe o ya no está disponible: vuelva a elegir el archivo',
  sinLongitud: 'Falta el tamaño del archivo a subir (Upload-Length)',
  demasiadoGrande: (maxBytes: number) => `El archivo supera el máximo permitido de ${mb(maxBytes)}`,
  parteGrande: `Cada parte del envío puede tener hasta ${mb(SUBIDAS.parteMaxBytes)}`,
  sinLongitudParte: 'Falta el tamaño de la parte enviada (Content-Length)',
  sinNombre: 'Falta el nombre del archivo (filename en Upload-Metadata)',
  metadataInvalida: 'Los datos de la subida (Upload-Metadata) no son válidos',
  propositoInvalido: 'El destino de la subida no es válido: debe indicar proposito e id',
  demasiadasPendientes: `Tiene ${SUBIDAS.maxPendientes} subidas sin terminar: termine o cancele alguna antes de empezar otra`,
  demasiadosBytesPendientes: `Sus subidas sin terminar superarían ${mb(SUBIDAS.maxBytesPendientes)}: termine o cancele alguna antes de empezar otra`,
  conflictoOffset: 'El envío no continúa donde quedó la subida: se reintentará desde el punto correcto',
  vencida: `La subida venció (${SUBIDAS.caducaHoras} horas sin terminar): vuelva a elegir el archivo`,
  ocupada: 'La subida está recibiendo otro envío: reintente en unos segundos',
  sinTerminar: (nombre: string, faltan: number) => `La subida de ${nombre} no terminó: faltan ${faltan} bytes`,
  yaUsada: 'Este archivo ya fue usado: vuelva a elegirlo para enviarlo otra vez',
  otroDestino: 'El archivo subido no corresponde a este destino',
  tipoNoPermitido: 'Tipo de archivo no permitido para este envío',
  sinConexion: 'Sin conexión: la subida sigue sola cuando vuelva la red',
  sesionVencida: 'Su sesión venció: vuelva a iniciar sesión para seguir subiendo',
  sinPermiso: 'No tiene permiso para subir archivos a este destino',
  servidor: 'El servidor no pudo guardar el archivo: se reintentará',
  desconocido: 'No se pudo subir el archivo',
} as const;
