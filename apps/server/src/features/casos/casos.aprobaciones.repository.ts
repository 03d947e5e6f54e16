import { and, asc, count, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ROL, type AprobacionEstado, type AprobacionTipo } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { aprobaciones } from '../../db/tables/aprobaciones';
import { casos } from '../../db/tables/casos';
import { users } from '../../db/tables/users';

export type AprobacionRow = {
  id: number;
  id_caso: number;
  reclamo_nro: string;
  tipo: AprobacionTipo;
  monto: string;
  datos: Record<string, unknown>;
  solicitado_por: string;
  id_usuario_solicitante: number;
  solicitada: Date;
  estado: AprobacionEstado;
  resuelta_por: string | null;
  resuelta: Date | null;
  motivo: string | null;
};

/** Who asks: their role and limit, read from the database at each request (an Admin may have just changed it). */
export type Autoridad = { id: number; rol: number; limite: string | null };

const COLUMNS = {
  id: aprobaciones.id,
  id_caso: aprobaciones.id_caso,
  reclamo_nro: sql<string>`(select c.reclamo_nro from casos c where c.id = ${aprobaciones.id_caso})`,
  tipo: sql<AprobacionTipo>`${aprobaciones.tipo}`,
  monto: aprobaciones.monto,
  datos: aprobaciones.datos,
  solicitado_por: aprobaciones.solicitado_por,
  id_usuario_solicitante: aprobaciones.id_usuario_solicitante,
  solicitada: aprobaciones.solicitada,
  estado: sql<AprobacionEstado>`${aprobaciones.estado}`,
  resuelta_por: aprobaciones.resuelta_por,
  resuelta: aprobaciones.resuelta,
  motivo: aprobaciones.motivo,
};

/** The requests a person sees: an Admin all; a User their own and those their limit covers. */
function visiblePara(quien: Autoridad): SQL | undefined {
  if (quien.rol === ROL.ADMIN) return undefined;
  const cubre = quien.limite === null ? sql`true` : lte(aprobaciones.monto, quien.limite);
  return or(eq(aprobaciones.id_usuario_solicitante, quien.id), cubre);
}

export const aprobacionesRepository = {
  async autoridad(tx: DbOrTx, idUsuario: number): Promise<Autoridad | undefined> {
    const [row] = await tx
      .select({ id: users.id, rol: users.rol, limite: users.limite_ofrecimiento })
      .from(users)
      .where(eq(users.id, idUsuario));
    return row;
  },

  async casoExists(tx: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await tx.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },

  async pendienteDelCaso(tx: DbOrTx, idCaso: number): Promise<AprobacionRow | undefined> {
    const [row] = await tx
      .select(COLUMNS)
      .from(aprobaciones)
      .where(and(eq(aprobaciones.id_caso, idCaso), eq(aprobaciones.estado, 'pendiente')));
    return row as AprobacionRow | undefined;
  },

  async insert(
    tx: DbOrTx,
    values: {
      id_caso: number;
      tipo: AprobacionTipo;
      monto: string;
      datos: Record<string, unknown>;
      solicitado_por: string;
      id_usuario_solicitante: number;
    },
  ): Promise<number> {
    const [row] = await tx.insert(aprobaciones).values(values).returning({ id: aprobaciones.id });
    return row!.id;
  },

  async findById(tx: DbOrTx, id: number): Promise<AprobacionRow | undefined> {
    const [row] = await tx.select(COLUMNS).from(aprobaciones).where(eq(aprobaciones.id, id));
    return row as AprobacionRow | undefined;
  },

  /** Locks the request until the transaction ends: two approvers pressing at once resolve it once. */
  async lockById(tx: DbOrTx, id: number): Promise<AprobacionRow | undefined> {
    const [row] = await tx.select(COLUMNS).from(aprobaciones).where(eq(aprobaciones.id, id)).for('update');
    return row as AprobacionRow | undefined;
  },

  async resolve(
    tx: DbOrTx,
    id: number,
    values: { estado: Exclude<AprobacionEstado, 'pendiente'>; resuelta_por: string; motivo: string | null },
  ) {
    await tx
      .update(aprobaciones)
      .set({ ...values, resuelta: sql`now()` })
      .where(and(eq(aprobaciones.id, id), eq(aprobaciones.estado, 'pendiente')));
  },

  /** A page of one state's requests the person sees: pending oldest first, resolved newest first (aprobaciones_estado_id_idx). */
  async page(db: DbOrTx, estado: AprobacionEstado, quien: Autoridad, limit: number, offset: number) {
    const where = and(eq(aprobaciones.estado, estado), visiblePara(quien));
    const [rows, [total]] = await Promise.all([
      db
        .select(COLUMNS)
        .from(aprobaciones)
        .where(where)
        .orderBy(estado === 'pendiente' ? asc(aprobaciones.id) : desc(aprobaciones.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(aprobaciones).where(where),
    ]);
    return { rows: rows as AprobacionRow[], total: Number(total?.n ?? 0) };
  },

  /**
   * Who may approve `monto` (docs/decisions/081): active Admins, then active Users whose limit
   * covers it (none: unlimited), by id; never the requester.
   */
  async aprobadores(tx: DbOrTx, monto: string, idSolicitante: number): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.activo, true),
          sql`${users.id} <> ${idSolicitante}`,
          or(
            eq(users.rol, ROL.ADMIN),
            and(eq(users.rol, ROL.USER), or(isNull(users.limite_ofrecimiento), sql`${users.limite_ofrecimiento} >= ${monto}`)),
          ),
        ),
      )
      .orderBy(sql`${users.rol} <> ${ROL.ADMIN}`, asc(users.id));
    return rows.map((row) => row.id);
  },
};
