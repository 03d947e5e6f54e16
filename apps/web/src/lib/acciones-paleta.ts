import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Actions a screen offers in the command palette while it is open (docs/decisions/100): the case
 * detail's 'Agregar mensaje al historial', its action links, flags and documents. Each runs the
 * screen's own handler. The palette subscribes, so a screen opened (or left) under it shows at once.
 */
export type AccionPaleta = {
  id: string;
  label: string;
  palabras?: string;
  /** Offered only once something is typed (the case's 17 flags would fill the empty palette). */
  isSoloAlBuscar?: boolean;
  run: () => void;
};

const registradas = new Set<{ current: AccionPaleta[] }>();
const oyentes = new Set<() => void>();
let version = 0;
const avisar = () => {
  version += 1;
  oyentes.forEach((oyente) => oyente());
};
const suscribir = (oyente: () => void) => {
  oyentes.add(oyente);
  return () => void oyentes.delete(oyente);
};

/** Every action registered now, each screen's latest. */
export const accionesDePantalla = (): AccionPaleta[] => [...registradas].flatMap((ref) => ref.current);

/** The palette: the registered actions, drawn again when a screen registers or leaves. */
export function useAccionesDePantalla(): AccionPaleta[] {
  useSyncExternalStore(suscribir, () => version);
  return accionesDePantalla();
}

/** Offers `acciones` in the palette while the calling screen is mounted (the latest ones each render). */
export function useAccionesDePaleta(acciones: AccionPaleta[]) {
  const ref = useRef(acciones);
  useEffect(() => {
    ref.current = acciones;
  });
  useEffect(() => {
    registradas.add(ref);
    avisar();
    return () => {
      registradas.delete(ref);
      avisar();
    };
  }, []);
}
