import { useEffect, useRef } from 'react';

/**
 * Actions a screen offers in the command palette while it is open (docs/decisions/100): the case
 * detail's 'Agregar mensaje al historial'... The palette reads them when it draws its list.
 */
export type AccionPaleta = { id: string; label: string; palabras?: string; run: () => void };

const registradas = new Set<{ current: AccionPaleta[] }>();

export const accionesDePantalla = (): AccionPaleta[] => [...registradas].flatMap((ref) => ref.current);

/** Offers `acciones` in the palette while the calling screen is mounted (the latest ones each render). */
export function useAccionesDePaleta(acciones: AccionPaleta[]) {
  const ref = useRef(acciones);
  useEffect(() => {
    ref.current = acciones;
  });
  useEffect(() => {
    registradas.add(ref);
    return () => void registradas.delete(ref);
  }, []);
}
