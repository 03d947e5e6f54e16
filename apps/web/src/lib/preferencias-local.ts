import { DENSIDADES, type Densidad } from '@siniestros/domain';

/**
 * This browser's copy of the signed-in user's look (docs/decisions/101): read before the first
 * paint by public/preferencias.js (keep the keys alike), and by Mantine's colour scheme manager.
 * The server's copy is the user's; this one only spares the flash until it answers.
 */
export const ESQUEMA_KEY = 'siniestros.esquema';
export const DENSIDAD_KEY = 'siniestros.densidad';

/** The rows' density as an attribute of <html>: the CSS of the lists reads `[data-densidad='compacta']`. */
export function aplicarDensidad(densidad: Densidad) {
  document.documentElement.dataset.densidad = densidad;
  try {
    localStorage.setItem(DENSIDAD_KEY, densidad);
  } catch {
    // No storage: the attribute still holds for this page.
  }
}

export function densidadLocal(): Densidad {
  const stored = document.documentElement.dataset.densidad;
  return DENSIDADES.find((densidad) => densidad === stored) ?? 'comoda';
}
