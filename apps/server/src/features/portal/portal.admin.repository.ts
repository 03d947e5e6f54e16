import { asc, eq, sql } from 'drizzle-orm';
import type { PortalAjustes, PortalCondicion, Requisito } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { documentacionRequerida, portalAjustes } from '../../db/tables/portal';
import { productos } from '../../db/tables/reference';

const REQUISITO = {
  id: documentacionRequerida.id,
  id_producto: documentacionRequerida.id_producto,
  producto: productos.nombre,
  tipo: documentacionRequerida.tipo,
  nombre: documentacionRequerida.nombre,
  condicion: sql<PortalCondicion>`${documentacionRequerida.condicion}`,
  explicacion: documentacionRequerida.explicacion,
  tiene_ejemplo: sql<boolean>`(${documentacionRequerida.ejemplo_key} is not null)`,
  orden: documentacionRequerida.orden,
  activo: documentacionRequerida.activo,
};

const selectRequisitos = (db: DbOrTx) => db.select(REQUISITO).from(documentacionRequerida).leftJoin(productos, eq(productos.id, documentacionRequerida.id_producto));

export type RequisitoValues = Omit<typeof documentacionRequerida.$inferInsert, 'id' | 'ejemplo_key' | 'ejemplo_mime'>;

/** Documentación requerida and the portal's settings (Admin reference data, docs/decisions/084). */
export const portalAdminRepository = {
  /** Those of every product first, then by product, each in its order. */
  requisitos: (db: DbOrTx): Promise<Requisito[]> =>
    selectRequisitos(db).orderBy(sql`${documentacionRequerida.id_producto} is not null`, asc(productos.nombre), asc(documentacionRequerida.orden), asc(documentacionRequerida.id)),

  async requisito(db: DbOrTx, id: number): Promise<Requisito | undefined> {
    const [row] = await selectRequisitos(db).where(eq(documentacionRequerida.id, id));
    return row;
  },

  async lockRequisito(tx: DbOrTx, id: number): Promise<{ ejemplo_key: string | null; ejemplo_mime: string | null } | undefined> {
    const [row] = await tx
      .select({ ejemplo_key: documentacionRequerida.ejemplo_key, ejemplo_mime: documentacionRequerida.ejemplo_mime })
      .from(documentacionRequerida)
      .where(eq(documentacionRequerida.id, id))
      .for('update');
    return row;
  },

  async ejemplo(db: DbOrTx, id: number): Promise<{ ejemplo_key: string | null; ejemplo_mime: string | null } | undefined> {
    const [row] = await db
      .select({ ejemplo_key: documentacionRequerida.ejemplo_key, ejemplo_mime: documentacionRequerida.ejemplo_mime })
      .from(documentacionRequerida)
      .where(eq(documentacionRequerida.id, id));
    return row;
  },

  async insertRequisito(tx: DbOrTx, values: RequisitoValues): Promise<number> {
    const [row] = await tx.insert(documentacionRequerida).values(values).returning({ id: documentacionRequerida.id });
    return row!.id;
  },

  async updateRequisito(tx: DbOrTx, id: number, values: Partial<typeof documentacionRequerida.$inferInsert>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await tx.update(documentacionRequerida).set(values).where(eq(documentacionRequerida.id, id));
  },

  async productoExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: productos.id }).from(productos).where(eq(productos.id, id));
    return Boolean(row);
  },

  async ajustes(db: DbOrTx): Promise<PortalAjustes> {
    const [row] = await db
      .select({
        dias_validez: portalAjustes.dias_validez,
        digitos_dni: portalAjustes.digitos_dni,
        max_intentos: portalAjustes.max_intentos,
        recordatorios_dias: portalAjustes.recordatorios_dias,
        firma_electronica: portalAjustes.firma_electronica,
      })
      .from(portalAjustes)
      .where(eq(portalAjustes.id, 1));
    return row ?? { dias_validez: 30, digitos_dni: 0, max_intentos: 5, recordatorios_dias: [3, 7, 10], firma_electronica: false };
  },

  async saveAjustes(tx: DbOrTx, values: PortalAjustes): Promise<void> {
    await tx
      .insert(portalAjustes)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: portalAjustes.id, set: values });
  },
};
