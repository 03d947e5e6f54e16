import { SUBIDA_ESTADOS, SUBIDA_MESSAGES, SUBIDA_METADATA, SUBIDAS, type SubidaEstado, type SubidaProposito } from '@siniestros/domain';
import type { DetailedError, Upload, UploadOptions } from 'tus-js-client';

/**
 * Resumable uploads from the browser (issue 43 item 5, docs/decisions/089): tus-js-client against
 * /api/subidas/, 1 MB chunks, retries with backoff, and the upload's URL kept in localStorage under
 * a fingerprint of the user, the file and its destination, so a closed tab resumes where it was.
 * tus-js-client (about 20 KB gzip) is imported only when a file is sent: a chunk of its own.
 */

/** Where an upload goes: the purpose and the object (the inspection) it is for. */
export type DestinoSubida = { proposito: SubidaProposito; id: number };

/** One file's progress, as useSubidas lists it. */
export type ProgresoSubida = {
  /** The file's key in the list (its fingerprint). */
  clave: string;
  nombre: string;
  enviados: number;
  total: number;
  estado: SubidaEstado;
  /** Why it failed (estado 'error'), in Spanish. */
  mensaje?: string;
  /** The server's id once it is finished: what the feature's request names. */
  id?: string;
};

export type ProgresoTotal = { enviados: number; total: number; porcentaje: number };

/** Every file together: bytes sent over bytes to send (cancelled ones left out), as a whole percent. */
export function progresoTotal(subidas: readonly ProgresoSubida[]): ProgresoTotal {
  const vigentes = subidas.filter((subida) => subida.estado !== SUBIDA_ESTADOS.CANCELADA);
  const total = vigentes.reduce((suma, subida) => suma + subida.total, 0);
  const enviados = vigentes.reduce((suma, subida) => suma + Math.min(subida.enviados, subida.total), 0);
  return { enviados, total, porcentaje: total === 0 ? 0 : Math.floor((enviados * 100) / total) };
}

/** The prefix of a user's entries in localStorage (tus-js-client writes `tus::<fingerprint>::<n>`). */
const PREFIJO = 'siniestros-subida';
const claveDeUsuario = (usuario: string) => `${PREFIJO}:${encodeURIComponent(usuario.toLowerCase())}:`;

/** A file's fingerprint for one user and destination: another user on the device never resumes it. */
export function huella(usuario: string, archivo: Pick<File, 'name' | 'type' | 'size' | 'lastModified'>, destino: DestinoSubida): string {
  return `${claveDeUsuario(usuario)}${destino.proposito}:${destino.id}:${[archivo.name, archivo.type, archivo.size, archivo.lastModified].join('-')}`;
}

/** At logout: the user's resumable uploads are forgotten on this device (their URLs, not the server's rows). */
export function olvidarSubidas(usuario: string, storage: Storage = localStorage): void {
  const prefijo = `tus::${claveDeUsuario(usuario)}`;
  const claves: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const clave = storage.key(i);
    if (clave?.startsWith(prefijo)) claves.push(clave);
  }
  for (const clave of claves) storage.removeItem(clave);
}

type FallaHttp = { status: number; cuerpo: string };

/** The status and body of a failed request, when tus-js-client got an answer. */
function fallaHttp(error: unknown): FallaHttp | null {
  const respuesta = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!respuesta) return null;
  return { status: respuesta.getStatus(), cuerpo: respuesta.getBody() ?? '' };
}

/** The server's own Spanish message ({message}), when its answer carries one. */
function mensajeDelServidor(cuerpo: string): string | null {
  try {
    const message = (JSON.parse(cuerpo) as { message?: unknown }).message;
    return typeof message === 'string' && message !== '' ? message : null;
  } catch {
    return null;
  }
}

/** One Spanish sentence per failure: the server's when it said one, else by status, else the network's. */
export function mensajeDeError(error: unknown, enLinea = typeof navigator === 'undefined' || navigator.onLine): string {
  const falla = fallaHttp(error);
  if (!falla || falla.status === 0) return enLinea ? SUBIDA_MESSAGES.servidor : SUBIDA_MESSAGES.sinConexion;
  const propio = mensajeDelServidor(falla.cuerpo);
  if (propio) return propio;
  if (falla.status === 401) return SUBIDA_MESSAGES.sesionVencida;
  if (falla.status === 403) return SUBIDA_MESSAGES.sinPermiso;
  if (falla.status === 404) return SUBIDA_MESSAGES.noEncontrada;
  if (falla.status === 410) return SUBIDA_MESSAGES.vencida;
  if (falla.status === 413) return SUBIDA_MESSAGES.parteGrande;
  if (falla.status >= 500) return SUBIDA_MESSAGES.servidor;
  return SUBIDA_MESSAGES.desconocido;
}

/** Retried: no answer, a server failure, an offset conflict or a lock (tus-js-client's own rule), never a refusal such as 401, 404 or 413. */
export function debeReintentar(error: unknown): boolean {
  const status = fallaHttp(error)?.status ?? 0;
  // No answer (offline, a cut): the next try after the delay may find the network.
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

export type SubidaEnCurso = {
  /** Resolves with the server's id once every byte is there; rejects with a Spanish message. */
  terminada: Promise<string>;
  /** Stops sending; `borrar` also deletes what the server kept (a cancel, not a pause). */
  detener: (borrar?: boolean) => Promise<void>;
};

/**
 * Sends `archivo` for `destino` as `usuario`, resuming a previous upload of the same file, user and
 * destination when the device kept its URL. `alAvanzar` gets the bytes the server acknowledged.
 */
export async function subirReanudable(
  archivo: File,
  destino: DestinoSubida,
  usuario: string,
  eventos: { alAvanzar?: (enviados: number, total: number) => void; alReintentar?: () => void } = {},
): Promise<SubidaEnCurso> {
  const tus = await import('tus-js-client');
  let upload: Upload;
  let rechazar: (error: Error) => void = () => undefined;
  const terminada = new Promise<string>((resolve, reject) => {
    rechazar = reject;
    const options: UploadOptions = {
      endpoint: SUBIDAS.ruta,
      chunkSize: SUBIDAS.parteBytes,
      retryDelays: [...SUBIDAS.reintentosMs],
      metadata: {
        [SUBIDA_METADATA.nombre]: archivo.name,
        [SUBIDA_METADATA.tipo]: archivo.type,
        [SUBIDA_METADATA.proposito]: destino.proposito,
        [SUBIDA_METADATA.id]: String(destino.id),
      },
      fingerprint: (file) => Promise.resolve(huella(usuario, file as File, destino)),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onChunkComplete: (_tamano, enviados, total) => eventos.alAvanzar?.(enviados, total),
      onShouldRetry: (error) => {
        const reintentar = debeReintentar(error);
        if (reintentar) eventos.alReintentar?.();
        return reintentar;
      },
      onError: (error) => reject(new ErrorDeSubida(mensajeDeError(error), fallaHttp(error)?.status ?? 0)),
      onSuccess: () => resolve(upload.url?.split('/').pop() ?? ''),
    };
    upload = new tus.Upload(archivo, options);
  });
  const previas = await upload!.findPreviousUploads();
  if (previas[0]) upload!.resumeFromPreviousUpload(previas[0]);
  upload!.start();
  return {
    terminada,
    async detener(borrar = false) {
      await upload.abort(borrar);
      rechazar(new SubidaDetenida());
    },
  };
}

/** A failed upload: its Spanish message and the server's status (0: no answer, e.g. offline). */
export class ErrorDeSubida extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ErrorDeSubida';
  }
}

/** What `terminada` rejects with once `detener` stopped the upload (not a failure to report). */
export class SubidaDetenida extends Error {
  constructor() {
    super('subida detenida');
    this.name = 'SubidaDetenida';
  }
}
