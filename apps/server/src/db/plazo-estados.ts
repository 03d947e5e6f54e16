import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { preparedPerDatabase } from './prepared';
import { casoPlazoEstadosDia } from './tables/plazos';

/** A legal clock of the case runs out before today (red), or within its rule's warning days (amber): docs/decisions/044. */
export type PlazoEstado = 'vencido' | 'por_vencer';

/** Today in Argentina, as the server's todayIso counts it. */
export const TODAY_AR = sql`(now() at time zone 'America/Argentina/Buenos_Aires')::date`;

/**
 * The ids of the cases with such a clock today, computed from the clocks: for each active rule, the
 * start dates whose clock runs out before today (or within its warning days) form one range of
 * caso_plazos_en_curso_idx, bounded by plazo_cortes (drizzle/0017, one definition with the stored
 * set); no clock is computed per case. The ids may repeat (a case with two such clocks).
 */
export const plazoCasoIdsFromClocks = (plazo: PlazoEstado): SQL => sql`select cp.id_caso from plazo_cortes(${TODAY_AR}) r
  join caso_plazos cp on cp.evento = r.evento and cp.hasta is null and cp.desde > r.desde_min and cp.desde <= r.desde_max
  where r.plazo = ${plazo}`;

/** One named statement per database: every Plazo filter's request asks it first. */
const alDiaStatement = preparedPerDatabase((db) =>
  db
    .select({ alDia: sql<boolean>`${casoPlazoEstadosDia.dia} = ${TODAY_AR}` })
    .from(casoPlazoEstadosDia)
    .where(eq(casoPlazoEstadosDia.unica, true))
    .prepare('caso_plazo_estados_al_dia'),
);

/** caso_plazo_estados holds today's cases under today's rules (a new day or a rule edit makes it stale until refilled). */
export async function plazoEstadosAlDia(db: DbOrTx): Promise<boolean> {
  const [row] = await alDiaStatement(db).execute();
  return row?.alDia === true;
}

/** Fills caso_plazo_estados for today if it is stale; returns whether it did (the periodic job and a rule edit call it). */
export async function refillPlazoEstados(db: DbOrTx): Promise<boolean> {
  if (await plazoEstadosAlDia(db)) return false;
  await db.execute(sql`select caso_plazo_estados_refrescar()`);
  return true;
}
