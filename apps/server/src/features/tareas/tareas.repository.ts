import { and, asc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { ROL, type Tarea, type TareaAsignable, type TareaContadores } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { casos } from '../../db/tables/casos';
import { tareas } from '../../db/tables/tareas';
import { users } from '../../db/tables/users';
import {
  countedPageIds,
  rangePlaceholders,
  rangeShapeOf,
  rowsInDayRange,
  rowsInDayRangeSql,
  type DayCounts,
  type DayRange,
  type RangeShape,
} from '../../db/contadores';
import { tareaContadores } from '../../db/tables/contadores';
import { contarTareas, tareaContadoresJson } from './tareas.contadores';
import { preparedPerDatabase, statementPerKey } from '../../db/prepared';
import { pageDepth, type PageDepth } from '../../shared/paging';

/**
 * Only this file touches the tables. The case's claim number and the assignee's name come from
 * `casos` and `usuarios` by scalar subqueries on their primary keys (one probe per row of a page).
 */
const COLUMNS = {
  id: tareas.id,
  id_caso: tareas.id_caso,
  reclamo_nro: sql<string | null>`(select ${casos.reclamo_nro} from ${casos} where ${casos.id} = ${tareas.id_caso})`,
  texto: tareas.texto,
  vence: tareas.vence,
  id_usuario: tareas.id_usuario,
  usuario: sql<string>`(select ${users.apellido} || ', ' || ${users.nombre} from ${users} where ${users.id} = ${tareas.id_usuario})`,
  origen: tareas.origen,
  creado_por: tareas.creado_por,
  creado: sql<string>`to_char(${tareas.creado} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  hecha: sql<string | null>`to_char(${tareas.hecha} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  hecha_por: tareas.hecha_por,
};

const ASIGNABLE = { id: users.id, nombre: sql<string>`${users.apellido} || ', ' || ${users.nombre}` };
const CAN_HAVE_TASKS = and(eq(users.activo, true), inArray(users.rol, [ROL.ADMIN, ROL.USER]))!;

const SOONEST_FIRST = [asc(tareas.vence), asc(tareas.id)];

/** Open tasks per assignee and due date (drizzle/0016): a tab's total and where its deep pages start. */
const POR_DIA: DayCounts = { table: tareaContadores, day: tareaContadores.vence, total: tareaContadores.total };

/** The open tasks per due date of one user, or of everyone (summed by date). */
const countsOf = (idUsuario: number | Placeholder | null): DayCounts =>
  idUsuario === null ? POR_DIA : { ...POR_DIA, where: eq(tareaContadores.id_usuario, idUsuario), perDay: true };

/** Only open tasks, of one user or of everyone. */
const openOf = (idUsuario: number | Placeholder | null): SQL =>
  and(isNull(tareas.hecha), idUsuario === null ? undefined : eq(tareas.id_usuario, idUsuario))!;

/**
 * A page of a tab of 'Mis tareas' (mine or the team's), its total and the four tabs' figures: one
 * named statement per tab, depth and page size (the size written in; the user, the dates and the
 * offset parameters), so PostgreSQL keeps one plan per connection and the screen is one round trip
 * (it was three statements, each planned). A deep page starts from the due date its offset falls in
 * (docs/decisions/062); only its rows get their claim number and assignee (walked whole, page 5,000
 * of the team's tasks at 1M cases took 1.1 s). The page's ids are an array the rows are read by
 * (docs/decisions/065).
 */
const pageStatements = preparedPerDatabase((db) =>
  statementPerKey((key: `${'mine' | 'team'}:${RangeShape}:${number}:${PageDepth}`) => {
    const [quien, shape, limit, depth] = key.split(':') as ['mine' | 'team', RangeShape, string, PageDepth];
    const user = quien === 'mine' ? sql.placeholder('user') : null;
    const range = rangePlaceholders(shape);
    const ids = countedPageIds({ counts: countsOf(user), range, where: openOf(user), from: tareas, id: tareas.id, day: tareas.vence, direction: 'asc', order: SOONEST_FIRST, limit: Number(limit), depth });
    return db
      .select({ ...COLUMNS, total: rowsInDayRangeSql(countsOf(user), range), figuras: tareaContadoresJson(user, sql.placeholder('today'), sql.placeholder('weekEnd')) })
      .from(tareas)
      .where(sql`${tareas.id} = any(array${ids})`)
      .orderBy(...SOONEST_FIRST)
      .prepare(`tareas_${quien}_${shape}_${depth}_${limit}`);
  }),
);

export type TareaNueva = Pick<typeof tareas.$inferInsert, 'id_caso' | 'texto' | 'vence' | 'id_usuario' | 'creado_por' | 'origen' | 'origen_id'>;

export const tareasRepository = {
  listOpenByCaso(db: DbOrTx, idCaso: number): Promise<Tarea[]> {
    return db
      .select(COLUMNS)
      .from(tareas)
      .where(and(eq(tareas.id_caso, idCaso), isNull(tareas.hecha)))
      .orderBy(...SOONEST_FIRST);
  },

  /**
   * A page, its total and the four tabs' figures in one round trip (pageStatements); a page without
   * rows carries none, so the total and the figures are then read apart.
   */
  async page(
    db: DbOrTx,
    idUsuario: number | null,
    rango: DayRange,
    limit: number,
    offset: number,
    today: string,
    weekEnd: string,
  ): Promise<{ rows: Tarea[]; total: number; contadores: TareaContadores }> {
    const statement = pageStatements(db)(`${idUsuario === null ? 'team' : 'mine'}:${rangeShapeOf(rango)}:${limit}:${pageDepth(offset)}`);
    const found = await statement.execute({ user: idUsuario, ...rango, offset, today, weekEnd });
    const [first] = found;
    if (!first) {
      const [total, contadores] = await Promise.all([rowsInDayRange(db, countsOf(idUsuario), rango), contarTareas(db, idUsuario, today, weekEnd)]);
      return { rows: [], total, contadores };
    }
    return { rows: found.map(({ total: _total, figuras: _figuras, ...row }) => row), total: first.total, contadores: first.figuras };
  },

  async findById(db: DbOrTx, id: number): Promise<Tarea | undefined> {
    const [row] = await db.select(COLUMNS).from(tareas).where(eq(tareas.id, id));
    return row;
  },

  async lockById(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: tareas.id, idCaso: tareas.id_caso, texto: tareas.texto, idUsuario: tareas.id_usuario, hecha: tareas.hecha })
      .from(tareas)
      .where(eq(tareas.id, id))
      .for('update');
    return row;
  },

  /** Locks the open tasks among `ids`, lowest id first (docs/decisions/097). */
  lockOpen(db: DbOrTx, ids: readonly number[]) {
    return db
      .select({ id: tareas.id, idCaso: tareas.id_caso, texto: tareas.texto, idUsuario: tareas.id_usuario, hecha: tareas.hecha })
      .from(tareas)
      .where(and(inArray(tareas.id, [...ids]), isNull(tareas.hecha)))
      .orderBy(asc(tareas.id))
      .for('update');
  },

  async insert(db: DbOrTx, values: TareaNueva): Promise<number> {
    const [row] = await db.insert(tareas).values(values).returning({ id: tareas.id });
    return row!.id;
  },

  async markDone(db: DbOrTx, id: number, usuario: string): Promise<void> {
    await db
      .update(tareas)
      .set({ hecha: sql`now()`, hecha_por: usuario })
      .where(eq(tareas.id, id));
  },

  async reassign(db: DbOrTx, id: number, idUsuario: number): Promise<void> {
    await db.update(tareas).set({ id_usuario: idUsuario }).where(eq(tareas.id, id));
  },

  /** An active Admin or User: who a task can go to. */
  async asignable(db: DbOrTx, id: number): Promise<TareaAsignable | undefined> {
    const [row] = await db
      .select(ASIGNABLE)
      .from(users)
      .where(and(eq(users.id, id), CAN_HAVE_TASKS));
    return row;
  },

  asignables(db: DbOrTx): Promise<TareaAsignable[]> {
    return db.select(ASIGNABLE).from(users).where(CAN_HAVE_TASKS).orderBy(users.apellido, users.nombre, users.id);
  },

  /**
   * A case changes analyst (docs/decisions/083): its open tasks of the old responsable (with analyst
   * `deAnalista`) go to the new one (with `aAnalista`); none when both are the same person.
   */
  async moverAbiertasDelCaso(db: DbOrTx, idCaso: number, deAnalista: number | null, aAnalista: number | null) {
    const result = await db.execute(sql`
      with responsables as (
        select responsable_caso(${deAnalista}::integer, c.usuario) as de, responsable_caso(${aAnalista}::integer, c.usuario) as a
        from casos c where c.id = ${idCaso})
      update tareas t set id_usuario = r.a
      from responsables r, usuarios u
      where t.id_caso = ${idCaso} and t.hecha is null and t.id_usuario = r.de and r.a <> r.de and u.id = r.a
      returning t.id, t.texto, t.vence::text as vence, r.de as de, r.a as a, u.apellido || ', ' || u.nombre as usuario`);
    return resultRows<{ id: number; texto: string; vence: string; de: number; a: number; usuario: string }>(result);
  },

  /**
   * Who receives the case's automatic work (responsable_caso, drizzle/0038, decision 083): its
   * analyst's user, else the office's fallback user, else `usuario`, else the first Admin.
   */
  async responsableDelCaso(db: DbOrTx, idCaso: number, usuario: string): Promise<number | undefined> {
    const result = await db.execute(sql`select responsable_caso(c.id_analista, ${usuario}) as id from casos c where c.id = ${idCaso}`);
    return resultRows<{ id: number | null }>(result)[0]?.id ?? undefined;
  },

  async casoExists(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },

  /**
   * The open task the system made for a hearing, inspection or case, created or moved to the new
   * date (tareas_sistema_abierta_uq keeps one per origin).
   */
  async upsertSistema(db: DbOrTx, values: TareaNueva & { origen: string; origen_id: number }): Promise<void> {
    await db
      .insert(tareas)
      .values(values)
      .onConflictDoUpdate({
        target: [tareas.origen, tareas.origen_id],
        targetWhere: sql`${tareas.hecha} is null and ${tareas.origen} <> 'manual'`,
        set: { vence: values.vence, texto: values.texto, id_caso: values.id_caso },
      });
  },

  /** Closes the open system task of an origin; its case and text when there was one. */
  async closeSistema(db: DbOrTx, origen: string, origenId: number, usuario: string) {
    return db
      .update(tareas)
      .set({ hecha: sql`now()`, hecha_por: usuario })
      .where(and(eq(tareas.origen, origen), eq(tareas.origen_id, origenId), isNull(tareas.hecha)))
      .returning({ idCaso: tareas.id_caso, texto: tareas.texto });
  },

  /**
   * Cases in Pendiente Documentación since `cutoff` or earlier with no chase task open or made in
   * the last `dias` days, each for the case's responsable (its analyst's user, the fallback user, its
   * creator, the first Admin: responsable_caso, decision 083).
   */
  async insertDocumentacionChases(db: DbOrTx, cutoff: string, dias: number, texto: string, vence: string, limit: number) {
    const result = await db.execute(sql`
      insert into tareas (id_caso, texto, vence, id_usuario, origen, origen_id, creado_por)
      select c.id, ${texto}, ${vence}, responsable_caso(c.id_analista, c.usuario), 'documentacion', c.id, 'sistema'
      from casos c
      where c.id_estado = 1 and c.fecha_estado <= ${cutoff}
        -- NOT IN, not NOT EXISTS: the chase tasks become one hashed set. PostgreSQL estimated them at one row
        -- and ran NOT EXISTS as a nested loop over all of them per case (2.7 s for 1,000 cases at 1M, 0.3 s so).
        and c.id not in (
          select t.origen_id from tareas t where t.origen = 'documentacion' and t.origen_id is not null
            and (t.hecha is null or t.creado > now() - make_interval(days => ${dias})))
        and exists (select 1 from usuarios u where u.activo and u.rol = ${ROL.ADMIN})
      order by c.id
      limit ${limit}
      on conflict do nothing
      returning id_caso`);
    return resultRows<{ id_caso: number }>(result).map((row) => row.id_caso);
  },
};
