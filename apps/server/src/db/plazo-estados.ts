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

/**
 * The start days whose legal clocks ran out from `desde` to `hasta` (dates as SQL; a clock runs out
 * the day after its last, as estadoPlazo says: none of the running month's later days), as a subquery of
 * (codigo, nombre, evento, desde, vence): active rules only, a hearing's never expires. Each rule
 * turns the range into one range of start dates (plazo_ultimo_inicio, as the Plazo filter does) and
 * each start day's end is computed once (plazo_vence walks working days); a clock of such a day
 * expired then if it still ran (PLAZO_SEGUIA_AL_VENCER). The informe's figure counts them, the case
 * list's 'Plazo vencido' filter lists their cases (docs/decisions/093, 102): one definition for both.
 */
export const plazosQueVencen = (desde: SQL, hasta: SQL): SQL => sql`(
  with reglas as (
    select codigo, nombre, evento, cantidad, unidad,
      plazo_ultimo_inicio(cantidad, unidad, ${desde} - 1) + 1 as primero,
      plazo_ultimo_inicio(cantidad, unidad, least(${hasta}, ${TODAY_AR} - 1)) as ultimo
    from plazos_legales where activo and evento <> 'audiencia'
  ), dias as materialized (
    select r.codigo, r.nombre, r.evento, d::date as desde, plazo_vence(d::date, r.cantidad, r.unidad) as vence
    from reglas r cross join generate_series(r.primero, r.ultimo, interval '1 day') d
  )
  select * from dias)`;

/** The clock `cp` of a day of plazosQueVencen (`dias`) still ran when it ran out: not stopped, or stopped after. */
export const PLAZO_SEGUIA_AL_VENCER = sql`cp.evento = dias.evento and cp.desde = dias.desde and (cp.hasta is null or cp.hasta > dias.vence)`;

/**
 * The cases (ids, repeated for a case with several) of the clocks that ran out from `desde` to
 * `hasta` while running, `and`-ed with `extra` on `cp`: one index range of
 * caso_plazos_evento_desde_idx per start day. The lateral is kept a nested loop (`offset 0`):
 * flattened, PostgreSQL merge-joined the whole index (1.3M clocks, ~1 s at 1M cases) for 93 days.
 */
export const plazoVencidoCasoIds = (desde: SQL, hasta: SQL, extra: SQL = sql``): SQL =>
  sql`select n.id_caso from ${plazosQueVencen(desde, hasta)} dias cross join lateral (
    select cp.id_caso from caso_plazos cp where ${PLAZO_SEGUIA_AL_VENCER} ${extra} offset 0) n`;

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
