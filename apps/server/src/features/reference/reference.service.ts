import type { AnalistaInput } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { casosRepository } from '../casos/casos.repository';
import { referenceRepository, type NamedKind } from './reference.repository';

const NOT_FOUND: Record<NamedKind | 'analistas', string> = {
  tipoDoc: 'El tipo de documento no existe',
  companias: 'La compañia no existe',
  responsabilidad: 'La responsabilidad no existe',
  analistas: 'El analista no existe',
};

export type ReferenceService = ReturnType<typeof createReferenceService>;

/** How long the case list's lookups are kept in memory. */
const LOOKUPS_TTL_MS = 60_000;

/** The lookups of the case screens that change only through this service. */
export async function loadCaseLookups(db: Db) {
  const [analistas, estados, productos, companias, tiposDoc, responsabilidades] = await Promise.all([
    casosRepository.analistas(db),
    casosRepository.estados(db),
    casosRepository.productos(db),
    casosRepository.companias(db),
    casosRepository.tiposDoc(db),
    casosRepository.responsabilidades(db),
  ]);
  return { analistas, estados, productos, companias, tiposDoc, responsabilidades };
}
export type CaseLookups = Awaited<ReturnType<typeof loadCaseLookups>>;

export function createReferenceService(db: Db) {
  /**
   * The case screens' lookups (the list's filters and row names, the detail's selects), kept in
   * memory: they change only through this service, which drops them on every write. Another
   * server process's edits show within LOOKUPS_TTL_MS (its new rows at once: casos.service
   * reloads on an unknown id).
   */
  let caseLookups: { loading: Promise<CaseLookups>; loadedAt: number } | null = null;
  const invalidate = <T>(result: T): T => {
    caseLookups = null;
    return result;
  };

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

    createNamed: async (kind: NamedKind, nombre: string) => invalidate(await referenceRepository.insertNamed(db, kind, nombre)),

    async updateNamed(kind: NamedKind, id: number, nombre: string) {
      const row = invalidate(await referenceRepository.updateNamed(db, kind, id, nombre));
      if (!row) throw notFound(NOT_FOUND[kind]);
      return row;
    },

    /** Throws 404 with the kind's message when the id does not exist. */
    async assertNamedExists(kind: NamedKind, id: number) {
      if (!(await referenceRepository.existsNamed(db, kind, id))) throw notFound(NOT_FOUND[kind]);
    },

    listAnalistas: () => referenceRepository.listAnalistas(db),
    createAnalista: async (input: AnalistaInput) => invalidate(await referenceRepository.insertAnalista(db, { nombre: input.nombre, apellido: input.apellido })),

    async updateAnalista(id: number, input: AnalistaInput) {
      const row = invalidate(await referenceRepository.updateAnalista(db, id, { nombre: input.nombre, apellido: input.apellido }));
      if (!row) throw notFound(NOT_FOUND.analistas);
      return row;
    },

    async assertAnalistaExists(id: number) {
      if (!(await referenceRepository.findAnalista(db, id))) throw notFound(NOT_FOUND.analistas);
    },

    listInspectores: () => referenceRepository.listInspectores(db),
    listEstados: () => referenceRepository.listEstados(db),
    listProductos: () => referenceRepository.listProductos(db),
  };
}
