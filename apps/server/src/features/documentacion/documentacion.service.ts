import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AUTH_MESSAGES,
  CASO_MESSAGES,
  DOCUMENTACION_MESSAGES,
  ROL,
  UPLOAD_DOC_TYPES,
  documentFileName,
  fileExtension,
  isSafeFileName,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { isCommitOutcomeUnknown, transactionMarkingCommit } from '../../db/commit-outcome';
import type { HistorialService } from '../historial';
import { sweepOrphanFiles } from './documentacion.sweeper';
import { isMissingFile, MSG_STORAGE_FULL, MSG_STORAGE_UNAVAILABLE, type Storage } from '../../shared/storage';
import type { Config } from '../../config';
import type { CurrentUser } from '../users';
import { AppError, badRequest, forbidden, MSG_MULTIPART_MALFORMED, notFound, tooLarge, unsupportedContent } from '../../shared/errors';
import { documentacionRepository as repo, type DocumentoRow } from './documentacion.repository';
import { checkedContent, fileKindOf } from './documentacion.files';
import { zipOf } from '../../shared/zip';

/** A file streamed into storage whose documentos row is not written yet. */
export type StoredUpload = { nombre: string; tipo: string; storage_key: string; tamano: number; mime: string | null };

export type DocumentacionService = ReturnType<typeof createDocumentacionService>;

/** The multipart protocol of the upload : a `tipo` field before each file part. */
export const UPLOAD_TYPE_FIELD = 'tipo';
export const UPLOAD_FILE_FIELD = 'uploadFiles';

const isUploadDocType = (tipo: string): boolean => (UPLOAD_DOC_TYPES as readonly string[]).includes(tipo);

/** @fastify/multipart's error when a file passes `limits.fileSize`. */
const isFileTooLarge = (error: unknown) => (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';

/** Names in `taken` compared the way the unique index does (lower case). */
function withFreeNames(uploads: StoredUpload[], taken: Set<string>): StoredUpload[] {
  return uploads.map((upload) => {
    const nombre = taken.has(upload.nombre.toLowerCase()) ? documentFileName(upload.tipo, upload.nombre, taken) : upload.nombre;
    taken.add(nombre.toLowerCase());
    return { ...upload, nombre };
  });
}

/**
 * Case documents (spec §3 upload types, §7 Documents): bytes in `storage` under keys the
 * server generates, metadata in `documentos`. Names come from requests only as lookups in the
 * database, scoped to the case, so no request names a path.
 */
export function createDocumentacionService(deps: {
  db: Db;
  storage: Storage;
  historial: HistorialService;
  config: Config;
}) {
  const { db, storage, historial, config } = deps;

  async function assertCaso(idCaso: number) {
    if (!(await repo.casoExists(db, idCaso))) throw notFound(CASO_MESSAGES.notFound);
  }

  /** Staff read every case; an Inspector only the cases of their inspections (docs/security.md, object-level checks). */
  async function assertCanRead(user: CurrentUser, idCaso: number) {
    await assertCaso(idCaso);
    if (user.rol !== ROL.INSPECTOR) return;
    if (user.idInspect === null || !(await repo.hasInspectionOf(db, idCaso, user.idInspect))) throw forbidden(AUTH_MESSAGES.forbidden);
  }

  async function findDocumento(idCaso: number, nombre: string): Promise<DocumentoRow> {
    if (!isSafeFileName(nombre)) throw badRequest(DOCUMENTACION_MESSAGES.badName);
    const row = await repo.findByName(db, idCaso, nombre);
    if (!row) throw notFound(DOCUMENTACION_MESSAGES.notFound);
    return row;
  }

  /**
   * The file of a deleted row, once its delete committed: removed now unless a backup is copying
   * files (it may need it), else left to the orphan sweeper. Never fails the delete.
   */
  async function removeStoredFile(storageKey: string) {
    await db
      .transaction(async (tx) => {
        if (await repo.tryLockFileRemoval(tx)) await storage.remove(storageKey);
      })
      .catch(() => undefined);
  }

  /** Refused before a byte is read when the storage cannot take files (full, read-only). */
  async function assertStorageHasRoom() {
    const health = await storage.check();
    if (!health.writable) throw new AppError(503, MSG_STORAGE_UNAVAILABLE, 'storage_unwritable');
    if (health.freeBytes !== null && health.freeBytes < config.storageMinFreeBytes)
      throw new AppError(507, MSG_STORAGE_FULL, 'storage_full');
  }

  const existingNames = async (idCaso: number): Promise<Set<string>> => new Set(await repo.listNames(db, idCaso));

  async function storeUpload(idCaso: number, tipo: string, nombre: string, file: Pick<MultipartFile, 'file'>): Promise<StoredUpload> {
    const extension = fileExtension(nombre);
    const kind = fileKindOf(extension);
    if (!isSafeFileName(nombre) || !kind) {
      file.file.resume();
      throw kind ? badRequest(DOCUMENTACION_MESSAGES.badName) : unsupportedContent(DOCUMENTACION_MESSAGES.badExtension);
    }
    const storageKey = `casos/${idCaso}/${randomUUID()}`;
    try {
      const tamano = await storage.put(storageKey, checkedContent(file.file, extension as Parameters<typeof checkedContent>[1]));
      return { nombre, tipo, storage_key: storageKey, tamano, mime: kind.mime };
    } catch (error) {
      await storage.remove(storageKey).catch(() => undefined);
      if (isFileTooLarge(error) || file.file.truncated) throw tooLarge(DOCUMENTACION_MESSAGES.tooLarge);
      // The body broke off or was malformed inside the file: the client's request, not a fault.
      if (!(error instanceof AppError) && file.file.errored) throw badRequest(MSG_MULTIPART_MALFORMED);
      throw error;
    }
  }

  /**
   * The rows of stored files, inside the caller's transaction (which holds the case's lock): a name
   * another upload committed since the caller chose it gets the next free one. Their ids and final names.
   */
  async function recordUploads(tx: DbOrTx, idCaso: number, usuario: string, uploads: StoredUpload[]): Promise<{ id: number; nombre: string }[]> {
    const taken = new Set((await repo.listNames(tx, idCaso)).map((name) => name.toLowerCase()));
    return repo.insertMany(
      tx,
      withFreeNames(uploads, taken).map((upload) => ({ ...upload, id_caso: idCaso, usuario })),
    );
  }

  /** All of a readable stream, in memory (a photo, for the report that embeds it). */
  async function bytesOf(content: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** After a failed write: its files go, unless its COMMIT may have gone through (then the sweeper decides). */
  async function discardUploads(uploads: StoredUpload[], error: unknown): Promise<void> {
    if (isCommitOutcomeUnknown(error)) return;
    await Promise.allSettled(uploads.map((upload) => storage.remove(upload.storage_key)));
  }

  return {
    /** Names already stored for the case (for the renaming rule of spec §3). */
    existingNames,
    /**
     * Streams one uploaded file into storage under a server-generated key, stored as `nombre`
     * (already renamed by the caller). Checks extension and magic bytes; an oversize file
     * throws 413 'Hay uno o mas archivos mas grande de lo permitido' and leaves nothing.
     */
    storeUpload,
    /** Writes the documentos rows inside the caller's transaction. */
    recordUploads,
    /** A stored file's bytes before its row is written (the close draws its photos' report from them). */
    storedContent: async (upload: StoredUpload): Promise<Buffer> => bytesOf(await storage.get(upload.storage_key)),
    /** Documents' bytes by id, of one case; a row whose file went missing is left out. */
    async contents(idCaso: number, ids: readonly number[]): Promise<Map<number, Buffer>> {
      const found = new Map<number, Buffer>();
      for (const row of await repo.storageKeys(db, idCaso, ids)) {
        try {
          found.set(row.id, await bytesOf(await storage.get(row.storage_key)));
        } catch (error) {
          if (!isMissingFile(error)) throw error;
        }
      }
      return found;
    },
    /** Removes stored files whose transaction did not commit (`transactionMarkingCommit` tells). */
    discardUploads,

    /**
     * POST /documentacion/t/{id}: every file renamed to its type (spec §3), all stored before
     * one transaction writes their rows and the history row; any failure leaves nothing.
     */
    async upload(idCaso: number, usuario: string, parts: AsyncIterable<Multipart>): Promise<string[]> {
      await assertCaso(idCaso);
      await assertStorageHasRoom();
      const taken = await existingNames(idCaso);
      const stored: StoredUpload[] = [];
      try {
        let tipo: string | null = null;
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === UPLOAD_TYPE_FIELD) tipo = typeof part.value === 'string' ? part.value.trim() : null;
            continue;
          }
          if (part.fieldname !== UPLOAD_FILE_FIELD || !tipo) {
            part.file.resume();
            throw badRequest(DOCUMENTACION_MESSAGES.missingType);
          }
          if (!isUploadDocType(tipo)) {
            part.file.resume();
            throw badRequest(DOCUMENTACION_MESSAGES.badType);
          }
          const nombre = documentFileName(tipo, part.filename, taken);
          taken.add(nombre);
          stored.push(await storeUpload(idCaso, tipo, nombre, part));
          tipo = null;
        }
        if (stored.length === 0) throw badRequest(DOCUMENTACION_MESSAGES.noFiles);
        return await transactionMarkingCommit(db, async (tx) => {
          if (!(await repo.lockCaso(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
          // Another upload to the case may have committed a name since `taken` was read.
          const uploads = withFreeNames(stored, new Set((await repo.listNames(tx, idCaso)).map((name) => name.toLowerCase())));
          await recordUploads(tx, idCaso, usuario, uploads);
          await historial.add(tx, idCaso, usuario, DOCUMENTACION_MESSAGES.history);
          return uploads.map((upload) => upload.nombre);
        });
      } catch (error) {
        await discardUploads(stored, error);
        throw isFileTooLarge(error) ? tooLarge(DOCUMENTACION_MESSAGES.tooLarge) : error;
      }
    },

    async listNames(user: CurrentUser, idCaso: number): Promise<string[]> {
      await assertCanRead(user, idCaso);
      return repo.listNames(db, idCaso);
    },

    /** One document's bytes; a row whose file went missing reads as not found. */
    async download(user: CurrentUser, idCaso: number, nombre: string): Promise<{ documento: DocumentoRow; content: Readable }> {
      await assertCanRead(user, idCaso);
      const documento = await findDocumento(idCaso, nombre);
      // A file gone is not found; a store that fails (S3 unreachable) is its own 503.
      const content = await storage.get(documento.storage_key).catch((error: unknown) => {
        throw isMissingFile(error) ? notFound(DOCUMENTACION_MESSAGES.notFound) : error;
      });
      return { documento, content };
    },

    /** 'Descargar Todo': every document of the case in one zip, streamed from storage. */
    async zipAll(user: CurrentUser, idCaso: number): Promise<Readable> {
      await assertCanRead(user, idCaso);
      // A row whose file is gone is left out rather than breaking the zip half way through.
      const rows = await repo.list(db, idCaso);
      const present = await Promise.all(rows.map((row) => storage.exists(row.storage_key)));
      const documentos = rows.filter((_, index) => present[index]);
      if (documentos.length === 0) throw notFound(DOCUMENTACION_MESSAGES.noDocuments);
      return zipOf(documentos.map((documento) => ({ name: documento.nombre, open: () => storage.get(documento.storage_key) })));
    },

    /** Stored files without a row, and half-written ones, older than the grace period (main.ts runs it). */
    sweepOrphans: () => sweepOrphanFiles({ db, storage }),

    /** Deletes the row and its history row in one transaction; the file goes once that commits. */
    async remove(idCaso: number, nombre: string, usuario: string): Promise<void> {
      if (!isSafeFileName(nombre)) throw badRequest(DOCUMENTACION_MESSAGES.badName);
      const documento = await db.transaction(async (tx) => {
        if (!(await repo.lockCaso(tx, idCaso))) throw notFound(CASO_MESSAGES.notFound);
        const row = await repo.findByName(tx, idCaso, nombre);
        if (!row) throw notFound(DOCUMENTACION_MESSAGES.notFound);
        await repo.delete(tx, row.id);
        await historial.add(tx, idCaso, usuario, DOCUMENTACION_MESSAGES.historyDeleted(row.nombre));
        return row;
      });
      await removeStoredFile(documento.storage_key);
    },
  };
}
