import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ADVISORY_LOCK, isFileRemovalPaused } from '../../db/locks';
import type { DbOrTx } from '../../db/client';
import { casos } from '../../db/tables/casos';
import { inspecciones } from '../../db/tables/inspeccion';
import { documentos } from '../../db/tables/documentacion';

export type DocumentoRow = { id: number; nombre: string; tipo: string; storage_key: string; tamano: number; mime: string | null };
export type NewDocumento = Omit<DocumentoRow, 'id'> & { id_caso: number; usuario: string };

const COLUMNS = {
  id: documentos.id,
  nombre: documentos.nombre,
  tipo: documentos.tipo,
  storage_key: documentos.storage_key,
  tamano: documentos.tamano,
  mime: documentos.mime,
};

export const documentacionRepository = {
  async casoExists(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },

  /** Serializes the document writes of one case (two uploads must not pick the same name). */
  async lockCaso(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso)).for('no key update');
    return Boolean(row);
  },

  /** The case's documents, oldest first. */
  list(db: DbOrTx, idCaso: number): Promise<DocumentoRow[]> {
    return db.select(COLUMNS).from(documentos).where(eq(documentos.id_caso, idCaso)).orderBy(asc(documentos.id));
  },

  async listNames(db: DbOrTx, idCaso: number): Promise<string[]> {
    const rows = await db
      .select({ nombre: documentos.nombre })
      .from(documentos)
      .where(eq(documentos.id_caso, idCaso))
      .orderBy(asc(documentos.id));
    return rows.map((row) => row.nombre);
  },

  /** Names are unique per case regardless of case (documentos_caso_nombre_uq). */
  async findByName(db: DbOrTx, idCaso: number, nombre: string): Promise<DocumentoRow | undefined> {
    const [row] = await db
      .select(COLUMNS)
      .from(documentos)
      .where(and(eq(documentos.id_caso, idCaso), sql`lower(${documentos.nombre}) = lower(${nombre})`));
    return row;
  },

  /** The new rows' ids and names, in the order given. */
  async insertMany(tx: DbOrTx, rows: NewDocumento[]): Promise<{ id: number; nombre: string }[]> {
    if (rows.length === 0) return [];
    const inserted = await tx.insert(documentos).values(rows).returning({ id: documentos.id, nombre: documentos.nombre });
    const ids = new Map(inserted.map((row) => [row.nombre, row.id]));
    return rows.map((row) => ({ id: ids.get(row.nombre)!, nombre: row.nombre }));
  },

  /** The storage keys of some of a case's documents, by id (ids of other cases are not found). */
  async storageKeys(db: DbOrTx, idCaso: number, ids: readonly number[]): Promise<{ id: number; storage_key: string }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: documentos.id, storage_key: documentos.storage_key })
      .from(documentos)
      .where(and(eq(documentos.id_caso, idCaso), inArray(documentos.id, [...ids])));
  },

  async delete(tx: DbOrTx, id: number) {
    await tx.delete(documentos).where(eq(documentos.id, id));
  },

  /**
   * Of `keys`, those that a document row references. Keys are `casos/<id>/…`: the rows are found
   * through their cases (documentos_caso_nombre_uq leads with id_caso), never by a scan.
   */
  async referencedKeys(db: DbOrTx, keys: string[]): Promise<Set<string>> {
    const idsCaso = [
      ...new Set(
        keys.map((key) => Number(/^casos\/(\d+)\//.exec(key)?.[1])).filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647),
      ),
    ];
    if (idsCaso.length === 0) return new Set();
    const rows = await db
      .select({ key: documentos.storage_key })
      .from(documentos)
      .where(and(inArray(documentos.id_caso, idsCaso), inArray(documentos.storage_key, keys)));
    return new Set(rows.map((row) => row.key));
  },

  /** May stored files be removed now? No while a backup copies them (db/locks.ts); held until `tx` ends. */
  async tryLockFileRemoval(tx: DbOrTx): Promise<boolean> {
    if (isFileRemovalPaused()) return false;
    const result = (await tx.execute(sql`select pg_try_advisory_xact_lock_shared(${ADVISORY_LOCK.FILE_REMOVAL}) as ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    return result.rows[0]?.ok === true;
  },

  /** Object-level access: the inspector has (or had) an inspection of this case. */
  async hasInspectionOf(db: DbOrTx, idCaso: number, idInspector: number): Promise<boolean> {
    const [row] = await db
      .select({ id: inspecciones.id })
      .from(inspecciones)
      .where(and(eq(inspecciones.id_caso, idCaso), eq(inspecciones.id_inspector, idInspector)))
      .limit(1);
    return Boolean(row);
  },
};
