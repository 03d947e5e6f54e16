import { eq, sql, type SQL } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, ROL } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { TODAY_AR, refillPlazoEstados } from '../../db/plazo-estados';
import { preparedPerDatabase } from '../../db/prepared';
import { casoContadores } from '../../db/tables/casos';
import { PENDIENTES_SQL } from '../../db/tables/inspeccion';

/** The day bounds the Tablero counts with (Argentina's dates, YYYY-MM-DD). */
export type TableroDias = {
  hoy: string;
  finSemana: string;
  /** fecha >= d7: 0-7 days old; d30 <= fecha < d7: 8-30; d90 <= fecha < d30: 31-90. */
  d7: string;
  d30: string;
  d90: string;
  /** Pending inspections dated before this are 'atrasadas'. */
  inspeccionAtrasada: string;
  audienciasHasta: string;
};

export type TableroRow = {
  abiertos: number;
  alta_7: number;
  alta_30: number;
  alta_90: number;
  estado_7: number;
  estado_30: number;
  estado_90: number;
  mias_vencidas: number;
  mias_hoy: number;
  mias_semana: number;
  equipo_vencidas: number;
  equipo_hoy: number;
  equipo_semana: number;
  audiencias: number;
  /** From plazo_cuentas: null when not counted yet today (Argentina's date). */
  plazo_por_vencer: number | null;
  plazo_vencido: number | null;
  plazos_calculado: string | Date | null;
  por_estado: { id_estado: number; estado: string; total: number }[] | null;
  /** The analyst the signed-in user is (decision 083), and their open cases per status. */
  mi_analista: number | null;
  mis_por_estado: { id_estado: number; estado: string; total: number }[] | null;
  analistas: { id_analista: number | null; analista: string | null; abiertos: number }[] | null;
  usuarios: { id_usuario: number; usuario: string; vencidas: number }[] | null;
  inspectores: { id_inspector: number; inspector: string; pendientes: number; atrasadas: number }[] | null;
  /** Portal items sent by claimants and not reviewed (the partial index portal_items_recibidos_idx, drizzle/0042). */
  portal_recibidos: number;
};

/** A value of the Tablero's named statement: one of the day bounds, or the signed-in user. */
const param = (name: keyof TableroDias | 'idUsuario') => sql.placeholder(name);

/** Open cases whose F Alta ('alta') or status date ('estado') is in [from, to): a sum of caso_contadores_dia rows (drizzle/0018, docs/decisions/052). */
const openSince = (campo: 'alta' | 'estado', from: keyof TableroDias, to?: keyof TableroDias) =>
  sql<number>`(select coalesce(sum(k.total), 0)::int from caso_contadores_dia k where k.campo = ${campo} and k.dia >= ${param(from)}${
    to === undefined ? sql`` : sql` and k.dia < ${param(to)}`
  })`;

/** Open tasks from their per-user-and-day counters (tarea_contadores, drizzle/0016). */
const tareasDe = (where: SQL) => sql<number>`(select coalesce(sum(t.total), 0)::int from tarea_contadores t where ${where})`;
const mia = sql`t.id_usuario = ${param('idUsuario')}`;

/**
 * The whole Tablero in one statement: each figure a scalar subquery over counter rows (the ages of
 * open cases: caso_contadores_dia; tasks: tarea_contadores; pending inspections: inspeccion_contadores;
 * hearings: audiencia_contadores, drizzle/0024);
 * the groups per status and per analyst sum the counter rows of caso_contadores_estado (drizzle/0016),
 * and the Plazo figures are the periodic count of plazo_cuentas (docs/decisions/052). A named
 * statement, the days and the user its parameters: planning its 22 subqueries cost about as much
 * as running them (~0.8 ms at 1M cases), now done once per connection (a generic plan).
 */
const tableroStatement = preparedPerDatabase((db) =>
  db
    .select({
      abiertos: casoContadores.total,
      alta_7: openSince('alta', 'd7'),
      alta_30: openSince('alta', 'd30', 'd7'),
      alta_90: openSince('alta', 'd90', 'd30'),
      estado_7: openSince('estado', 'd7'),
      estado_30: openSince('estado', 'd30', 'd7'),
      estado_90: openSince('estado', 'd90', 'd30'),
      mias_vencidas: tareasDe(sql`${mia} and t.vence < ${param('hoy')}`),
      mias_hoy: tareasDe(sql`${mia} and t.vence = ${param('hoy')}`),
      mias_semana: tareasDe(sql`${mia} and t.vence between ${param('hoy')} and ${param('finSemana')}`),
      equipo_vencidas: tareasDe(sql`t.vence < ${param('hoy')}`),
      equipo_hoy: tareasDe(sql`t.vence = ${param('hoy')}`),
      equipo_semana: tareasDe(sql`t.vence between ${param('hoy')} and ${param('finSemana')}`),
      audiencias: sql<number>`(select coalesce(sum(a.total), 0)::int from audiencia_contadores a where a.fechah between ${param('hoy')} and ${param('audienciasHasta')})`,
      plazo_por_vencer: sql<number | null>`(select total from plazo_cuentas where plazo = 'por_vencer' and dia = ${TODAY_AR})`,
      plazo_vencido: sql<number | null>`(select total from plazo_cuentas where plazo = 'vencido' and dia = ${TODAY_AR})`,
      plazos_calculado: sql<string | Date | null>`(select min(calculado) from plazo_cuentas where dia = ${TODAY_AR})`,
      por_estado: sql<TableroRow['por_estado']>`(select json_agg(json_build_object('id_estado', g.id_estado, 'estado', e.nombre, 'total', g.total) order by g.id_estado)
         from (select k.id_estado, sum(k.total)::int as total from caso_contadores_estado k
               where k.id_estado < ${FIRST_CLOSED_ESTADO} group by k.id_estado having sum(k.total) > 0) g
         join estados e on e.id = g.id_estado)`,
      mi_analista: sql<number | null>`(select a.id from analistas a where a.id_usuario = ${param('idUsuario')})`,
      mis_por_estado: sql<TableroRow['mis_por_estado']>`(select json_agg(json_build_object('id_estado', k.id_estado, 'estado', e.nombre, 'total', k.total) order by k.id_estado)
         from caso_contadores_estado k join estados e on e.id = k.id_estado
         where k.id_analista = (select a.id from analistas a where a.id_usuario = ${param('idUsuario')})
           and k.id_estado < ${FIRST_CLOSED_ESTADO} and k.total > 0)`,
      analistas: sql<TableroRow['analistas']>`(select json_agg(json_build_object('id_analista', g.id_analista, 'analista', an.apellido || ', ' || an.nombre, 'abiertos', g.total)
           order by g.total desc, an.apellido, an.nombre, g.id_analista)
         from (select nullif(k.id_analista, 0) as id_analista, sum(k.total)::int as total from caso_contadores_estado k
               where k.id_estado < ${FIRST_CLOSED_ESTADO} group by k.id_analista having sum(k.total) > 0) g
         left join analistas an on an.id = g.id_analista)`,
      usuarios: sql<TableroRow['usuarios']>`(select json_agg(json_build_object('id_usuario', u.id, 'usuario', u.apellido || ', ' || u.nombre, 'vencidas',
           (select coalesce(sum(t.total), 0)::int from tarea_contadores t where t.id_usuario = u.id and t.vence < ${param('hoy')}))
           order by u.apellido, u.nombre, u.id)
         from usuarios u where u.activo and u.rol in (${ROL.ADMIN}, ${ROL.USER}))`,
      inspectores: sql<TableroRow['inspectores']>`(select json_agg(json_build_object('id_inspector', g.id_inspector, 'inspector', ins.apellido || ', ' || ins.nombre,
           'pendientes', g.pendientes, 'atrasadas', g.atrasadas) order by ins.apellido, ins.nombre, g.id_inspector)
         from (select i.id_inspector, sum(i.total)::int as pendientes,
                 coalesce(sum(i.total) filter (where i.fecha_inspeccion < ${param('inspeccionAtrasada')}), 0)::int as atrasadas
               from inspeccion_contadores i where i.estado in ${PENDIENTES_SQL} group by i.id_inspector having sum(i.total) > 0) g
         join inspectores ins on ins.id = g.id_inspector)`,
      portal_recibidos: sql<number>`(select count(*)::int from portal_items p where p.estado = 'recibido')`,
    })
    .from(casoContadores)
    .where(eq(casoContadores.cerrado, false))
    .prepare('tablero'),
);

export async function tableroRow(db: DbOrTx, idUsuario: number, d: TableroDias): Promise<TableroRow> {
  const [row] = await tableroStatement(db).execute({ ...d, idUsuario });
  return row!;
}

export type PlazoCuentas = { porVencer: number; vencidos: number; calculado: Date };

/**
 * Counts the cases the list's Plazo filter finds (por vencer, vencido) and keeps the figures for
 * the Tablero (plazo_cuentas, docs/decisions/052): from caso_plazo_estados, filled for today first
 * if stale (docs/decisions/057). Counting them grows with the matching cases, so it runs every
 * few minutes, not per request.
 */
export async function contarPlazos(db: DbOrTx): Promise<PlazoCuentas> {
  await refillPlazoEstados(db);
  const result = await db.execute(sql`
    insert into plazo_cuentas (plazo, dia, total, calculado)
    select plazo, ${TODAY_AR}, (select count(*)::int from caso_plazo_estados e where e.plazo = p.plazo), now()
    from (values ('por_vencer'), ('vencido')) p(plazo)
    on conflict (plazo) do update set dia = excluded.dia, total = excluded.total, calculado = excluded.calculado
    returning plazo, total, calculado`);
  const rows = resultRows<{ plazo: string; total: number; calculado: string | Date }>(result);
  const of = (plazo: string) => rows.find((row) => row.plazo === plazo)!;
  return { porVencer: of('por_vencer').total, vencidos: of('vencido').total, calculado: new Date(of('vencido').calculado) };
}

/** When the Plazo figures were last counted, if today (Argentina's date). */
export async function plazosCalculado(db: DbOrTx): Promise<Date | null> {
  const result = await db.execute(sql`select min(calculado) as calculado from plazo_cuentas where dia = ${TODAY_AR}`);
  const value = resultRows<{ calculado: string | Date | null }>(result)[0]?.calculado;
  return value ? new Date(value) : null;
}
