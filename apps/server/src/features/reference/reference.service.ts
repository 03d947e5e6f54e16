import { ANALISTA_MESSAGES, AUDIT_ACTION, AUDIT_ENTITY, ROL, type AnalistaInput } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { Invalidation } from '../../shared/invalidation';
import { conflict, notFound, unprocessable } from '../../shared/errors';
import { isUniqueViolation } from '../../shared/pg-errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { changesBetween, type AuditActor, type AuditService } from '../audit';
import { referenceRepository, type NamedKind } from './reference.repository';

const NOT_FOUND: Record<NamedKind | 'analistas', string> = {
  tipoDoc: 'El tipo de documento no existe',
  companias: 'La compañia no existe',
  responsabilidad: 'La responsabilidad no existe',
  analistas: 'El analista no existe',
};

/** The audit log's entity name of each list. */
const ENTITY: Record<NamedKind | 'analistas', string> = {
  tipoDoc: AUDIT_ENTITY.tipoDoc,
  companias: AUDIT_ENTITY.compania,
  responsabilidad: AUDIT_ENTITY.responsabilidad,
  analistas: AUDIT_ENTITY.analista,
};

export type ReferenceService = ReturnType<typeof createReferenceService>;

const ANALISTA_FIELDS = ['nombre', 'apellido', 'id_usuario', 'disponible'] as const;
const nombreDe = (analista: { nombre: string; apellido: string }) => `${analista.apellido}, ${analista.nombre}`;

/**
 * Makes `idUsuario` (null: nobody) the user of analyst `idAnalista` (docs/decisions/083): an Admin
 * or User, not already another analyst. `replace` false (the Usuarios form) also refuses an
 * analyst that is already someone else's; the Analistas form replaces them on purpose.
 */
export async function linkAnalista(tx: DbOrTx, idAnalista: number, idUsuario: number | null, replace: boolean): Promise<void> {
  const analista = await referenceRepository.findAnalista(tx, idAnalista);
  if (!analista) throw notFound(NOT_FOUND.analistas);
  if (analista.id_usuario === idUsuario) return;
  if (idUsuario !== null) {
    const user = await referenceRepository.userForLink(tx, idUsuario);
    if (!user) throw unprocessable(ANALISTA_MESSAGES.usuarioNoExiste, [{ path: 'id_usuario', message: ANALISTA_MESSAGES.usuarioNoExiste }]);
    if (user.rol !== ROL.ADMIN && user.rol !== ROL.USER) {
      throw unprocessable(ANALISTA_MESSAGES.usuarioNoPuede, [{ path: 'id_usuario', message: ANALISTA_MESSAGES.usuarioNoPuede }]);
    }
    const current = await referenceRepository.analistaOfUsuario(tx, idUsuario);
    if (current) throw conflict(ANALISTA_MESSAGES.usuarioYaAnalista(nombreDe(current)));
    if (!replace && analista.id_usuario !== null) throw conflict(ANALISTA_MESSAGES.analistaConUsuario(analista.usuario ?? String(analista.id_usuario)));
  }
  try {
    await referenceRepository.updateAnalista(tx, idAnalista, { id_usuario: idUsuario });
  } catch (error) {
    // Another Admin linked the same user between the check above and this write (migration 0038's index).
    if (isUniqueViolation(error, 'analistas_id_usuario_uq')) throw conflict(ANALISTA_MESSAGES.usuarioVinculadoRecien);
    throw error;
  }
}


/** How long the case list's lookups are kept in memory (a net under the invalidation notices). */
const LOOKUPS_TTL_MS = 60_000;
/** The invalidation topic of the case screens' lookups. */
export const CASE_LOOKUPS_TOPIC = 'case_lookups';

/** The lookups of the case screens that change only through this service. */
export async function loadCaseLookups(db: Db) {
  const [analistas, estados, productos, companias, tiposDoc, responsabilidades] = await Promise.all([
    referenceRepository.analistaLookups(db),
    referenceRepository.listEstados(db),
    referenceRepository.listProductos(db),
    referenceRepository.listCompaniasByName(db),
    referenceRepository.listNamed(db, 'tipoDoc'),
    referenceRepository.listNamed(db, 'responsabilidad'),
  ]);
  return { analistas, estados, productos, companias, tiposDoc, responsabilidades };
}
export type CaseLookups = Awaited<ReturnType<typeof loadCaseLookups>>;

/** Every create and edit writes an audit row in its transaction, with who, when, address, method and route (docs/decisions/028). */
export function createReferenceService(db: Db, deps: { audit: AuditService; invalidation?: Invalidation }) {
  const { audit, invalidation } = deps;
  /**
   * The case screens' lookups (the list's filters and row names, the detail's selects), kept in
   * memory: they change only through this service, which drops them on every write, and on every
   * other node through the invalidation notice its transaction sends (docs/decisions/046). Should
   * a notice be lost anyway, LOOKUPS_TTL_MS bounds the staleness (and casos reloads on an unknown id).
   */
  let caseLookups: { loading: Promise<CaseLookups>; loadedAt: number } | null = null;
  const invalidate = <T>(result: T): T => {
    caseLookups = null;
    return result;
  };
  invalidation?.on(CASE_LOOKUPS_TOPIC, () => invalidate(undefined));
  /** A write of lookup data: its transaction tells every node to drop the lookups when it commits. */
  const writing = <T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await work(tx);
      await invalidation?.notify(tx, CASE_LOOKUPS_TOPIC);
      return result;
    });

  return {
    caseLookups(): Promise<CaseLookups> {
      if (caseLookups && Date.now() - caseLookups.loadedAt < LOOKUPS_TTL_MS) return caseLookups.loading;
      const current = { loading: loadCaseLookups(db), loadedAt: Date.now() };
      caseLookups = current;
      current.loading.catch(() => {
        if (caseLookups === current) caseLookups = null;
      });
      return current.loading;
    },

    dropCaseLookups: () => invalidate(undefined),

    listNamed: (kind: NamedKind) => referenceRepository.listNamed(db, kind),

    async pageNamed(kind: NamedKind, page: number, pageSize: number) {
      const { rows, total } = await referenceRepository.pageNamed(db, kind, pageSize, pageOffset({ page, pageSize }));
      return { data: rows, totalPages: totalPages(total, pageSize), total };
    },

    async createNamed(kind: NamedKind, nombre: string, who: AuditActor) {
      const row = await writing(async (tx) => {
        const created = await referenceRepository.insertNamed(tx, kind, nombre);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.referenceCreated, entity: ENTITY[kind], entityId: created.id, changes: changesBetween({}, created, ['nombre']) });
        return created;
      });
      return invalidate(row);
    },

    async updateNamed(kind: NamedKind, id: number, nombre: string, who: AuditActor) {
      const row = await writing(async (tx) => {
        const before = await referenceRepository.findNamed(tx, kind, id);
        if (!before) throw notFound(NOT_FOUND[kind]);
        const updated = (await referenceRepository.updateNamed(tx, kind, id, nombre))!;
        await audit.record(tx, { ...who, action: AUDIT_ACTION.referenceUpdated, entity: ENTITY[kind], entityId: id, changes: changesBetween(before, updated, ['nombre']) });
        return updated;
      });
      return invalidate(row);
    },

    /** Throws 404 with the kind's message when the id does not exist. */
    async assertNamedExists(kind: NamedKind, id: number) {
      if (!(await referenceRepository.existsNamed(db, kind, id))) throw notFound(NOT_FOUND[kind]);
    },

    listAnalistas: () => referenceRepository.listAnalistas(db),
    async createAnalista(input: AnalistaInput, who: AuditActor) {
      const row = await writing(async (tx) => {
        const { id } = await referenceRepository.insertAnalista(tx, { nombre: input.nombre, apellido: input.apellido, disponible: input.disponible });
        if (input.id_usuario) await linkAnalista(tx, id, input.id_usuario, true);
        const created = (await referenceRepository.findAnalista(tx, id))!;
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.referenceCreated,
          entity: ENTITY.analistas,
          entityId: id,
          changes: changesBetween({}, created, ANALISTA_FIELDS),
        });
        return created;
      });
      return invalidate(row);
    },

    async updateAnalista(id: number, input: AnalistaInput, who: AuditActor) {
      const row = await writing(async (tx) => {
        const before = await referenceRepository.findAnalista(tx, id);
        if (!before) throw notFound(NOT_FOUND.analistas);
        await referenceRepository.updateAnalista(tx, id, { nombre: input.nombre, apellido: input.apellido, disponible: input.disponible });
        if (input.id_usuario !== undefined) await linkAnalista(tx, id, input.id_usuario, true);
        const updated = (await referenceRepository.findAnalista(tx, id))!;
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.referenceUpdated,
          entity: ENTITY.analistas,
          entityId: id,
          changes: changesBetween(before, updated, ANALISTA_FIELDS),
        });
        return updated;
      });
      return invalidate(row);
    },

    async assertAnalistaExists(id: number) {
      if (!(await referenceRepository.findAnalista(db, id))) throw notFound(NOT_FOUND.analistas);
    },

    listInspectores: () => referenceRepository.listInspectores(db),
    listEstados: () => referenceRepository.listEstados(db),
    listProductos: () => referenceRepository.listProductos(db),
  };
}
