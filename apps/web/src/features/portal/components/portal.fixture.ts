import type { PortalAplicable, PortalDelCaso, PortalItem } from '@siniestros/domain';

/** Test fixtures: the rows of GET /casos/{id}/portal for the portal's web tests. */

export type TerceroPortal = PortalDelCaso['terceros'][number];

export const aplicable = (id: number, nombre: string, changes: Partial<PortalAplicable> = {}): PortalAplicable => ({
  id_requisito: id,
  tipo: 'DNI',
  nombre,
  explicacion: '',
  condicion: 'siempre',
  tiene_ejemplo: false,
  aplica: true,
  pedido: false,
  id_item: null,
  estado: null,
  ...changes,
});

export const item = (id: number, nombre: string, changes: Partial<PortalItem> = {}): PortalItem => ({
  id,
  id_tercero: 4,
  id_requisito: id,
  tipo: 'DNI',
  nombre,
  explicacion: '',
  estado: 'pendiente',
  motivo: null,
  solicitado: '2026-11-20T13:00:00.000Z',
  recibido: null,
  revisado: null,
  revisado_por: null,
  version: 1,
  documentos: [],
  ...changes,
});

/** A live link made on 20/11/2026, expiring on 20/12/2026. */
export const enlaceVivo: NonNullable<TerceroPortal['enlace']> = {
  id: 1,
  creado: '2026-11-20T13:00:00.000Z',
  creado_por: 'ana@oficina.com',
  expira: '2026-12-20T13:00:00.000Z',
  revocado: null,
  bloqueado: false,
  ultimo_acceso: null,
  vigente: true,
};

export const tercero = (changes: Partial<TerceroPortal> = {}): TerceroPortal => ({
  id_tercero: 4,
  nombre: 'Pérez Juan',
  mail: 'juan@example.com',
  cel: '11 5555-1234',
  items: [],
  aplicables: [],
  condiciones: { lesionado: true, letrado: false, destruccion_total: false, no_titular: false },
  enlace: null,
  completa: false,
  convenio: null,
  ...changes,
});
