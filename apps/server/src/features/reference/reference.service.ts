import type { AnalistaInput } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../shared/errors';
import { pageOffset, totalPages } from '../../shared/paging';
import { referenceRepository, type NamedKind } from './reference.repository';

const NOT_FOUND: Record<NamedKind | 'analistas', string> = {
  tipoDoc: 'El tipo de documento no existe',
  companias: 'La compañia no existe',
  responsabilidad: 'La responsabilidad no existe',
  analistas: 'El analista no existe',
};

export type ReferenceService = ReturnType<typeof createReferenceService>;

export function createReferenceService(db: Db) {
  return {
    listNamed: (kind: NamedKind) => referenceRepository.listNamed(db, kind),

    async pageNamed(kind: NamedKind, page: number, pageSize: number) {
      const { rows, total } = await referenceRepository.pageNamed(db, kind, pageSize, pageOffset({ page, pageSize }));
      return { data: rows, totalPages: totalPages(total, pageSize), total };
    },

    createNamed: (kind: NamedKind, nombre: string) => referenceRepository.insertNamed(db, kind, nombre),

    async updateNamed(kind: NamedKind, id: number, nombre: string) {
      const row = await referenceRepository.updateNamed(db, kind, id, nombre);
      if (!row) throw notFound(NOT_FOUND[kind]);
      return row;
    },

    /** Throws 404 with the kind's message when the id does not exist. */
    async assertNamedExists(kind: NamedKind, id: number) {
      if (!(await referenceRepository.existsNamed(db, kind, id))) throw notFound(NOT_FOUND[kind]);
    },

    listAnalistas: () => referenceRepository.listAnalistas(db),
    createAnalista: (input: AnalistaInput) => referenceRepository.insertAnalista(db, { nombre: input.nombre, apellido: input.apellido }),

    async updateAnalista(id: number, input: AnalistaInput) {
      const row = await referenceRepository.updateAnalista(db, id, { nombre: input.nombre, apellido: input.apellido });
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
