import {
  SIN_ANALISTA_NOMBRE,
  TABLERO_AUDIENCIAS_DIAS,
  TABLERO_INSPECCION_ATRASADA_DIAS,
  TABLERO_PLAZOS_RECUENTO_MIN,
  addDaysIso,
  finDeSemanaIso,
  todayIso,
  type Tablero,
} from '@siniestros/domain';
import type { Db } from '../../db/client';
import { plazoEstadosAlDia } from '../../db/plazo-estados';
import { contarPlazos, plazosCalculado, tableroRow } from './tablero.repository';

export type TableroService = ReturnType<typeof createTableroService>;

/**
 * Counts the Tablero's Plazo figures again unless a node did within half the interval (main.ts
 * calls it every TABLERO_PLAZOS_RECUENTO_MIN minutes, docs/decisions/052). Returns whether it counted.
 */
export async function recontarPlazosTablero(db: Db): Promise<boolean> {
  const calculado = await plazosCalculado(db);
  // Counted lately, and the Plazo filter's cases are today's under today's rules (a rule edit makes them stale: docs/decisions/057).
  if (calculado && Date.now() - calculado.getTime() < (TABLERO_PLAZOS_RECUENTO_MIN * 60_000) / 2 && (await plazoEstadosAlDia(db))) return false;
  await contarPlazos(db);
  return true;
}

/** The Tablero (issue 18 item 1; docs/decisions/049): the day's figures of the office, counted in Argentina's date. */
export function createTableroService(deps: { db: Db; today?: () => string }) {
  const { db } = deps;
  const today = deps.today ?? (() => todayIso());

  return {
    async get(idUsuario: number): Promise<Tablero> {
      const hoy = today();
      const audienciasHasta = addDaysIso(hoy, TABLERO_AUDIENCIAS_DIAS - 1);
      const row = await tableroRow(db, idUsuario, {
        hoy,
        finSemana: finDeSemanaIso(hoy),
        d7: addDaysIso(hoy, -7),
        d30: addDaysIso(hoy, -30),
        d90: addDaysIso(hoy, -90),
        inspeccionAtrasada: addDaysIso(hoy, -TABLERO_INSPECCION_ATRASADA_DIAS),
        audienciasHasta,
      });
      const tramos = (d7: number, d30: number, d90: number) => ({
        d0_7: d7,
        d8_30: d30,
        d31_90: d90,
        d90_mas: Math.max(0, row.abiertos - d7 - d30 - d90),
      });
      const inspectores = row.inspectores ?? [];
      // Not counted yet today (a new day, a fresh database): counted now, once.
      const plazos =
        row.plazo_por_vencer === null || row.plazo_vencido === null || row.plazos_calculado === null
          ? await contarPlazos(db)
          : { porVencer: row.plazo_por_vencer, vencidos: row.plazo_vencido, calculado: new Date(row.plazos_calculado) };
      return {
        hoy,
        casos: {
          abiertos: row.abiertos,
          porEstado: row.por_estado ?? [],
          antiguedadAlta: tramos(row.alta_7, row.alta_30, row.alta_90),
          antiguedadEstado: tramos(row.estado_7, row.estado_30, row.estado_90),
          mios:
            row.mi_analista === null
              ? null
              : {
                  id_analista: row.mi_analista,
                  abiertos: (row.mis_por_estado ?? []).reduce((sum, estado) => sum + estado.total, 0),
                  porEstado: row.mis_por_estado ?? [],
                },
        },
        tareas: {
          mias: { vencidas: row.mias_vencidas, hoy: row.mias_hoy, semana: row.mias_semana },
          equipo: { vencidas: row.equipo_vencidas, hoy: row.equipo_hoy, semana: row.equipo_semana },
        },
        analistas: (row.analistas ?? []).map((a) => ({ ...a, analista: a.analista ?? SIN_ANALISTA_NOMBRE })),
        usuarios: row.usuarios ?? [],
        inspecciones: {
          pendientes: inspectores.reduce((sum, i) => sum + i.pendientes, 0),
          atrasadas: inspectores.reduce((sum, i) => sum + i.atrasadas, 0),
          porInspector: inspectores,
        },
        audiencias: { proximas: row.audiencias, hasta: audienciasHasta },
        plazos: { porVencer: plazos.porVencer, vencidos: plazos.vencidos, calculado: plazos.calculado.toISOString() },
        portal: { recibidosSinRevisar: row.portal_recibidos },
      };
    },
  };
}
