import { PORTAL_PAGINA } from '@siniestros/domain/portal';
import type { PortalEstado, PortalFirmaInput, portalCodigoResponse, portalInicioResponse } from '@siniestros/domain';
import type { z } from 'zod';

/**
 * The claimant's calls (/api/portal/*, docs/decisions/084). The portal cookie (Path=/api/portal)
 * rides along by itself. Answers are not parsed with the domain's zod schemas: zod alone would be
 * a third of this page's budget (issue 42 item 8); the types still come from the contract.
 */

export type PortalInicio = z.infer<typeof portalInicioResponse>;
export type PortalCodigoRespuesta = z.infer<typeof portalCodigoResponse>;
export type PortalConvenioVista = NonNullable<PortalEstado['convenio']>;
export type { PortalEstado };
export type PortalItemVista = PortalEstado['items'][number];

const BASE = '/api/portal';

/**
 * A refused or failed call: the server's Spanish message, or ours when there was no answer (status 0);
 * the fields it names (a 400's `errors`), and on a 429 the seconds its Retry-After asks to wait.
 */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly campos: readonly string[] = [],
    readonly esperarSegundos: number | null = null,
  ) {
    super(message);
  }
}

function errorOf(status: number, payload: unknown, retryAfter: string | null = null): PortalError {
  const { message, errors } = (payload ?? {}) as { message?: unknown; errors?: unknown };
  const campos = Array.isArray(errors) ? errors.map((error: { path?: unknown }) => String(error?.path ?? '')) : [];
  const segundos = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null;
  return new PortalError(status, typeof message === 'string' && message !== '' ? message : PORTAL_PAGINA.errorServidor, campos, segundos);
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new PortalError(0, PORTAL_PAGINA.sinConexion);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorOf(response.status, payload, response.headers.get('Retry-After'));
  return payload as T;
}

export const portalApi = {
  /** The link's token for a portal session (the cookie). */
  sesion: (token: string) => call<PortalInicio>('POST', '/sesion', { token }),
  dni: (dni: string) => call<PortalInicio>('POST', '/dni', { dni }),
  /** Before the DNI, what the claimant needs to type it; after it, their case. */
  estado: () => call<PortalInicio | PortalEstado>('GET', '/estado'),
  mensaje: (texto: string) => call<unknown>('POST', '/mensajes', { texto }),
  salir: () => call<unknown>('POST', '/salir', {}),
  /** The electronic signature's one-time code, e-mailed; the answer says where (masked). */
  pedirCodigo: () => call<PortalCodigoRespuesta>('POST', '/convenio/codigo', {}),
  firmar: (firma: PortalFirmaInput) => call<{ message: string }>('POST', '/convenio/firma', firma),
};

export const isEstado = (data: PortalInicio | PortalEstado): data is PortalEstado => 'reclamo' in data;

export const ejemploUrl = (idItem: number) => `${BASE}/items/${idItem}/ejemplo`;

/** A published convenio: a PDF opens in the browser, a .docx downloads. */
export const convenioUrl = (idArchivo: number) => `${BASE}/convenio/${idArchivo}`;

/**
 * One file for an item, through XMLHttpRequest for its upload progress (fetch reports none). The
 * key travels with every try of the same file, so a retry after a dropped connection lands once.
 */
export function subirArchivo(
  idItem: number,
  archivo: Blob,
  nombre: string,
  clave: string,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${BASE}/items/${idItem}/archivos`);
    xhr.setRequestHeader('Idempotency-Key', clave);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let payload: unknown = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's page): our own message below
      }
      reject(errorOf(xhr.status, payload));
    };
    xhr.onerror = xhr.onabort = xhr.ontimeout = () => reject(new PortalError(0, PORTAL_PAGINA.sinConexion));
    const form = new FormData();
    form.append('archivo', archivo, nombre);
    xhr.send(form);
  });
}

/** A key per pending file; crypto.randomUUID exists only on HTTPS (and localhost), getRandomValues everywhere. */
export function nuevaClave(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
