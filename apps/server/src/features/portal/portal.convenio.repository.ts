import { and, asc, desc, eq, gt, gte, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { PortalConvenio } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { casos, terceros } from '../../db/tables/casos';
import { portalAjustes, portalConvenios, portalEnlaces, portalFirmaCodigos, portalFirmas, portalItems } from '../../db/tables/portal';

/** An instant as the API sends it: ISO 8601 in UTC, whatever the session's time zone. */
const isoUtc = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One published file with its signature, if any. */
export type ConvenioArchivoRow = {
  id: number;
  id_tercero: number;
  id_item: number;
  plantilla: string;
  nombre: string;
  archivo_key: string;
  mime: string;
  bytes: number;
  sha256: string;
  publicado: string;
  publicado_por: string;
  firma: { firmado: string; direccion: string; user_agent: string; destino: string } | null;
};

const ARCHIVO = {
  id: portalConvenios.id,
  id_tercero: portalConvenios.id_tercero,
  id_item: portalConvenios.id_item,
  plantilla: portalConvenios.plantilla,
  nombre: portalConvenios.nombre,
  archivo_key: portalConvenios.archivo_key,
  mime: portalConvenios.mime,
  bytes: portalConvenios.bytes,
  sha256: portalConvenios.sha256,
  publicado: isoUtc(portalConvenios.publicado),
  publicado_por: portalConvenios.publicado_por,
  firmado: sql<string | null>`to_char(${portalFirmas.firmado} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  direccion: portalFirmas.direccion,
  user_agent: portalFirmas.user_agent,
  destino: portalFirmas.destino,
};

type ArchivoSelect = Omit<ConvenioArchivoRow, 'firma'> & { firmado: string | null; direccion: string | null; user_agent: string | null; destino: string | null };

const conFirma = ({ firmado, direccion, user_agent, destino, ...row }: ArchivoSelect): ConvenioArchivoRow => ({
  ...row,
  firma: firmado === null ? null : { firmado, direccion: direccion ?? '', user_agent: user_agent ?? '', destino: destino ?? '' },
});

/** The live files of one publication as the staff reads them; undefined when there are none. */
export function convenioVista(rows: readonly ConvenioArchivoRow[]): PortalConvenio | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return {
    id_item: first.id_item,
    publicado: first.publicado,
    publicado_por: first.publicado_por,
    archivos: rows.map(({ id, plantilla, nombre, mime, bytes, sha256 }) => ({ id, plantilla, nombre, mime, bytes, sha256 })),
    firma: first.firma,
  };
}

/**
 * The convenio a distancia (docs/decisions/084 'Convenio a distancia'): the published files, the
 * checklist item the signed copy goes to, the one-time codes and the signatures. Everything is
 * looked up within the case (staff) or the session's case and third party (claimant).
 */
export const portalConvenioRepository = {
  // --- the published files -----------------------------------------------------------------------

  /** The live files of the case's third parties, in their order of publication. */
  async vivosDelCaso(db: DbOrTx, idCaso: number): Promise<ConvenioArchivoRow[]> {
    const rows = await db
      .select(ARCHIVO)
      .from(portalConvenios)
      .leftJoin(portalFirmas, eq(portalFirmas.id, portalConvenios.id_firma))
      .where(and(eq(portalConvenios.id_caso, idCaso), isNull(portalConvenios.retirado)))
      .orderBy(asc(portalConvenios.id));
    return rows.map(conFirma);
  },

  /** The live files of one third party of the case. */
  async vivosDelTercero(db: DbOrTx, idCaso: number, idTercero: number): Promise<ConvenioArchivoRow[]> {
    const rows = await db
      .select(ARCHIVO)
      .from(portalConvenios)
      .leftJoin(portalFirmas, eq(portalFirmas.id, portalConvenios.id_firma))
      .where(and(eq(portalConvenios.id_caso, idCaso), eq(portalConvenios.id_tercero, idTercero), isNull(portalConvenios.retirado)))
      .orderBy(asc(portalConvenios.id));
    return rows.map(conFirma);
  },

  /** A published file of the case (live or retired), for the staff. */
  async archivoDelCaso(db: DbOrTx, idCaso: number, idArchivo: number) {
    const [row] = await db
      .select({ nombre: portalConvenios.nombre, mime: portalConvenios.mime, archivo_key: portalConvenios.archivo_key })
      .from(portalConvenios)
      .where(and(eq(portalConvenios.id, idArchivo), eq(portalConvenios.id_caso, idCaso)));
    return row;
  },

  /** A live file of this case's third party, for the claimant. */
  async archivoVivo(db: DbOrTx, idArchivo: number, idCaso: number, idTercero: number) {
    const [row] = await db
      .select({ nombre: portalConvenios.nombre, mime: portalConvenios.mime, archivo_key: portalConvenios.archivo_key })
      .from(portalConvenios)
      .where(
        and(
          eq(portalConvenios.id, idArchivo),
          eq(portalConvenios.id_caso, idCaso),
          eq(portalConvenios.id_tercero, idTercero),
          isNull(portalConvenios.retirado),
        ),
      );
    return row;
  },

  /** The item of the third party's latest publication (a republish reuses it), if any. */
  async itemAnterior(db: DbOrTx, idTercero: number): Promise<number | undefined> {
    const [row] = await db
      .select({ id_item: portalConvenios.id_item })
      .from(portalConvenios)
      .where(eq(portalConvenios.id_tercero, idTercero))
      .orderBy(desc(portalConvenios.id))
      .limit(1);
    return row?.id_item;
  },

  /** The item, locked: a republish and a claimant's upload or signature of it take turns. */
  async lockItem(tx: DbOrTx, idItem: number): Promise<{ estado: string } | undefined> {
    const [row] = await tx.select({ estado: portalItems.estado }).from(portalItems).where(eq(portalItems.id, idItem)).for('update');
    return row;
  },

  async retirarVivos(tx: DbOrTx, idTercero: number, retirado: string): Promise<void> {
    await tx
      .update(portalConvenios)
      .set({ retirado })
      .where(and(eq(portalConvenios.id_tercero, idTercero), isNull(portalConvenios.retirado)));
  },

  async insertArchivos(tx: DbOrTx, rows: (typeof portalConvenios.$inferInsert)[]): Promise<void> {
    await tx.insert(portalConvenios).values(rows);
  },

  /** The item 'Convenio firmado' asked again: pending from now, its reason dropped, a new version. */
  async pedirItem(tx: DbOrTx, idItem: number, values: { tipo: string; nombre: string; explicacion: string; solicitado: string }): Promise<void> {
    await tx
      .update(portalItems)
      .set({ ...values, estado: 'pendiente', motivo: null, recibido: null, revisado: null, revisado_por: null, version: sql`${portalItems.version} + 1` })
      .where(eq(portalItems.id, idItem));
  },

  async insertItem(tx: DbOrTx, values: { id_caso: number; id_tercero: number; tipo: string; nombre: string; explicacion: string; solicitado: string }): Promise<number> {
    const [row] = await tx
      .insert(portalItems)
      .values({ ...values, id_requisito: null })
      .returning({ id: portalItems.id });
    return row!.id;
  },

  async estadoDelCaso(db: DbOrTx, idCaso: number): Promise<number | undefined> {
    const [row] = await db.select({ id_estado: casos.id_estado }).from(casos).where(eq(casos.id, idCaso));
    return row?.id_estado;
  },

  // --- the claimant's electronic signature -------------------------------------------------------

  async firmaElectronica(db: DbOrTx): Promise<boolean> {
    const [row] = await db.select({ on: portalAjustes.firma_electronica }).from(portalAjustes).where(eq(portalAjustes.id, 1));
    return row?.on ?? false;
  },

  async tercero(db: DbOrTx, idTercero: number) {
    const [row] = await db
      .select({ apellido: terceros.apellido, nombre: terceros.nombre, mail: terceros.mail, nro_doc: terceros.nro_doc, tipo_doc: terceros.id_tipo_doc })
      .from(terceros)
      .where(eq(terceros.id, idTercero));
    return row;
  },

  /** The link, locked: its codes are asked and tried one at a time. */
  async lockEnlace(tx: DbOrTx, idEnlace: number): Promise<boolean> {
    const [row] = await tx.select({ id: portalEnlaces.id }).from(portalEnlaces).where(eq(portalEnlaces.id, idEnlace)).for('update');
    return Boolean(row);
  },

  /** The link's codes sent since `desde`, newest first (the wait and the daily limit). */
  async codigosDesde(db: DbOrTx, idEnlace: number, desde: string): Promise<{ enviado: string }[]> {
    return db
      .select({ enviado: isoUtc(portalFirmaCodigos.enviado) })
      .from(portalFirmaCodigos)
      .where(and(eq(portalFirmaCodigos.id_enlace, idEnlace), gte(portalFirmaCodigos.enviado, desde)))
      .orderBy(desc(portalFirmaCodigos.enviado));
  },

  async insertCodigo(tx: DbOrTx, values: typeof portalFirmaCodigos.$inferInsert): Promise<number> {
    const [row] = await tx.insert(portalFirmaCodigos).values(values).returning({ id: portalFirmaCodigos.id });
    return row!.id;
  },

  async borrarCodigo(db: DbOrTx, id: number): Promise<void> {
    await db.delete(portalFirmaCodigos).where(eq(portalFirmaCodigos.id, id));
  },

  /** The link's latest code not used and not expired, locked (the link must be locked first). */
  async codigoVigente(tx: DbOrTx, idEnlace: number, ahora: string) {
    const [row] = await tx
      .select({ id: portalFirmaCodigos.id, codigo_hash: portalFirmaCodigos.codigo_hash, sal: portalFirmaCodigos.sal, destino: portalFirmaCodigos.destino, intentos: portalFirmaCodigos.intentos })
      .from(portalFirmaCodigos)
      .where(and(eq(portalFirmaCodigos.id_enlace, idEnlace), isNull(portalFirmaCodigos.usado), gt(portalFirmaCodigos.expira, ahora)))
      .orderBy(desc(portalFirmaCodigos.id))
      .limit(1)
      .for('update');
    return row;
  },

  async sumarIntento(tx: DbOrTx, id: number): Promise<number> {
    const [row] = await tx
      .update(portalFirmaCodigos)
      .set({ intentos: sql`${portalFirmaCodigos.intentos} + 1` })
      .where(eq(portalFirmaCodigos.id, id))
      .returning({ intentos: portalFirmaCodigos.intentos });
    return row!.intentos;
  },

  async usarCodigo(tx: DbOrTx, id: number, usado: string): Promise<void> {
    await tx.update(portalFirmaCodigos).set({ usado }).where(eq(portalFirmaCodigos.id, id));
  },

  async insertFirma(tx: DbOrTx, values: typeof portalFirmas.$inferInsert): Promise<number> {
    const [row] = await tx.insert(portalFirmas).values(values).returning({ id: portalFirmas.id });
    return row!.id;
  },

  /** The live files of the third party are covered by the signature. */
  async firmarVivos(tx: DbOrTx, idTercero: number, idFirma: number): Promise<void> {
    await tx
      .update(portalConvenios)
      .set({ id_firma: idFirma })
      .where(and(eq(portalConvenios.id_tercero, idTercero), isNull(portalConvenios.retirado)));
  },
};
