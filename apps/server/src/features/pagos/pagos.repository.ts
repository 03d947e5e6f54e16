import { and, asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Pago, PagoBeneficiario, PagoEstado } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { nextVersion } from '../../db/edit-version';
import { casos, terceros } from '../../db/tables/casos';
import { documentos } from '../../db/tables/documentacion';
import { letrados } from '../../db/tables/letrados';
import { pagos } from '../../db/tables/pagos';

const COLUMNS = {
  id: pagos.id,
  id_caso: pagos.id_caso,
  id_tercero: pagos.id_tercero,
  beneficiario: sql<PagoBeneficiario>`${pagos.beneficiario}`,
  beneficiario_nombre: pagos.beneficiario_nombre,
  cbu: pagos.cbu,
  monto: pagos.monto,
  fecha_solicitud: pagos.fecha_solicitud,
  estado: sql<PagoEstado>`${pagos.estado}`,
  fecha_pago: pagos.fecha_pago,
  id_documento: pagos.id_documento,
  documento: sql<string | null>`(select ${documentos.nombre} from ${documentos} where ${documentos.id} = ${pagos.id_documento})`,
  creado_por: pagos.creado_por,
  version: pagos.version,
  motivo_anulacion: pagos.motivo_anulacion,
};

/**
 * The case's paid total (numeric; pagos_caso_idx) and what is left of the agreed amount (null when
 * nothing was agreed): subqueries of the values report's and the export's rows (docs/decisions/082).
 */
export const pagadoDelCaso = (idCaso: Column | SQL) =>
  sql<string>`(select coalesce(sum(${pagos.monto}), 0)::numeric(15, 2) from ${pagos} where ${pagos.id_caso} = ${idCaso} and ${pagos.estado} = 'pagado')`;
// greatest() skips nulls: the case says "nothing agreed, nothing pending" itself.
export const pendienteDelCaso = (idCaso: Column | SQL, acordado: Column | SQL) =>
  sql<string | null>`case when ${acordado} is null then null else greatest(${acordado} - ${pagadoDelCaso(idCaso)}, 0) end`;

export type CasoDelPago = { id: number; id_estado: number; valor_acordado: string | null };
export type Persona = { id: number; apellido: string; nombre: string | null; cbu: string | null; mail: string | null };
export type PagoValues = Omit<typeof pagos.$inferInsert, 'id' | 'creado' | 'version' | 'estado'>;

/** pagos' statements; it reads the case, its third parties, lawyer and documents it pays against (one-way, as letrados). */
export const pagosRepository = {
  /** Locks the case as the life cycle does: a payment and a closing of the same case take turns. */
  async lockCaso(tx: DbOrTx, idCaso: number): Promise<CasoDelPago | undefined> {
    const [row] = await tx
      .select({ id: casos.id, id_estado: casos.id_estado, valor_acordado: casos.valor_acordado })
      .from(casos)
      .where(eq(casos.id, idCaso))
      .for('update');
    return row;
  },

  async casoExists(db: DbOrTx, idCaso: number): Promise<CasoDelPago | undefined> {
    const [row] = await db.select({ id: casos.id, id_estado: casos.id_estado, valor_acordado: casos.valor_acordado }).from(casos).where(eq(casos.id, idCaso));
    return row;
  },

  async list(db: DbOrTx, idCaso: number): Promise<Pago[]> {
    return db.select(COLUMNS).from(pagos).where(eq(pagos.id_caso, idCaso)).orderBy(asc(pagos.id));
  },

  /** The case's paid and ordered (not paid) totals, numeric text. */
  async totals(db: DbOrTx, idCaso: number): Promise<{ pagado: string; ordenado: string }> {
    const [row] = await db
      .select({
        pagado: sql<string>`coalesce(sum(${pagos.monto}) filter (where ${pagos.estado} = 'pagado'), 0)::text`,
        ordenado: sql<string>`coalesce(sum(${pagos.monto}) filter (where ${pagos.estado} = 'ordenado'), 0)::text`,
      })
      .from(pagos)
      .where(eq(pagos.id_caso, idCaso));
    return row ?? { pagado: '0', ordenado: '0' };
  },

  async lockPago(tx: DbOrTx, idCaso: number, idPago: number): Promise<Pago | undefined> {
    const [row] = await tx
      .select(COLUMNS)
      .from(pagos)
      .where(and(eq(pagos.id, idPago), eq(pagos.id_caso, idCaso)))
      .for('update');
    return row;
  },

  async tercero(db: DbOrTx, idCaso: number, idTercero: number): Promise<Persona | undefined> {
    const [row] = await db
      .select({ id: terceros.id, apellido: terceros.apellido, nombre: terceros.nombre, cbu: terceros.cbu, mail: terceros.mail })
      .from(terceros)
      .where(and(eq(terceros.id, idTercero), eq(terceros.id_caso, idCaso)));
    return row;
  },

  async letrado(db: DbOrTx, idCaso: number): Promise<Persona | undefined> {
    const [row] = await db
      .select({ id: letrados.id, apellido: letrados.apellido, nombre: letrados.nombre, cbu: letrados.cbu, mail: letrados.mail })
      .from(letrados)
      .where(eq(letrados.id_caso, idCaso));
    return row;
  },

  async documento(db: DbOrTx, idCaso: number, nombre: string): Promise<{ id: number; tipo: string } | undefined> {
    const [row] = await db
      .select({ id: documentos.id, tipo: documentos.tipo })
      .from(documentos)
      .where(and(eq(documentos.id_caso, idCaso), sql`lower(${documentos.nombre}) = lower(${nombre})`));
    return row;
  },

  /** The unpaid orders of the office (pagos_ordenados_idx): how many, how many requested before `vencidoAntesDe`, their sum and the oldest. */
  async tablero(db: DbOrTx, vencidoAntesDe: string, limit: number) {
    const ordenado = sql`${pagos.estado} = 'ordenado'`;
    const [cuenta] = await db
      .select({
        ordenados: sql<number>`count(*)::int`,
        vencidos: sql<number>`(count(*) filter (where ${pagos.fecha_solicitud} < ${vencidoAntesDe}::date))::int`,
        total: sql<string>`coalesce(sum(${pagos.monto}), 0)::text`,
      })
      .from(pagos)
      .where(ordenado);
    const masAntiguos = await db
      .select({ id: pagos.id, id_caso: pagos.id_caso, beneficiario_nombre: pagos.beneficiario_nombre, monto: pagos.monto, fecha_solicitud: pagos.fecha_solicitud })
      .from(pagos)
      .where(ordenado)
      .orderBy(asc(pagos.fecha_solicitud), asc(pagos.id_caso))
      .limit(limit);
    return { ordenados: cuenta?.ordenados ?? 0, vencidos: cuenta?.vencidos ?? 0, ordenadoTotal: cuenta?.total ?? '0', masAntiguos };
  },

  async insert(tx: DbOrTx, values: PagoValues): Promise<Pago> {
    const [{ id }] = (await tx.insert(pagos).values(values).returning({ id: pagos.id })) as [{ id: number }];
    return (await this.lockPago(tx, values.id_caso, id))!;
  },

  async update(tx: DbOrTx, pago: Pago, values: Partial<typeof pagos.$inferInsert>): Promise<Pago> {
    await tx
      .update(pagos)
      .set({ ...values, version: nextVersion(pagos.version) })
      .where(eq(pagos.id, pago.id));
    return (await this.lockPago(tx, pago.id_caso, pago.id))!;
  },
};
