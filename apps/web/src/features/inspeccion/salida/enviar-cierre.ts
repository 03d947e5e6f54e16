import { CIERRE_SALIDA_TEXTS, INSPECCION_CIERRE_RESUBIR } from '@siniestros/domain';
import { API_BASE } from '../../../lib/api';
import { anotarRechazo, anotarSubida, archivoDe, olvidarSubidas, quitarCierre, type ArchivoGuardado, type CierrePendiente, type RechazoCierre } from '../../../lib/device/salida';
import { ErrorDeSubida, subirReanudable } from '../../../lib/subida-reanudable';

/**
 * The sender of one saved close (issue 43 item 3, docs/decisions/091): each file not yet uploaded
 * goes up resumable (purpose 'inspeccion', the inspection's id) and its id is written on the record,
 * then POST /api/inspeccion/d/:id/cierre with the ids and the clave. Only a 200 (repetido or not)
 * removes the close; a refusal (a body with `code`) is kept on it; no answer just waits.
 */

/** How a round ended for one close. */
export type ResultadoEnvio =
  | { tipo: 'enviado'; repetido: boolean }
  | { tipo: 'rechazado'; rechazo: RechazoCierre }
  /** Nothing reached the server, or it failed (5xx, 401): the next round tries again. */
  | { tipo: 'esperando'; message: string };

export type ArchivoEnvio = { rol: string; nombre: string; enviados: number; total: number };

/** What the sender needs from the world: the tests give fakes, the app the real ones. */
export type Medios = {
  /** Resolves with the upload's id; rejects with ErrorDeSubida (status 0: no answer). */
  subir: (archivo: File, id: number, alAvanzar: (enviados: number) => void) => Promise<string>;
  /** POST of the close: its status and JSON body (rejects when nothing answered). */
  enviar: (id: number, cuerpo: unknown) => Promise<{ status: number; body: unknown }>;
  alAvanzar?: (archivos: ArchivoEnvio[]) => void;
};

/** The close's files, each with the role its upload id is kept under. */
export function archivosDe(cierre: CierrePendiente): { rol: string; archivo: ArchivoGuardado }[] {
  return [
    { rol: 'inspeccion', archivo: cierre.inspeccion },
    { rol: 'cotizacion', archivo: cierre.cotizacion },
    ...cierre.fotos.map((foto) => ({ rol: foto.clave, archivo: foto })),
  ];
}

/** The JSON the server's contract takes (packages/domain inspecciones.cierre). */
export function cuerpoDe(cierre: CierrePendiente, subidas: Record<string, string>) {
  return {
    ...(cierre.confirma_anticipada ? { confirma_anticipada: true } : {}),
    clave: cierre.clave,
    resultado: cierre.resultado,
    monto_inspeccion: cierre.monto_inspeccion,
    inspeccion: subidas.inspeccion,
    cotizacion: subidas.cotizacion,
    fotos: cierre.fotos.map((foto) => ({
      subida: subidas[foto.clave],
      id_checklist: foto.id_checklist,
      capturada_en: foto.capturada_en,
      latitud: foto.latitud,
      longitud: foto.longitud,
    })),
  };
}

const rechazoDe = (body: unknown): RechazoCierre | null => {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || code === '') return null;
  return { code, message: typeof message === 'string' && message !== '' ? message : CIERRE_SALIDA_TEXTS.rechazoDesconocido };
};

/** Stands for the n-th file when its upload is missing (never an upload's id; distinct, as the server refuses one id twice). */
const noSubida = (n: number) => `-${n}`;

async function motivoDelServidor(cierre: CierrePendiente, subidas: Record<string, string>, medios: Medios): Promise<RechazoCierre | null> {
  const nombradas = Object.fromEntries(archivosDe(cierre).map(({ rol }, n) => [rol, subidas[rol] ?? noSubida(n)]));
  try {
    const respuesta = await medios.enviar(cierre.id, cuerpoDe(cierre, nombradas));
    const rechazo = respuesta.status >= 400 && respuesta.status < 500 ? rechazoDe(respuesta.body) : null;
    return rechazo && !rechazo.code.startsWith('subida') ? rechazo : null;
  } catch {
    return null;
  }
}

export async function enviarCierre(cierre: CierrePendiente, medios: Medios): Promise<ResultadoEnvio> {
  const primero = await subirYEnviar(cierre, { ...cierre.subidas }, medios);
  // An upload the server no longer has (expired and swept while the phone had no signal, decision
  // 089) or cannot take: uploaded again from the files the device keeps, and sent once more.
  if (primero.tipo !== 'rechazado' || !INSPECCION_CIERRE_RESUBIR.includes(primero.rechazo.code)) return primero;
  await olvidarSubidas(cierre.usr, cierre.clave);
  return subirYEnviar(cierre, {}, medios);
}

/** One attempt: the files not yet uploaded (`subidas` holds the others' ids), then the close's POST. */
async function subirYEnviar(cierre: CierrePendiente, subidas: Record<string, string>, medios: Medios): Promise<ResultadoEnvio> {
  const archivos = archivosDe(cierre);
  const progreso: ArchivoEnvio[] = archivos.map(({ rol, archivo }) => ({
    rol,
    nombre: archivo.nombre,
    total: archivo.blob.size,
    enviados: subidas[rol] ? archivo.blob.size : 0,
  }));
  const avanzar = (rol: string, enviados: number) => {
    const uno = progreso.find((archivo) => archivo.rol === rol)!;
    uno.enviados = enviados;
    medios.alAvanzar?.(progreso.map((archivo) => ({ ...archivo })));
  };
  medios.alAvanzar?.(progreso.map((archivo) => ({ ...archivo })));
  for (const { rol, archivo } of archivos) {
    if (subidas[rol]) continue;
    try {
      subidas[rol] = await medios.subir(archivoDe(archivo), cierre.id, (enviados) => avanzar(rol, enviados));
    } catch (error) {
      const status = error instanceof ErrorDeSubida ? error.status : 0;
      const message = (error as Error).message;
      // A refusal of the file itself (type, size, the inspection no longer theirs): shown, kept.
      if (status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 409 && status !== 423) {
        // The server says why in the close's own words when the inspection is the reason
        // (reassigned, deleted, finalized, the case moved on): asked with the files not sent named
        // '-n', which it refuses after those checks. Else the upload's refusal, naming the file.
        const rechazo = (await motivoDelServidor(cierre, subidas, medios)) ?? { code: 'subida', message: `${archivo.nombre}: ${message}` };
        await anotarRechazo(cierre.usr, cierre.clave, rechazo);
        return { tipo: 'rechazado', rechazo };
      }
      return { tipo: 'esperando', message };
    }
    avanzar(rol, archivo.blob.size);
    await anotarSubida(cierre.usr, cierre.clave, rol, subidas[rol]);
  }
  let respuesta: { status: number; body: unknown };
  try {
    respuesta = await medios.enviar(cierre.id, cuerpoDe(cierre, subidas));
  } catch {
    return { tipo: 'esperando', message: CIERRE_SALIDA_TEXTS.sinConexion };
  }
  if (respuesta.status === 200) {
    await quitarCierre(cierre.usr, cierre.clave);
    return { tipo: 'enviado', repetido: Boolean((respuesta.body as { repetido?: unknown } | null)?.repetido) };
  }
  if (respuesta.status === 401) return { tipo: 'esperando', message: CIERRE_SALIDA_TEXTS.sesionVencida };
  const rechazo = respuesta.status < 500 ? rechazoDe(respuesta.body) : null;
  if (!rechazo) return { tipo: 'esperando', message: CIERRE_SALIDA_TEXTS.esperando };
  // Kept with its code until the user discards it ('Descartar cierre').
  await anotarRechazo(cierre.usr, cierre.clave, rechazo);
  return { tipo: 'rechazado', rechazo };
}

/** The real means: tus-js-client and fetch. */
export function mediosReales(usr: string, alAvanzar?: Medios['alAvanzar']): Medios {
  return {
    subir: async (archivo, id, avanzar) => {
      const subida = await subirReanudable(archivo, { proposito: 'inspeccion', id }, usr, { alAvanzar: (enviados) => avanzar(enviados) });
      return subida.terminada;
    },
    enviar: async (id, cuerpo) => {
      const response = await fetch(`${API_BASE}/inspeccion/d/${id}/cierre`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(cuerpo),
      });
      const body: unknown = await response.json().catch(() => null);
      return { status: response.status, body };
    },
    alAvanzar,
  };
}
