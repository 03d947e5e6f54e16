import { COND_CASOS } from '../casos/casos.constants';
import type { CasoFiltro } from '../casos/casos.schemas';
import { INSPECCION_FILTRO_PENDIENTE, type InspeccionFiltro } from '../inspecciones/inspecciones.schemas';
import type { AudienciaFiltro } from '../mediacion/mediacion.schemas';
import type { TareaVista } from '../tareas/tareas.schemas';
import { addDaysIso } from '../shared/format';
import { TABLERO_AUDIENCIAS_DIAS, TABLERO_INSPECCION_ATRASADA_DIAS, TABLERO_TRAMOS, type TableroTramo } from './tablero.schemas';

/**
 * The filter each Tablero figure opens its list with (docs/decisions/049, 053): the screen puts
 * it in the link's URL and the server test asks each list for its total with it, so a figure and
 * its list are compared through the same filter. Every date bound is inclusive, as the lists'
 * Desde / Hasta are; a bucket without a bound leaves that field out.
 */

type Filtro = Record<string, string>;

/** An age bucket (days before `hoy`) as a Desde / Hasta pair of dates. */
function tramoFechas(hoy: string, key: TableroTramo): { desde?: string; hasta?: string } {
  const tramo = TABLERO_TRAMOS.find((item) => item.key === key)!;
  return {
    ...(tramo.hasta === null ? {} : { desde: addDaysIso(hoy, -tramo.hasta) }),
    ...(tramo.desde === 0 ? {} : { hasta: addDaysIso(hoy, -tramo.desde) }),
  };
}

/** The open cases of an age bucket, counted since F Alta (`alta`) or since the status date (`estado`). */
export function tableroFiltroAntiguedad(hoy: string, key: TableroTramo, desdeEl: 'alta' | 'estado'): Partial<CasoFiltro> & Filtro {
  const { desde, hasta } = tramoFechas(hoy, key);
  const [campoDesde, campoHasta] =
    desdeEl === 'alta' ? (['fechaDesde', 'fechaHasta'] as const) : (['fechaEstadoDesde', 'fechaEstadoHasta'] as const);
  return {
    condCasos: COND_CASOS.VIGENTES,
    ...(desde === undefined ? {} : { [campoDesde]: desde }),
    ...(hasta === undefined ? {} : { [campoHasta]: hasta }),
  };
}

/** The hearings of the next TABLERO_AUDIENCIAS_DIAS days, today included. */
export const tableroFiltroAudiencias = (hoy: string): Partial<AudienciaFiltro> & Filtro => ({
  fechaDesde: hoy,
  fechaHasta: addDaysIso(hoy, TABLERO_AUDIENCIAS_DIAS - 1),
});

/**
 * The pending inspections (Coordinada or Licitando), of one inspector when given; `atrasadas`:
 * only those dated more than TABLERO_INSPECCION_ATRASADA_DIAS days ago.
 */
export function tableroFiltroInspecciones(
  hoy: string,
  options: { inspector?: number; atrasadas?: boolean } = {},
): Partial<InspeccionFiltro> & Filtro {
  return {
    estado: INSPECCION_FILTRO_PENDIENTE,
    ...(options.inspector === undefined ? {} : { inspector: String(options.inspector) }),
    ...(options.atrasadas ? { fechaHasta: addDaysIso(hoy, -TABLERO_INSPECCION_ATRASADA_DIAS - 1) } : {}),
  };
}

/** Mis tareas on a tab; `equipo`: the team's view; `usuario`: one user's tasks in it. */
export function tableroFiltroTareas(vista: TareaVista, options: { equipo?: boolean; usuario?: number } = {}): Filtro {
  const isEquipo = options.equipo === true || options.usuario !== undefined;
  return {
    vista,
    ...(isEquipo ? { equipo: '1' } : {}),
    ...(options.usuario === undefined ? {} : { usuario: String(options.usuario) }),
  };
}
