import type { ReferenceKind } from '@siniestros/domain';

export type ReferenceRow = { id: number; nombre: string; apellido?: string };
export type ReferenceInput = { nombre: string; apellido?: string };

/** Spec §7, reference data: each list has its own paths and update body shape. */
export const REFERENCE_ENDPOINTS: Record<
  ReferenceKind,
  { list: string; create: string; update: (id: number) => string; updateBody: (id: number, input: ReferenceInput) => Record<string, unknown>; isPaged?: boolean }
> = {
  tipoDoc: { list: '/doc/abm', create: '/doc', update: (id) => `/doc/t/${id}`, updateBody: (id, input) => ({ doc: { id, nombre: input.nombre } }) },
  analistas: { list: '/analistas/abm', create: '/analistas', update: (id) => `/analistas/${id}`, updateBody: (id, input) => ({ id, nombre: input.nombre, apellido: input.apellido }) },
  companias: { list: '/companias/admin', create: '/companias', update: (id) => `/companias/t/${id}`, updateBody: (id, input) => ({ compania: { id, nombre: input.nombre } }) },
  responsabilidad: { list: '/respo/abm/', create: '/respo', update: (id) => `/respo/t/${id}`, updateBody: (id, input) => ({ id, nombre: input.nombre }), isPaged: true },
};

