import { and, asc, eq, inArray, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { PortalCondicion, PortalItem, PortalItemEstado, PortalMensaje, Recibido } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { nextVersion } from '../../db/edit-version';
import { casos, terceros } from '../../db/tables/casos';
import { letrados } from '../../db/tables/letrados';
import { lesionados } from '../../db/tables/lesionados';
import {
  documentacionRequerida,
  portalAjustes,
  portalEnlaces,
  portalEnvios,
  portalItems,
  portalMensajes,
  portalSesiones,
} from '../../db/tables/portal';
import { companias } from '../../db/tables/reference';

/** An instant as the API sends it: ISO 8601 in UTC, whatever the session's time zone. */
const isoUtc = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const isoUtcOrNull = (column: AnyColumn) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const nombreDe = (table: typeof terceros) => sql<string>`trim(coalesce(${table.nombre}, '') || ' ' || ${table.apellido})`;

const ITEM = {
  id: portalItems.id,
  id_tercero: portalItems.id_tercero,
  id_requisito: portalItems.id_requisito,
  tipo: portalItems.tipo,
  nombre: portalItems.nombre,
  explicacion: portalItems.explicacion,
  estado: sql<PortalItemEstado>`${portalItems.estado}`,
  motivo: portalItems.motivo,
  solicitado: isoUtcOrNull(portalItems.solicitado),
  recibido: isoUtcOrNull(portalItems.recibido),
  revisado: isoUtcOrNull(portalItems.revisado),
  revisado_por: portalItems.revisado_por,
  version: portalItems.version,
  // The outer row named in full: in a one-table select Drizzle writes a column unqualified ("id"),
  // which inside this subquery would be documentos.id.
  documentos: sql<string[]>`coalesce((select json_agg(d.nombre order by d.id) from portal_item_documentos pd
    join documentos d on d.id = pd.id_documento where pd.id_item = "portal_items"."id"), '[]'::json)`,
};

/** The requirements' order; an item whose requirement was deleted goes last. */
const ITEM_ORDER = [
  sql`(select r.orden from documentacion_requerida r where r.id = "portal_items"."id_requisito") asc nulls last`,
  asc(portalItems.id),
];

const ENLACE = {
  id: portalEnlaces.id,
  id_tercero: portalEnlaces.id_tercero,
  creado: isoUtc(portalEnlaces.creado),
  creado_por: portalEnlaces.creado_por,
  expira: isoUtc(portalEnlaces.expira),
  revocado: isoUtcOrNull(portalEnlaces.revocado),
  intentos_fallidos: portalEnlaces.intentos_fallidos,
  bloqueado_hasta: isoUtcOrNull(portalEnlaces.bloqueado_hasta),
  destruccion_total: portalEnlaces.destruccion_total,
  no_titular: portalEnlaces.no_titular,
  ultimo_acceso: isoUtcOrNull(portalEnlaces.ultimo_acceso),
};

const MENSAJE = {
  id: portalMensajes.id,
  autor: sql<PortalMensaje['autor']>`${portalMensajes.autor}`,
  usuario: portalMensajes.usuario,
  texto: portalMensajes.texto,
  creado: isoUtc(portalMensajes.creado),
};

export type CasoDelPortal = {
  id: number;
  id_producto: number | null;
  reclamo_nro: string;
  compania: string;
  /** The case has injured people (lesionados rows, or its 'Lesiones' flag). */
  lesionado: boolean;
  /** The case has a lawyer. */
  letrado: boolean;
};
export type TerceroDelPortal = { id: number; nombre: string; mail: string | null; cel: string | null; nro_doc: string | null; letrado: boolean };
export type EnlaceRow = {
  id: number;
  id_tercero: number;
  creado: string;
  creado_por: string;
  expira: string;
  revocado: string | null;
  intentos_fallidos: number;
  bloqueado_hasta: string | null;
  destruccion_total: boolean;
  no_titular: boolean;
  ultimo_acceso: string | null;
};
export type RequisitoDelPortal = {
  id: number;
  id_producto: number | null;
  tipo: string;
  nombre: string;
  condicion: PortalCondicion;
  explicacion: string;
  tiene_ejemplo: boolean;
  activo: boolean;
};

const TERCERO = {
  id: terceros.id,
  nombre: nombreDe(terceros),
  mail: terceros.mail,
  cel: terceros.cel,
  nro_doc: terceros.nro_doc,
  letrado: sql<boolean>`(${terceros.id_letrado} is not null)`,
};

const REQUISITO = {
  id: documentacionRequerida.id,
  id_producto: documentacionRequerida.id_producto,
  tipo: documentacionRequerida.tipo,
  nombre: documentacionRequerida.nombre,
  condicion: sql<PortalCondicion>`${documentacionRequerida.condicion}`,
  explicacion: documentacionRequerida.explicacion,
  tiene_ejemplo: sql<boolean>`(${documentacionRequerida.ejemplo_key} is not null)`,
  activo: documentacionRequerida.activo,
};

/**
 * The staff side of the portal (docs/decisions/084). Items, links and third parties are always
 * looked up within the case of the path.
 */
export const portalStaffRepository = {
  async caso(db: DbOrTx, idCaso: number): Promise<CasoDelPortal | undefined> {
    const [row] = await db
      .select({
        id: casos.id,
        id_producto: casos.id_producto,
        reclamo_nro: casos.reclamo_nro,
        compania: companias.nombre,
        lesionado: sql<boolean>`(${casos.lesiones} or exists (select 1 from ${lesionados} where ${lesionados.id_caso} = ${casos.id}))`,
        letrado: sql<boolean>`(${casos.id_letrado} is not null or exists (select 1 from ${letrados} where ${letrados.id_caso} = ${casos.id}))`,
      })
      .from(casos)
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .where(eq(casos.id, idCaso));
    return row;
  },

  terceros(db: DbOrTx, idCaso: number): Promise<TerceroDelPortal[]> {
    return db.select(TERCERO).from(terceros).where(eq(terceros.id_caso, idCaso)).orderBy(asc(terceros.orden));
  },

  /** A third party of the case, locked: the requests, revocations and reviews of one third party take turns. */
  async lockTercero(tx: DbOrTx, idCaso: number, idTercero: number): Promise<TerceroDelPortal | undefined> {
    const [row] = await tx
      .select(TERCERO)
      .from(terceros)
      .where(and(eq(terceros.id, idTercero), eq(terceros.id_caso, idCaso)))
      .for('no key update');
    return row;
  },

  async tercero(db: DbOrTx, idCaso: number, idTercero: number): Promise<TerceroDelPortal | undefined> {
    const [row] = await db
      .select(TERCERO)
      .from(terceros)
      .where(and(eq(terceros.id, idTercero), eq(terceros.id_caso, idCaso)));
    return row;
  },

  /** The active requirements of a product and of every product, in their order. */
  requisitosDelProducto(db: DbOrTx, idProducto: number | null): Promise<RequisitoDelPortal[]> {
    const producto = idProducto === null ? isNull(documentacionRequerida.id_producto) : sql`(${documentacionRequerida.id_producto} is null or ${documentacionRequerida.id_producto} = ${idProducto})`;
    return db
      .select(REQUISITO)
      .from(documentacionRequerida)
      .where(and(eq(documentacionRequerida.activo, true), producto))
      .orderBy(asc(documentacionRequerida.orden), asc(documentacionRequerida.id));
  },

  itemsDelCaso(db: DbOrTx, idCaso: number): Promise<PortalItem[]> {
    return db
      .select(ITEM)
      .from(portalItems)
      .where(eq(portalItems.id_caso, idCaso))
      .orderBy(...ITEM_ORDER);
  },

  async estadosDelTercero(db: DbOrTx, idTercero: number): Promise<PortalItemEstado[]> {
    const rows = await db.select({ estado: sql<PortalItemEstado>`${portalItems.estado}` }).from(portalItems).where(eq(portalItems.id_tercero, idTercero));
    return rows.map((row) => row.estado);
  },

  async item(db: DbOrTx, idCaso: number, idItem: number): Promise<PortalItem | undefined> {
    const [row] = await db
      .select(ITEM)
      .from(portalItems)
      .where(and(eq(portalItems.id, idItem), eq(portalItems.id_caso, idCaso)));
    return row;
  },

  /** Locks an item of the case (a review and a claimant's upload of it take turns); read it after. */
  async lockItem(tx: DbOrTx, idCaso: number, idItem: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: portalItems.id })
      .from(portalItems)
      .where(and(eq(portalItems.id, idItem), eq(portalItems.id_caso, idCaso)))
      .for('update');
    return Boolean(row);
  },

  async revisar(tx: DbOrTx, idItem: number, values: { estado: 'aceptado' | 'rechazado'; motivo: string | null; revisado: string; revisado_por: string }) {
    await tx
      .update(portalItems)
      .set({ ...values, version: nextVersion(portalItems.version) })
      .where(eq(portalItems.id, idItem));
  },

  /**
   * Asks `requisitos` of a third party: new items start 'pendiente'; an item asked before keeps
   * its state (an accepted one stays accepted, a received one waits for its review) and takes
   * the requirement's current name and explanation.
   */
  async pedirItems(tx: DbOrTx, idCaso: number, idTercero: number, requisitos: readonly RequisitoDelPortal[], solicitado: string): Promise<void> {
    if (requisitos.length === 0) return;
    await tx
      .insert(portalItems)
      .values(
        requisitos.map((requisito) => ({
          id_caso: idCaso,
          id_tercero: idTercero,
          id_requisito: requisito.id,
          tipo: requisito.tipo,
          nombre: requisito.nombre,
          explicacion: requisito.explicacion,
          solicitado,
        })),
      )
      .onConflictDoUpdate({
        target: [portalItems.id_tercero, portalItems.id_requisito],
        set: {
          solicitado,
          tipo: sql`excluded.tipo`,
          nombre: sql`excluded.nombre`,
          explicacion: sql`excluded.explicacion`,
        },
      });
  },

  requisitosPorId(db: DbOrTx, ids: readonly number[]): Promise<RequisitoDelPortal[]> {
    return db
      .select(REQUISITO)
      .from(documentacionRequerida)
      .where(inArray(documentacionRequerida.id, [...ids]))
      .orderBy(asc(documentacionRequerida.orden), asc(documentacionRequerida.id));
  },

  /** The live (not revoked) links of the case's third parties: one each at most. */
  enlacesVivos(db: DbOrTx, idCaso: number): Promise<EnlaceRow[]> {
    return db
      .select(ENLACE)
      .from(portalEnlaces)
      .where(and(eq(portalEnlaces.id_caso, idCaso), isNull(portalEnlaces.revocado)));
  },

  async enlaceVivo(db: DbOrTx, idTercero: number): Promise<EnlaceRow | undefined> {
    const [row] = await db
      .select(ENLACE)
      .from(portalEnlaces)
      .where(and(eq(portalEnlaces.id_tercero, idTercero), isNull(portalEnlaces.revocado)));
    return row;
  },

  /** Revokes the third party's live link and ends its sessions; its id, or undefined when it had none. */
  async revocarVivo(tx: DbOrTx, idTercero: number, revocado: string, usuario: string): Promise<number | undefined> {
    const [row] = await tx
      .update(portalEnlaces)
      .set({ revocado, revocado_por: usuario })
      .where(and(eq(portalEnlaces.id_tercero, idTercero), isNull(portalEnlaces.revocado)))
      .returning({ id: portalEnlaces.id });
    if (row) await tx.delete(portalSesiones).where(eq(portalSesiones.id_enlace, row.id));
    return row?.id;
  },

  async insertEnlace(tx: DbOrTx, values: typeof portalEnlaces.$inferInsert): Promise<number> {
    const [row] = await tx.insert(portalEnlaces).values(values).returning({ id: portalEnlaces.id });
    return row!.id;
  },

  async insertEnvios(db: DbOrTx, rows: (typeof portalEnvios.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(portalEnvios).values(rows);
  },

  async ajustes(db: DbOrTx) {
    const [row] = await db
      .select({ dias_validez: portalAjustes.dias_validez, max_intentos: portalAjustes.max_intentos })
      .from(portalAjustes)
      .where(eq(portalAjustes.id, 1));
    return row ?? { dias_validez: 30, max_intentos: 5 };
  },

  /** The Bandeja de recibidos: received and not reviewed, oldest first (portal_items_recibidos_idx). */
  recibidos(db: DbOrTx, offset: number, limit: number): Promise<Recibido[]> {
    return db
      .select({ ...ITEM, id_caso: portalItems.id_caso, reclamo_nro: casos.reclamo_nro, tercero: nombreDe(terceros) })
      .from(portalItems)
      .innerJoin(casos, eq(casos.id, portalItems.id_caso))
      .innerJoin(terceros, eq(terceros.id, portalItems.id_tercero))
      .where(eq(portalItems.estado, 'recibido'))
      .orderBy(asc(portalItems.recibido), asc(portalItems.id))
      .limit(limit)
      .offset(offset);
  },

  async recibidosTotal(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(portalItems).where(eq(portalItems.estado, 'recibido'));
    return row?.total ?? 0;
  },

  mensajes(db: DbOrTx, idTercero: number): Promise<PortalMensaje[]> {
    return db.select(MENSAJE).from(portalMensajes).where(eq(portalMensajes.id_tercero, idTercero)).orderBy(asc(portalMensajes.id));
  },

  async insertMensaje(tx: DbOrTx, values: typeof portalMensajes.$inferInsert): Promise<PortalMensaje> {
    const [row] = await tx.insert(portalMensajes).values(values).returning({ id: portalMensajes.id });
    const [mensaje] = await tx.select(MENSAJE).from(portalMensajes).where(eq(portalMensajes.id, row!.id));
    return mensaje!;
  },
};
