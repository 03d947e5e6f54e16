import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { TareaContadores } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { tareaContadores as k } from '../../db/tables/contadores';

/**
 * The task figures from tarea_contadores (open tasks per assignee and due date, kept by a trigger,
 * drizzle/0016; docs/decisions/052): sums over a few rows per user and day, not counts over the
 * open tasks, so 'Mis tareas' and the Tablero cost the same with 300 or 300,000 open tasks.
 */
const deUsuario = (idUsuario: number | Placeholder | null): SQL => (idUsuario === null ? sql`true` : sql`${k.id_usuario} = ${idUsuario}`);

async function one<T>(db: DbOrTx, query: SQL): Promise<T> {
  const result = await db.execute(query);
  return resultRows<T>(result)[0]!;
}

/**
 * Vencidas / Hoy / Esta semana / Todas of one user's open tasks, or the team's (null), as one JSON
 * object: a subquery, so a named statement can carry them (its parameters as placeholders).
 */
export function tareaContadoresJson(idUsuario: number | Placeholder | null, today: string | Placeholder, weekEnd: string | Placeholder): SQL<TareaContadores> {
  return sql<TareaContadores>`(select json_build_object(
      'vencidas', coalesce(sum(${k.total}) filter (where ${k.vence} < ${today}), 0)::int,
      'hoy', coalesce(sum(${k.total}) filter (where ${k.vence} = ${today}), 0)::int,
      'semana', coalesce(sum(${k.total}) filter (where ${k.vence} between ${today} and ${weekEnd}), 0)::int,
      'todas', coalesce(sum(${k.total}), 0)::int)
    from ${k} where ${deUsuario(idUsuario)})`;
}

/** The four figures by themselves (a page without rows). */
export async function contarTareas(db: DbOrTx, idUsuario: number | null, today: string, weekEnd: string): Promise<TareaContadores> {
  return (await one<{ figuras: TareaContadores }>(db, sql`select ${tareaContadoresJson(idUsuario, today, weekEnd)} as figuras`)).figuras;
}
