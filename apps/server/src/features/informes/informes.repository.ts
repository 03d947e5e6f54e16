import { sql, type SQL } from 'drizzle-orm';
import { resultRows, type DbOrTx } from '../../db/client';
import { PLAZO_SEGUIA_AL_VENCER, plazosQueVencen, plazoVencidoCasoIds } from '../../db/plazo-estados';

/**
 * The informe de gestión's reads (docs/decisions/093, 094): the monthly rollup kept by
 * caso_informe_sync (drizzle/0048), never the cases or their history; payments and legal clocks
 * from their own tables. `compania` null: every company. Months travel as their first day.
 */

const deCompania = (compania: number | null, column: SQL = sql`id_compania`) =>
  compania === null ? sql`true` : sql`${column} = ${compania}`;

/** The clock `cp`'s case is of the company (none: every company). */
const deLaCompania = (compania: number | null) =>
  compania === null ? sql`` : sql`and exists (select 1 from casos c where c.id = cp.id_caso and c.id_compania = ${compania})`;

export type MesRow = {
  mes: string;
  figura: string;
  clave: number;
  total: number;
  ofrecido: string;
  acordado: string;
  inspeccionado: string;
};

/** 'recibidos', 'cerrados' and 'montos' of the months from `desde` to `hasta` (first days). */
export async function mesRows(db: DbOrTx, compania: number | null, desde: string, hasta: string): Promise<MesRow[]> {
  return resultRows<MesRow>(
    await db.execute(sql`
      select to_char(mes, 'YYYY-MM') as mes, figura, clave, sum(total)::int as total, sum(ofrecido)::text as ofrecido,
        sum(acordado)::text as acordado, sum(inspeccionado)::text as inspeccionado
      from informe_mes
      where figura in ('recibidos', 'cerrados', 'montos') and mes between ${desde}::date and ${hasta}::date and ${deCompania(compania)}
      group by 1, 2, 3`),
  );
}

/** The 'estado' movements of every month up to `hasta`: summed up to a month, the cases in each status at its end. */
export async function estadoRows(
  db: DbOrTx,
  compania: number | null,
  hasta: string,
): Promise<{ mes: string; id_estado: number; total: number }[]> {
  return resultRows(
    await db.execute(sql`
      select to_char(mes, 'YYYY-MM') as mes, clave as id_estado, sum(total)::int as total
      from informe_mes where figura = 'estado' and mes <= ${hasta}::date and ${deCompania(compania)}
      group by 1, 2 order by 1`),
  );
}

/** Open cases at the end of `mes` by their F Alta day, for F Alta from `desde` to `al`. */
export async function abiertosPorAlta(
  db: DbOrTx,
  compania: number | null,
  mes: string,
  desde: string,
  al: string,
): Promise<{ dia: string; total: number }[]> {
  return resultRows(
    await db.execute(sql`
      select dia_alta::text as dia, sum(total)::int as total from informe_abiertos_dia
      where dia_alta between ${desde}::date and ${al}::date and mes <= ${mes}::date and ${deCompania(compania)}
      group by 1`),
  );
}

export type EtapaRow = { mes: string | null; etapa: number; tipo: string; id_persona: number; dias: number; total: number };

/**
 * The whole office's stage days of the months from `desde` to `hasta`, by month; per analyst and
 * inspector those of the period's months summed (`mes` null): at 1M cases with a real history the
 * rows per month and person were 257,000 for a 12-month period (2.2 s), by month 12× fewer.
 */
export async function etapaRows(
  db: DbOrTx,
  compania: number | null,
  desde: string,
  hasta: string,
  periodoDesde: string,
): Promise<EtapaRow[]> {
  return resultRows<EtapaRow>(
    await db.execute(sql`
      select case when tipo = 'o' then to_char(mes, 'YYYY-MM') end as mes, etapa, tipo, id_persona, dias, sum(total)::int as total from informe_etapas
      where ${deCompania(compania)} and ((tipo = 'o' and mes between ${desde}::date and ${hasta}::date)
        or (tipo in ('a', 'i') and mes between ${periodoDesde}::date and ${hasta}::date))
      group by 1, 2, 3, 4, 5`),
  );
}

/**
 * The cases closed from `desde` to `hastaDia` with an agreed amount, with their amounts (the latest
 * inspection's), the latest closed first, at most `limite`: read backwards off casos_cierre_idx
 * (every close writes fecha_cierre with the status date; the status date decides, as in the rollup).
 */
export async function montosPorCaso(
  db: DbOrTx,
  compania: number | null,
  desde: string,
  hastaDia: string,
  limite: number,
): Promise<{ id: number; ofrecido: string | null; acordado: string; inspeccionado: string | null }[]> {
  return resultRows(
    await db.execute(sql`
      select c.id, c.valor_ofertado::text as ofrecido, c.valor_acordado::text as acordado, i.monto_inspeccion::text as inspeccionado
      from casos c
      left join lateral (select monto_inspeccion from inspecciones where id_caso = c.id order by id desc limit 1) i on true
      where c.id_estado >= 8 and c.fecha_cierre between ${desde}::date and ${hastaDia}::date
        and c.fecha_estado between ${desde}::date and ${hastaDia}::date and c.valor_acordado is not null and ${deCompania(compania, sql`c.id_compania`)}
      order by c.fecha_cierre desc, c.id
      limit ${limite}`),
  );
}

/** Payments marked paid, per month of their payment date, from `desde` to the end of `hasta`'s month. */
export async function pagosRows(
  db: DbOrTx,
  compania: number | null,
  desde: string,
  hastaDia: string,
): Promise<{ mes: string; cantidad: number; total: string }[]> {
  return resultRows(
    await db.execute(sql`
      select to_char(p.fecha_pago, 'YYYY-MM') as mes, count(*)::int as cantidad, sum(p.monto)::text as total
      from pagos p join casos c on c.id = p.id_caso
      where p.estado = 'pagado' and p.fecha_pago between ${desde}::date and ${hastaDia}::date and ${deCompania(compania, sql`c.id_compania`)}
      group by 1`),
  );
}

/**
 * The legal clocks (active rules; a hearing's does not expire) whose end fell from `desde` to
 * `hastaDia` while still running: per month and rule. Each rule turns the days into one range of
 * start dates (plazo_ultimo_inicio, as the case list's Plazo filter does) and each start day's end
 * is computed once (plazo_vence walks working days), then the clocks of those days are counted off
 * caso_plazos_evento_desde_idx (drizzle/0048).
 */
export async function plazosVencidosRows(
  db: DbOrTx,
  compania: number | null,
  desde: string,
  hastaDia: string,
): Promise<{ mes: string; codigo: string; nombre: string; total: number }[]> {
  // One index range of caso_plazos_evento_desde_idx per rule and start day.
  return resultRows(
    await db.execute(sql`
      select to_char(dias.vence, 'YYYY-MM') as mes, dias.codigo, dias.nombre, sum(n.total)::int as total
      from ${plazosQueVencen(sql`${desde}::date`, sql`${hastaDia}::date`)} dias cross join lateral (
        select count(*) as total from caso_plazos cp where ${PLAZO_SEGUIA_AL_VENCER} ${deLaCompania(compania)}
      ) n
      group by 1, 2, 3
      having sum(n.total) > 0`),
  );
}

/**
 * The cases behind the period's 'Pagos' and 'Plazos legales vencidos' (a case may hold several of
 * either): what the case list's Pagado and Plazo vencido filters find (docs/decisions/102).
 */
export async function casosDePagosYPlazos(
  db: DbOrTx,
  compania: number | null,
  desde: string,
  hastaDia: string,
): Promise<{ pagos: number; plazos: number }> {
  const [row] = resultRows<{ pagos: number; plazos: number }>(
    await db.execute(sql`
      select
        (select count(distinct p.id_caso) from pagos p join casos c on c.id = p.id_caso
          where p.estado = 'pagado' and p.fecha_pago between ${desde}::date and ${hastaDia}::date and ${deCompania(compania, sql`c.id_compania`)})::int as pagos,
        (select count(distinct v.id_caso) from (${plazoVencidoCasoIds(sql`${desde}::date`, sql`${hastaDia}::date`, deLaCompania(compania))}) v)::int as plazos`),
  );
  return row!;
}

export type Nombres = {
  companias: { id: number; nombre: string }[];
  estados: { id: number; nombre: string }[];
  analistas: { id: number; nombre: string }[];
  inspectores: { id: number; nombre: string }[];
};

/** The names the report shows. */
export async function nombres(db: DbOrTx): Promise<Nombres> {
  const [row] = resultRows<Nombres>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object('id', id, 'nombre', nombre) order by id), '[]') from companias) as companias,
        (select coalesce(json_agg(json_build_object('id', id, 'nombre', nombre) order by id), '[]') from estados) as estados,
        (select coalesce(json_agg(json_build_object('id', id, 'nombre', trim(apellido || ' ' || nombre)) order by id), '[]') from analistas) as analistas,
        (select coalesce(json_agg(json_build_object('id', id, 'nombre', trim(apellido || ' ' || nombre)) order by id), '[]') from inspectores) as inspectores`),
  );
  return row!;
}
