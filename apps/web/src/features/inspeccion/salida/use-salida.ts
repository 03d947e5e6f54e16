import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INSPECCION_MESSAGES } from '@siniestros/domain';
import { notifySuccess } from '../../../lib/notify';
import { alCambiarSalida, cierresDe } from '../../../lib/device/salida';
import { alCambiarEnvio, enviarPendientes, esperaAntesDe, estadoDeEnvio, versionDeEnvio } from './cola';

/** Rounds already told (a round is shared by whoever asked while it ran). */
const rondasVistas = new WeakSet<object>();

const salidaKey = (usr: string) => ['salida', usr] as const;

/**
 * The signed-in user's closes waiting on this device, read again whenever the outbox changes (in
 * this tab or another). Read from IndexedDB with or without network.
 */
export function useCierresPendientes(usr: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => alCambiarSalida(() => void queryClient.invalidateQueries({ queryKey: ['salida'] })), [queryClient]);
  useSyncExternalStore(alCambiarEnvio, versionDeEnvio);
  const query = useQuery({
    queryKey: salidaKey(usr ?? ''),
    queryFn: () => cierresDe(usr!),
    enabled: Boolean(usr),
    networkMode: 'always',
    staleTime: Infinity,
  });
  return { cierres: query.data ?? [], isPending: Boolean(usr) && query.isPending, estadoDe: estadoDeEnvio };
}

/**
 * Sends the user's closes by itself: now (the app opened or reloaded), when a close is saved, when
 * the browser says the network is back ('online'), and while some wait, after a growing delay.
 */
export function useEnvioDeCierres(usr: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!usr) return;
    let intento = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let activo = true;
    const ronda = async () => {
      clearTimeout(timer);
      const hecho = await enviarPendientes(usr).catch(() => ({ esperando: 1, otraPestana: false }));
      // A close the server took: the agenda and the inspection read as the server has them now.
      // Every caller during a round gets the same round: told once.
      if ('enviados' in hecho && hecho.enviados > 0 && !rondasVistas.has(hecho)) {
        rondasVistas.add(hecho);
        notifySuccess(INSPECCION_MESSAGES.closed);
        void queryClient.invalidateQueries({ queryKey: ['inspecciones'] });
      }
      if (!activo) return;
      if (hecho.esperando > 0 || hecho.otraPestana) timer = setTimeout(() => void ronda(), esperaAntesDe(intento++));
      else intento = 0;
    };
    const ahora = () => {
      intento = 0;
      void ronda();
    };
    void ronda();
    window.addEventListener('online', ahora);
    const dejar = alCambiarSalida(() => {
      // A close saved here or in another tab: try it now (a refused one is left alone by the round).
      if (navigator.onLine) ahora();
    });
    return () => {
      activo = false;
      clearTimeout(timer);
      window.removeEventListener('online', ahora);
      dejar();
    };
  }, [usr, queryClient]);
}
