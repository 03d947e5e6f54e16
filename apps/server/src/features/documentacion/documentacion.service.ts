import type { MultipartFile } from '@fastify/multipart';
import type { Db, DbOrTx } from '../../db/client';
import type { HistorialService } from '../historial/historial.service';
import type { Storage } from '../../shared/storage';
import type { CasosService } from '../casos/casos.service';
import type { Config } from '../../config';

/** A file streamed into storage whose documentos row is not written yet. */
export type StoredUpload = { nombre: string; tipo: string; storageKey: string; tamano: number; mime: string | null };

export type DocumentacionService = ReturnType<typeof createDocumentacionService>;

// TODO(stub): filled in by the documents issue. The signatures below are the contract other
// features (inspection close) code against.
export function createDocumentacionService(deps: { db: Db; storage: Storage; historial: HistorialService; casos: CasosService; config: Config }) {
  void deps;
  const pending = (): never => {
    throw new Error('documentacion service not implemented yet');
  };
  return {
    /** Names already stored for the case (for the renaming rule of spec §3). */
    existingNames: async (idCaso: number): Promise<Set<string>> => (void idCaso, pending()),
    /**
     * Streams one uploaded file into storage under a server-generated key, stored as `nombre`
     * (already renamed by the caller). Checks extension and magic bytes; an oversize file
     * throws 413 'Hay uno o mas archivos mas grande de lo permitido' and leaves nothing.
     */
    storeUpload: async (idCaso: number, tipo: string, nombre: string, file: MultipartFile): Promise<StoredUpload> => (void [idCaso, tipo, nombre, file], pending()),
    /** Writes the documentos rows inside the caller's transaction. */
    recordUploads: async (tx: DbOrTx, idCaso: number, usuario: string, uploads: StoredUpload[]): Promise<void> => (void [tx, idCaso, usuario, uploads], pending()),
    /** Removes stored files whose transaction did not commit. */
    discardUploads: async (uploads: StoredUpload[]): Promise<void> => (void uploads, pending()),
  };
}
