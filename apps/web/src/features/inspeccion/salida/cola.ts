import { CIERRE_SALIDA, CIERRE_SALIDA_TEXTS } from '@siniestros/domain';
import { cierresDe } from '../../../lib/device/salida';
import { enviarCierre, mediosReales, type ArchivoEnvio, type Medios, type ResultadoEnvio } from './enviar-cierre';

/**
 * One round of the outbox (docs/decisions/091): the user's closes not refused, oldest first, one at a
 * time, by one tab of the device at a time (navigator.locks; a tab finding it held skips the round,
 * the holder is sending). The state of each close is kept here for the screens of this tab.
 */

export type EstadoEnvio =
  | { tipo: 'enviando'; archivos: ArchivoEnvio[] }
  | { tipo: 'esperando'; message: string };

const estados = new Map<string, EstadoEnvio>();
const oyentes = new Set<() => void>();
let version = 0;

function poner(clave: string, estado: EstadoEnvio | null) {
  if (estado) estados.set(clave, estado);
  else estados.delete(clave);
  version++;
  oyentes.forEach((oyente) => oyente());
}

export const estadoDeEnvio = (clave: string): EstadoEnvio | null => estados.get(clave) ?? null;
export const versionDeEnvio = () => version;
export function alCambiarEnvio(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

/** Resolves `false` when another tab holds the sender's lock (it sends), else runs `tarea`. */
async function conCandado(tarea: () => Promise<void>): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.locks) {
    await tarea();
    return true;
  }
  return navigator.locks.request(CIERRE_SALIDA.candado, { ifAvailable: true }, async (candado) => {
    if (!candado) return false;
    await tarea();
    return true;
  });
}

/** What a round left: how many closes still wait to be sent (refused ones not counted). */
export type Ronda = { enviados: number; esperando: number; rechazados: number; otraPestana: boolean };

let enCurso: Promise<Ronda> | null = null;

/** Sends the user's waiting closes; a call during a round gets that round. `medios` for the tests. */
export function enviarPendientes(usr: string, medios?: (alAvanzar: Medios['alAvanzar']) => Medios): Promise<Ronda> {
  enCurso ??= (async () => {
    const ronda: Ronda = { enviados: 0, esperando: 0, rechazados: 0, otraPestana: false };
    const tomado = await conCandado(async () => {
      for (const cierre of await cierresDe(usr)) {
        if (cierre.rechazo) continue;
        if (typeof navigator !== 'undefined' && !navigator.onLine) {
          poner(cierre.clave, { tipo: 'esperando', message: CIERRE_SALIDA_TEXTS.sinConexion });
          ronda.esperando++;
          continue;
        }
        const alAvanzar = (archivos: ArchivoEnvio[]) => poner(cierre.clave, { tipo: 'enviando', archivos });
        const resultado: ResultadoEnvio = await enviarCierre(cierre, (medios ?? ((avanzar) => mediosReales(usr, avanzar)))(alAvanzar));
        if (resultado.tipo === 'esperando') {
          poner(cierre.clave, { tipo: 'esperando', message: resultado.message });
          ronda.esperando++;
        } else {
          poner(cierre.clave, null);
          if (resultado.tipo === 'enviado') ronda.enviados++;
          else ronda.rechazados++;
        }
      }
    });
    ronda.otraPestana = !tomado;
    return ronda;
  })().finally(() => {
    enCurso = null;
  });
  return enCurso;
}

/** The wait before round `n` (0-based) when closes still wait: the domain's backoff, its last one repeated. */
export const esperaAntesDe = (intento: number) => CIERRE_SALIDA.reintentosMs[Math.min(intento, CIERRE_SALIDA.reintentosMs.length - 1)];
