import { useCallback, useEffect, useRef, useState } from 'react';
import { SUBIDA_ESTADOS } from '@siniestros/domain';
import { huella, progresoTotal, subirReanudable, SubidaDetenida, type DestinoSubida, type ProgresoSubida, type SubidaEnCurso } from './subida-reanudable';

/** `subidas` with the one of `clave` changed (a new one added at the end). */
export function conCambio(subidas: readonly ProgresoSubida[], clave: string, cambio: Partial<ProgresoSubida>): ProgresoSubida[] {
  if (!subidas.some((subida) => subida.clave === clave)) {
    return [...subidas, { clave, nombre: '', enviados: 0, total: 0, estado: SUBIDA_ESTADOS.ESPERANDO, ...cambio }];
  }
  return subidas.map((subida) => (subida.clave === clave ? { ...subida, ...cambio } : subida));
}

/**
 * The files a screen sends, each resumable (docs/decisions/089): `subidas` lists name, bytes sent,
 * total and state per file, `total` the overall percent; `agregar` answers each file's server id
 * (null when it failed or was cancelled: its `mensaje` says why, in Spanish).
 */
export function useSubidas(usuario: string) {
  const [subidas, setSubidas] = useState<ProgresoSubida[]>([]);
  const enCurso = useRef(new Map<string, SubidaEnCurso>());
  const cambiar = useCallback((clave: string, cambio: Partial<ProgresoSubida>) => setSubidas((actuales) => conCambio(actuales, clave, cambio)), []);

  // A screen left: its uploads stop sending (the device keeps their URLs; they resume next time).
  useEffect(() => {
    const mapa = enCurso.current;
    return () => mapa.forEach((subida) => void subida.detener());
  }, []);

  const agregar = useCallback(
    async (archivos: readonly File[], destino: DestinoSubida): Promise<(string | null)[]> =>
      Promise.all(
        archivos.map(async (archivo) => {
          const clave = huella(usuario, archivo, destino);
          cambiar(clave, { nombre: archivo.name, total: archivo.size, enviados: 0, estado: SUBIDA_ESTADOS.SUBIENDO, mensaje: undefined });
          try {
            const subida = await subirReanudable(archivo, destino, usuario, {
              alAvanzar: (enviados) => cambiar(clave, { enviados, estado: SUBIDA_ESTADOS.SUBIENDO }),
              alReintentar: () => cambiar(clave, { estado: SUBIDA_ESTADOS.REINTENTANDO }),
            });
            enCurso.current.set(clave, subida);
            const id = await subida.terminada;
            cambiar(clave, { enviados: archivo.size, estado: SUBIDA_ESTADOS.TERMINADA, id });
            return id;
          } catch (error) {
            // Stopped on purpose (cancelled, or the screen left): not an error to show.
            if (!(error instanceof SubidaDetenida)) cambiar(clave, { estado: SUBIDA_ESTADOS.ERROR, mensaje: (error as Error).message });
            return null;
          } finally {
            enCurso.current.delete(clave);
          }
        }),
      ),
    [usuario, cambiar],
  );

  /** Cancels a file: stops it and deletes what the server kept. */
  const cancelar = useCallback(
    async (clave: string) => {
      await enCurso.current.get(clave)?.detener(true);
      cambiar(clave, { estado: SUBIDA_ESTADOS.CANCELADA });
    },
    [cambiar],
  );

  return { subidas, total: progresoTotal(subidas), agregar, cancelar };
}
