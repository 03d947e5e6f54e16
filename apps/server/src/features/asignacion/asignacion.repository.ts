import { asc, eq, sql } from 'drizzle-orm';
import { FIRST_CLOSED_ESTADO, ROL } from '@siniestros/domain';
import { resultRows, type DbOrTx } from '../../db/client';
import { ajustesAsignacion, reglasAsignacion } from '../../db/tables/asignacion';
import { analistas, companias, productos } from '../../db/tables/reference';
import { users } from '../../db/tables/users';

const REGLA = {
  id: reglasAsignacion.id,
  id_compania: reglasAsignacion.id_compania,
  compania: companias.nombre,
  id_producto: reglasAsignacion.id_producto,
  producto: productos.nombre,
  id_analista: reglasAsignacion.id_analista,
  analista: sql<string>`${analistas.apellido} || ', ' || ${analistas.nombre}`,
  disponible: analistas.disponible,
};

const selectReglas = (db: DbOrTx) =>
  db
    .select(REGLA)
    .from(reglasAsignacion)
    .innerJoin(analistas, eq(analistas.id, reglasAsignacion.id_analista))
    .leftJoin(companias, eq(companias.id, reglasAsignacion.id_compania))
    .leftJoin(productos, eq(productos.id, reglasAsignacion.id_producto));

export type AnalistaElegido = { id: number; nombre: string; apellido: string; motivo: 'regla' | 'reparto' };

export const asignacionRepository = {
  reglas: (db: DbOrTx) => selectReglas(db).orderBy(asc(companias.nombre), asc(productos.nombre), asc(reglasAsignacion.id)),

  async regla(db: DbOrTx, id: number) {
    const [row] = await selectReglas(db).where(eq(reglasAsignacion.id, id));
    return row;
  },

  async insertRegla(db: DbOrTx, values: typeof reglasAsignacion.$inferInsert) {
    const [row] = await db.insert(reglasAsignacion).values(values).returning({ id: reglasAsignacion.id });
    return row!.id;
  },

  async deleteRegla(db: DbOrTx, id: number) {
    const rows = await db.delete(reglasAsignacion).where(eq(reglasAsignacion.id, id)).returning({ id: reglasAsignacion.id });
    return rows.length > 0;
  },

  async ajustes(db: DbOrTx) {
    const [row] = await db
      .select({ id_usuario_respaldo: ajustesAsignacion.id_usuario_respaldo, reparto_automatico: ajustesAsignacion.reparto_automatico })
      .from(ajustesAsignacion)
      .where(eq(ajustesAsignacion.id, 1));
    return row ?? { id_usuario_respaldo: null, reparto_automatico: false };
  },

  async saveAjustes(db: DbOrTx, values: { id_usuario_respaldo: number | null; reparto_automatico: boolean }) {
    await db
      .insert(ajustesAsignacion)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: ajustesAsignacion.id, set: values });
  },

  /** An active Admin or User: who may receive work (the fallback). */
  async isActiveStaff(db: DbOrTx, idUsuario: number) {
    const [row] = await db.select({ rol: users.rol, activo: users.activo }).from(users).where(eq(users.id, idUsuario));
    return Boolean(row?.activo && (row.rol === ROL.ADMIN || row.rol === ROL.USER));
  },

  async exists(db: DbOrTx, table: 'analistas' | 'companias' | 'productos', id: number) {
    const source = { analistas, companias, productos }[table];
    const [row] = await db.select({ id: source.id }).from(source).where(eq(source.id, id));
    return Boolean(row);
  },

  /**
   * The analyst a new case gets (docs/decisions/083): the most specific rule whose analyst is
   * available (company and product, company, product); else, with the distribution on, the
   * available analyst with an active user and the fewest open cases (the counters' table, no scan
   * of cases; ties to the lowest id). None: null.
   */
  async elegirAnalista(db: DbOrTx, caso: { id_compania: number; id_producto: number | null }): Promise<AnalistaElegido | null> {
    const result = await db.execute(sql`
      with por_regla as (
        select a.id, a.nombre, a.apellido, 'regla' as motivo
        from reglas_asignacion r join analistas a on a.id = r.id_analista
        where a.disponible
          and (r.id_compania is null or r.id_compania = ${caso.id_compania})
          and (r.id_producto is null or r.id_producto = ${caso.id_producto})
        order by (r.id_compania is not null) desc, (r.id_producto is not null) desc
        limit 1),
      por_reparto as (
        select a.id, a.nombre, a.apellido, 'reparto' as motivo
        from analistas a
        join usuarios u on u.id = a.id_usuario and u.activo and u.rol in (${ROL.ADMIN}, ${ROL.USER})
        join ajustes_asignacion j on j.id = 1 and j.reparto_automatico
        where a.disponible and not exists (select 1 from por_regla)
        order by (select coalesce(sum(k.total), 0) from caso_contadores_estado k
                  where k.id_analista = a.id and k.id_estado < ${FIRST_CLOSED_ESTADO}), a.id
        limit 1)
      select * from por_regla union all select * from por_reparto`);
    return resultRows<AnalistaElegido>(result)[0] ?? null;
  },
};
