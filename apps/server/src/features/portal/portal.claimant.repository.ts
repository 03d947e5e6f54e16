import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { resultRows, type DbOrTx } from '../../db/client';
import { casos, terceros } from '../../db/tables/casos';
import { documentos } from '../../db/tables/documentacion';
import { inspecciones } from '../../db/tables/inspeccion';
import { pagos } from '../../db/tables/pagos';
import {
  documentacionRequerida,
  portalAjustes,
  portalEnlaces,
  portalIntentos,
  portalItemDocumentos,
  portalItems,
  portalMensajes,
  portalSesiones,
} from '../../db/tables/portal';
import { companias } from '../../db/tables/reference';

/** A timestamptz as ISO 8601 in UTC, whatever the driver (PGlite, node-postgres) would make of it. */
const isoUtc = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export type PortalSesionRow = { idEnlace: number; idCaso: number; idTercero: number; dniOk: boolean; enlaceExpira: string };

export type PortalItemReclamanteRow = {
  id: number;
  nombre: string;
  explicacion: string;
  estado: 'pendiente' | 'recibido' | 'aceptado' | 'rechazado';
  motivo: string | null;
  archivos: number;
  tiene_ejemplo: boolean;
};

/** The claimant's own item: of their link's case and third party, and asked (solicitado). */
const itemDelEnlace = (idItem: number, idCaso: number, idTercero: number) =>
  and(eq(portalItems.id, idItem), eq(portalItems.id_caso, idCaso), eq(portalItems.id_tercero, idTercero), isNotNull(portalItems.solicitado));

const ITEM_COLUMNS = {
  id: portalItems.id,
  nombre: portalItems.nombre,
  explicacion: portalItems.explicacion,
  estado: sql<PortalItemReclamanteRow['estado']>`${portalItems.estado}`,
  motivo: portalItems.motivo,
  archivos: sql<number>`(select count(*)::int from ${portalItemDocumentos} d where d.id_item = ${portalItems.id})`,
  tiene_ejemplo: sql<boolean>`coalesce((select r.ejemplo_key is not null from ${documentacionRequerida} r where r.id = ${portalItems.id_requisito}), false)`,
};

/** The claimant's side of the portal (docs/decisions/084): every query scoped to the session's link. */
export const portalClaimantRepository = {
  // --- the link and its sessions ----------------------------------------------------------------

  async enlaceVivoPorToken(db: DbOrTx, tokenHash: string, ahora: string): Promise<{ id: number; expira: string } | undefined> {
    const [row] = await db
      .select({ id: portalEnlaces.id, expira: isoUtc(portalEnlaces.expira) })
      .from(portalEnlaces)
      .where(and(eq(portalEnlaces.token_hash, tokenHash), isNull(portalEnlaces.revocado), gt(portalEnlaces.expira, ahora)));
    return row;
  },

  async abrirSesion(db: DbOrTx, sesion: { idHash: string; idEnlace: number; creado: string; expira: string }) {
    await db.insert(portalSesiones).values({ id_hash: sesion.idHash, id_enlace: sesion.idEnlace, creado: sesion.creado, expira: sesion.expira });
    await db.update(portalEnlaces).set({ ultimo_acceso: sesion.creado }).where(eq(portalEnlaces.id, sesion.idEnlace));
  },

  /** The link's sessions that ended by time (the link's index): they would only pile up. */
  async borrarSesionesVencidas(db: DbOrTx, idEnlace: number, ahora: string) {
    await db.delete(portalSesiones).where(and(eq(portalSesiones.id_enlace, idEnlace), sql`${portalSesiones.expira} <= ${ahora}`));
  },

  /** A live session of a live link: neither expired, nor the link revoked or expired. */
  async sesion(db: DbOrTx, idHash: string, ahora: string): Promise<PortalSesionRow | undefined> {
    const [row] = await db
      .select({
        idEnlace: portalEnlaces.id,
        idCaso: portalEnlaces.id_caso,
        idTercero: portalEnlaces.id_tercero,
        dniOk: portalSesiones.dni_ok,
        enlaceExpira: isoUtc(portalEnlaces.expira),
      })
      .from(portalSesiones)
      .innerJoin(portalEnlaces, eq(portalEnlaces.id, portalSesiones.id_enlace))
      .where(
        and(
          eq(portalSesiones.id_hash, idHash),
          gt(portalSesiones.expira, ahora),
          isNull(portalEnlaces.revocado),
          gt(portalEnlaces.expira, ahora),
        ),
      );
    return row;
  },

  async cerrarSesion(db: DbOrTx, idHash: string) {
    await db.delete(portalSesiones).where(eq(portalSesiones.id_hash, idHash));
  },

  async marcarDniOk(db: DbOrTx, idHash: string) {
    await db.update(portalSesiones).set({ dni_ok: true }).where(eq(portalSesiones.id_hash, idHash));
  },

  // --- the DNI check ----------------------------------------------------------------------------

  async ajustes(db: DbOrTx): Promise<{ digitos_dni: number; max_intentos: number }> {
    const [row] = await db
      .select({ digitos_dni: portalAjustes.digitos_dni, max_intentos: portalAjustes.max_intentos })
      .from(portalAjustes)
      .where(eq(portalAjustes.id, 1));
    return row ?? { digitos_dni: 0, max_intentos: 5 };
  },

  /** The link's counter and its third party's document, locked: one try at a time per link. */
  async enlaceParaDni(tx: DbOrTx, idEnlace: number) {
    const [row] = await tx
      .select({
        intentos: portalEnlaces.intentos_fallidos,
        bloqueadoHasta: isoUtc(portalEnlaces.bloqueado_hasta),
        expira: isoUtc(portalEnlaces.expira),
        nroDoc: terceros.nro_doc,
      })
      .from(portalEnlaces)
      .innerJoin(terceros, eq(terceros.id, portalEnlaces.id_tercero))
      .where(eq(portalEnlaces.id, idEnlace))
      .for('update', { of: portalEnlaces });
    return row;
  },

  async guardarIntentosEnlace(tx: DbOrTx, idEnlace: number, intentos: number, bloqueadoHasta: string | null) {
    await tx.update(portalEnlaces).set({ intentos_fallidos: intentos, bloqueado_hasta: bloqueadoHasta }).where(eq(portalEnlaces.id, idEnlace));
  },

  /** The address's row, made if missing, locked. */
  async intentosDireccion(tx: DbOrTx, direccion: string, ahora: string) {
    await tx.insert(portalIntentos).values({ direccion, intentos: 0, desde: ahora }).onConflictDoNothing();
    const [row] = await tx
      .select({ intentos: portalIntentos.intentos, desde: isoUtc(portalIntentos.desde), bloqueadoHasta: isoUtc(portalIntentos.bloqueado_hasta) })
      .from(portalIntentos)
      .where(eq(portalIntentos.direccion, direccion))
      .for('update');
    return row!;
  },

  /** Read without a lock nor a row made: whether the address waits. */
  async bloqueoDireccion(db: DbOrTx, direccion: string): Promise<string | null> {
    const [row] = await db.select({ hasta: isoUtc(portalIntentos.bloqueado_hasta) }).from(portalIntentos).where(eq(portalIntentos.direccion, direccion));
    return row?.hasta ?? null;
  },

  async guardarIntentosDireccion(tx: DbOrTx, direccion: string, values: { intentos: number; desde: string; bloqueado_hasta: string | null }) {
    await tx.update(portalIntentos).set(values).where(eq(portalIntentos.direccion, direccion));
  },

  // --- what the claimant reads ------------------------------------------------------------------

  /** The case's line: its claim number, the insurer's name, the third party's name and the case's progress. */
  async reclamo(db: DbOrTx, idCaso: number, idTercero: number) {
    const [row] = await db
      .select({
        reclamoNro: casos.reclamo_nro,
        compania: companias.nombre,
        idEstado: casos.id_estado,
        completaDoc: casos.completa_doc,
        apellido: terceros.apellido,
        nombre: terceros.nombre,
      })
      .from(casos)
      .innerJoin(companias, eq(companias.id, casos.id_compania))
      .innerJoin(terceros, and(eq(terceros.id, idTercero), eq(terceros.id_caso, casos.id)))
      .where(eq(casos.id, idCaso));
    return row;
  },

  /** The case's last inspection still coordinated (its date and place are the claimant's appointment). */
  async inspeccionCoordinada(db: DbOrTx, idCaso: number): Promise<{ fecha: string; direccion: string } | undefined> {
    const [row] = await db
      .select({ fecha: inspecciones.fecha_inspeccion, direccion: inspecciones.direccion })
      .from(inspecciones)
      .where(and(eq(inspecciones.id_caso, idCaso), eq(inspecciones.estado, 'Coordinada')))
      .orderBy(desc(inspecciones.id))
      .limit(1);
    return row;
  },

  /** Whether a payment to this third party went out (payments to others are not theirs to know). */
  async pagoRealizado(db: DbOrTx, idCaso: number, idTercero: number): Promise<boolean> {
    const [row] = await db
      .select({ n: count() })
      .from(pagos)
      .where(and(eq(pagos.id_caso, idCaso), eq(pagos.id_tercero, idTercero), eq(pagos.estado, 'pagado')));
    return (row?.n ?? 0) > 0;
  },

  async items(db: DbOrTx, idCaso: number, idTercero: number): Promise<PortalItemReclamanteRow[]> {
    return db
      .select(ITEM_COLUMNS)
      .from(portalItems)
      .where(and(eq(portalItems.id_caso, idCaso), eq(portalItems.id_tercero, idTercero), isNotNull(portalItems.solicitado)))
      .orderBy(asc(portalItems.id));
  },

  async item(db: DbOrTx, idItem: number, idCaso: number, idTercero: number): Promise<PortalItemReclamanteRow | undefined> {
    const [row] = await db.select(ITEM_COLUMNS).from(portalItems).where(itemDelEnlace(idItem, idCaso, idTercero));
    return row;
  },

  /** The item's document type (the received file is named by it) and state, unlocked. */
  async tipoDeItem(db: DbOrTx, idItem: number, idCaso: number, idTercero: number) {
    const [row] = await db
      .select({ tipo: portalItems.tipo, estado: portalItems.estado })
      .from(portalItems)
      .where(itemDelEnlace(idItem, idCaso, idTercero));
    return row;
  },

  async tercero(db: DbOrTx, idTercero: number): Promise<{ apellido: string; nombre: string | null } | undefined> {
    const [row] = await db.select({ apellido: terceros.apellido, nombre: terceros.nombre }).from(terceros).where(eq(terceros.id, idTercero));
    return row;
  },

  async mensajes(db: DbOrTx, idCaso: number, idTercero: number) {
    return db
      .select({
        id: portalMensajes.id,
        autor: sql<'reclamante' | 'oficina'>`${portalMensajes.autor}`,
        texto: portalMensajes.texto,
        creado: isoUtc(portalMensajes.creado),
      })
      .from(portalMensajes)
      .where(and(eq(portalMensajes.id_tercero, idTercero), eq(portalMensajes.id_caso, idCaso)))
      .orderBy(asc(portalMensajes.id));
  },

  async ejemplo(db: DbOrTx, idItem: number, idCaso: number, idTercero: number) {
    const [row] = await db
      .select({ nombre: portalItems.nombre, key: documentacionRequerida.ejemplo_key, mime: documentacionRequerida.ejemplo_mime })
      .from(portalItems)
      .leftJoin(documentacionRequerida, eq(documentacionRequerida.id, portalItems.id_requisito))
      .where(itemDelEnlace(idItem, idCaso, idTercero));
    return row;
  },

  // --- uploads and messages ---------------------------------------------------------------------

  /** The item, locked for the upload's transaction. */
  async itemParaSubir(tx: DbOrTx, idItem: number, idCaso: number, idTercero: number) {
    const [row] = await tx
      .select({ id: portalItems.id, tipo: portalItems.tipo, nombre: portalItems.nombre, estado: portalItems.estado })
      .from(portalItems)
      .where(itemDelEnlace(idItem, idCaso, idTercero))
      .for('update');
    return row;
  },

  async claveUsada(db: DbOrTx, idItem: number, clave: string): Promise<boolean> {
    const [row] = await db
      .select({ id: portalItemDocumentos.id_documento })
      .from(portalItemDocumentos)
      .where(and(eq(portalItemDocumentos.id_item, idItem), eq(portalItemDocumentos.clave, clave)));
    return Boolean(row);
  },

  async idsDocumentos(db: DbOrTx, idCaso: number, nombres: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ id: documentos.id, nombre: documentos.nombre })
      .from(documentos)
      .where(and(eq(documentos.id_caso, idCaso), inArray(documentos.nombre, nombres)));
    return new Map(rows.map((row) => [row.nombre, row.id]));
  },

  async vincularDocumento(tx: DbOrTx, row: { idItem: number; idDocumento: number; clave: string | null; creado: string }) {
    await tx.insert(portalItemDocumentos).values({ id_item: row.idItem, id_documento: row.idDocumento, clave: row.clave, creado: row.creado });
  },

  /**
   * The item is 'recibido': from pendiente or rechazado it is reopened now (its reason goes, the
   * Bandeja dates it); a further file to an item already received keeps its date. Its version
   * grows either way: a review of what was there before the new file is stale (decision 074).
   */
  async marcarRecibido(tx: DbOrTx, idItem: number, ahora: string) {
    await tx
      .update(portalItems)
      .set({
        estado: 'recibido',
        motivo: sql`case when ${portalItems.estado} = 'recibido' then ${portalItems.motivo} else null end`,
        recibido: sql`case when ${portalItems.estado} = 'recibido' then ${portalItems.recibido} else ${ahora}::timestamptz end`,
        version: sql`${portalItems.version} + 1`,
      })
      .where(eq(portalItems.id, idItem));
  },

  async insertMensaje(tx: DbOrTx, row: { idCaso: number; idTercero: number; texto: string; creado: string }) {
    const [saved] = await tx
      .insert(portalMensajes)
      .values({ id_caso: row.idCaso, id_tercero: row.idTercero, autor: 'reclamante', texto: row.texto, creado: row.creado })
      .returning({ id: portalMensajes.id, texto: portalMensajes.texto, creado: isoUtc(portalMensajes.creado) });
    return { ...saved!, autor: 'reclamante' as const };
  },

  /** Who gets the case's automatic work and its bell items (responsable_caso, drizzle/0038, decision 083). */
  async responsable(db: DbOrTx, idCaso: number): Promise<number | null> {
    const result = await db.execute(sql`select responsable_caso(c.id_analista, c.usuario) as id from casos c where c.id = ${idCaso}`);
    const id = resultRows<{ id: number | null }>(result)[0]?.id;
    return id === null || id === undefined ? null : Number(id);
  },
};
