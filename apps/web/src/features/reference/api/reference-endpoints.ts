import {
  analistaSchema,
  companiaUpdateSchema,
  docUpdateSchema,
  nombreSchema,
  respoUpdateSchema,
  type ReferenceKind,
} from '@siniestros/domain';
import { bodyOf, type RequestBody } from '../../../lib/api';

/** An analyst's row also has its user and availability (docs/decisions/083). */
export type ReferenceRow = { id: number; nombre: string; apellido?: string; id_usuario?: number | null; usuario?: string | null; disponible?: boolean };
/** What the dialog typed; each list sends it in its own body shape (the domain's request types). */
export type ReferenceInput = { nombre: string; apellido?: string; id_usuario?: number | null; disponible?: boolean };

/** Spec §7, reference data: each list has its own paths and update body shape. */
export const REFERENCE_ENDPOINTS: Record<
  ReferenceKind,
  {
    list: string;
    create: string;
    createBody: (input: ReferenceInput) => RequestBody;
    update: (id: number) => string;
    updateBody: (id: number, input: ReferenceInput) => RequestBody;
    isPaged?: boolean;
  }
> = {
  tipoDoc: {
    list: '/doc/abm',
    create: '/doc',
    createBody: ({ nombre }) => bodyOf(nombreSchema, { nombre }),
    update: (id) => `/doc/t/${id}`,
    updateBody: (id, input) => bodyOf(docUpdateSchema, { doc: { id, nombre: input.nombre } }),
  },
  analistas: {
    list: '/analistas/abm',
    create: '/analistas',
    createBody: ({ nombre, apellido, id_usuario, disponible }) => bodyOf(analistaSchema, { nombre, apellido: apellido ?? '', id_usuario, disponible }),
    update: (id) => `/analistas/${id}`,
    updateBody: (id, input) =>
      bodyOf(analistaSchema, { id, nombre: input.nombre, apellido: input.apellido ?? '', id_usuario: input.id_usuario, disponible: input.disponible }),
  },
  companias: {
    list: '/companias/admin',
    create: '/companias',
    createBody: ({ nombre }) => bodyOf(nombreSchema, { nombre }),
    update: (id) => `/companias/t/${id}`,
    updateBody: (id, input) => bodyOf(companiaUpdateSchema, { compania: { id, nombre: input.nombre } }),
  },
  responsabilidad: {
    list: '/respo/abm/',
    create: '/respo',
    createBody: ({ nombre }) => bodyOf(nombreSchema, { nombre }),
    update: (id) => `/respo/t/${id}`,
    updateBody: (id, input) => bodyOf(respoUpdateSchema, { id, nombre: input.nombre }),
    isPaged: true,
  },
};
