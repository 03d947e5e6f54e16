import { normalizeSearch, type CasoListRow } from '@siniestros/domain';
import { menuFor, type MenuEntry } from './menu';

/**
 * The command palette's choices (issue 44 item 5, docs/decisions/100), kept apart from the
 * component so they are tested as plain functions.
 */
export type Comando = { id: string; label: string; description?: string; /** More words it answers to. */ palabras?: string; run: () => void };

/** The quick search starts from this many characters (a shorter one would match a third of the office). */
export const MIN_BUSQUEDA_CASO = 3;
/** The cases shown: the first of the quick search's page, newest first. */
export const CASOS_EN_PALETA = 8;

/** Every word typed is in the command's label or its other words (accents and case aside). */
export function coincide(query: string, comando: Pick<Comando, 'label' | 'palabras'>): boolean {
  const texto = normalizeSearch(`${comando.label} ${comando.palabras ?? ''}`);
  return normalizeSearch(query)
    .split(' ')
    .every((palabra) => texto.includes(palabra));
}

export const filtrarComandos = <T extends Pick<Comando, 'label' | 'palabras'>>(query: string, comandos: readonly T[]): T[] =>
  comandos.filter((comando) => coincide(query, comando));

/** What goes to the quick search: the typed text once it is long enough, else nothing. */
export function busquedaDeCaso(query: string): string | null {
  const texto = query.trim().replace(/\s+/g, ' ');
  return texto.length >= MIN_BUSQUEDA_CASO ? texto : null;
}

/** A case number typed alone ('1234', '#1234'): offered at once, before the search answers. */
export function numeroDeCaso(query: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(query.trim());
  return match ? Number(match[1]) : null;
}

/** The screens the role may open, from the menu's definitions (the one list), and the user's own account. */
export function pantallasPara(rol: number | undefined): MenuEntry[] {
  const { main, admin } = menuFor(rol);
  return [...main, ...admin, { to: '/mi-cuenta', label: 'Mi cuenta' }];
}

const nombre = (apellido: string | null, nombre: string | null) => [apellido, nombre].filter(Boolean).join(' ');

/** A found case as the palette lists it: its number, then what identifies it at a glance. */
export function describirCaso(caso: CasoListRow): { label: string; description: string } {
  const partes = [caso.t_dominio, nombre(caso.t_apellido, caso.t_nombre), caso.reclamo_nro ? `Siniestro ${caso.reclamo_nro}` : '', caso.nombre_compania, caso.estado];
  return { label: `Caso ${caso.id}`, description: partes.filter(Boolean).join(' · ') };
}
