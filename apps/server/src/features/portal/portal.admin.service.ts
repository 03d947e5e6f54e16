import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  PORTAL_MESSAGES,
  type PortalAjustes,
  type Requisito,
  type portalAjustesSchema,
  type requisitoPatchSchema,
  type requisitoSchema,
} from '@siniestros/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, unprocessable, unsupportedContent } from '../../shared/errors';
import { isMissingFile, type Storage } from '../../shared/storage';
import { changesBetween, type AuditActor, type AuditService } from '../audit';
import { portalAdminRepository as repo } from './portal.admin.repository';

export type PortalAdminService = ReturnType<typeof createPortalAdminService>;

/** What an example picture may be, by its bytes (never the client's name or type). */
const EJEMPLO_TIPOS: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const fieldProblem = (path: string, message: string) => unprocessable(message, [{ path, message }]);

/**
 * Documentación requerida (what each product requires of a third party, with its example picture)
 * and the portal's settings: an Admin changes them, with an audit row; staff read them. The
 * pictures live in the documents' storage under `portal/ejemplos/`, outside the cases' keys, so
 * the orphan sweeper (which sweeps only `casos/`) leaves them alone.
 */
export function createPortalAdminService(deps: { db: Db; storage: Storage; audit: AuditService }) {
  const { db, storage, audit } = deps;

  async function assertProducto(idProducto: number | null | undefined) {
    if (idProducto !== null && idProducto !== undefined && !(await repo.productoExists(db, idProducto)))
      throw fieldProblem('id_producto', PORTAL_MESSAGES.productoNoExiste);
  }

  async function requisitoOr404(id: number): Promise<Requisito> {
    const row = await repo.requisito(db, id);
    if (!row) throw notFound(PORTAL_MESSAGES.requisitoNoExiste);
    return row;
  }

  return {
    requisitos: () => repo.requisitos(db),

    async crear(input: z.output<typeof requisitoSchema>, who: AuditActor) {
      await assertProducto(input.id_producto);
      return db.transaction(async (tx) => {
        const values = {
          id_producto: input.id_producto,
          tipo: input.tipo,
          nombre: input.nombre,
          condicion: input.condicion,
          explicacion: input.explicacion ?? '',
          orden: input.orden ?? 0,
          activo: input.activo ?? true,
        };
        const id = await repo.insertRequisito(tx, values);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.portalRequisito, entity: AUDIT_ENTITY.requisitoPortal, entityId: id, changes: changesBetween({}, values) });
        return { message: PORTAL_MESSAGES.requisitoCreado, data: (await repo.requisito(tx, id))! };
      });
    },

    async actualizar(id: number, input: z.output<typeof requisitoPatchSchema>, who: AuditActor) {
      await assertProducto(input.id_producto);
      return db.transaction(async (tx) => {
        if (!(await repo.lockRequisito(tx, id))) throw notFound(PORTAL_MESSAGES.requisitoNoExiste);
        const before = (await repo.requisito(tx, id))!;
        const values = Object.fromEntries(
          Object.entries({ ...input, explicacion: input.explicacion === undefined ? undefined : (input.explicacion ?? '') }).filter(([, value]) => value !== undefined),
        );
        await repo.updateRequisito(tx, id, values);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.portalRequisito, entity: AUDIT_ENTITY.requisitoPortal, entityId: id, changes: changesBetween(before, values) });
        return { message: PORTAL_MESSAGES.requisitoActualizado, data: (await repo.requisito(tx, id))! };
      });
    },

    /** PUT /portal-admin/requisitos/{id}/ejemplo: the picture replaces the previous one, whose file goes after the commit. */
    async guardarEjemplo(id: number, bytes: Buffer, who: AuditActor) {
      await requisitoOr404(id);
      const ext = (await fileTypeFromBuffer(bytes))?.ext;
      const mime = ext ? EJEMPLO_TIPOS[ext] : undefined;
      if (!mime) throw unsupportedContent(PORTAL_MESSAGES.ejemploInvalido);
      const key = `portal/ejemplos/${id}/${randomUUID()}`;
      await storage.put(key, Readable.from([bytes]));
      try {
        const { data, anterior } = await db.transaction(async (tx) => {
          const row = await repo.lockRequisito(tx, id);
          if (!row) throw notFound(PORTAL_MESSAGES.requisitoNoExiste);
          await repo.updateRequisito(tx, id, { ejemplo_key: key, ejemplo_mime: mime });
          await audit.record(tx, {
            ...who,
            action: AUDIT_ACTION.portalRequisito,
            entity: AUDIT_ENTITY.requisitoPortal,
            entityId: id,
            changes: { ejemplo: [row.ejemplo_mime, mime] },
          });
          return { data: (await repo.requisito(tx, id))!, anterior: row.ejemplo_key };
        });
        if (anterior) await storage.remove(anterior).catch(() => undefined);
        return { message: PORTAL_MESSAGES.ejemploGuardado, data };
      } catch (error) {
        await storage.remove(key).catch(() => undefined);
        throw error;
      }
    },

    /** The example picture's bytes and type (staff here; the claimant's route reads it through its own item). */
    async ejemplo(id: number): Promise<{ mime: string; content: Readable }> {
      const row = await repo.ejemplo(db, id);
      if (!row) throw notFound(PORTAL_MESSAGES.requisitoNoExiste);
      if (!row.ejemplo_key || !row.ejemplo_mime) throw notFound(PORTAL_MESSAGES.sinEjemplo);
      const content = await storage.get(row.ejemplo_key).catch((error: unknown) => {
        throw isMissingFile(error) ? notFound(PORTAL_MESSAGES.sinEjemplo) : error;
      });
      return { mime: row.ejemplo_mime, content };
    },

    ajustes: () => repo.ajustes(db),

    async guardarAjustes(input: z.output<typeof portalAjustesSchema>, who: AuditActor) {
      const after: PortalAjustes = { ...input, recordatorios_dias: [...new Set(input.recordatorios_dias)].sort((a, b) => a - b) };
      return db.transaction(async (tx) => {
        const before = await repo.ajustes(tx);
        await repo.saveAjustes(tx, after);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.portalAjustes, entity: AUDIT_ENTITY.ajustesPortal, entityId: 1, changes: changesBetween(before, after) });
        return { message: PORTAL_MESSAGES.ajustesGuardados, data: after };
      });
    },
  };
}
