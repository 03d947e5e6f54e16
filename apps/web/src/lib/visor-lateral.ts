import { useEffect, useSyncExternalStore } from 'react';

/**
 * The document viewer as a side panel (issue 44 item 4, docs/decisions/104): from
 * this width the shell keeps a column on the right (`AppShell.Aside`, id `VISOR_LATERAL_ID`) into
 * which the viewer draws itself, and the page narrows beside it so its list stays usable; below it
 * the viewer is a full-screen dialog.
 */
export const VISOR_LATERAL_MIN = '56.25em'; // 900 px
export const VISOR_LATERAL_ID = 'visor-lateral';
/** The column's width: what a page of a PDF needs to be read, leaving the list its half at 1440 px. */
export const VISOR_LATERAL_ANCHO = { base: 420, xl: 560 };

let abiertos = 0;
const oyentes = new Set<() => void>();
const avisar = () => oyentes.forEach((oyente) => oyente());

/** The shell: is a viewer drawn in the side column now? */
export function useVisorLateralAbierto(): boolean {
  return useSyncExternalStore(
    (oyente) => {
      oyentes.add(oyente);
      return () => void oyentes.delete(oyente);
    },
    () => abiertos > 0,
  );
}

/** The viewer: holds the side column open while it is drawn there. */
export function useOcuparVisorLateral(isActive: boolean) {
  useEffect(() => {
    if (!isActive) return;
    abiertos += 1;
    avisar();
    return () => {
      abiertos -= 1;
      avisar();
    };
  }, [isActive]);
}
