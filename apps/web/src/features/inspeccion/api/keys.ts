/** Query keys of the inspection screens; the case detail lives under ['caso', id] (case-detail feature). */
export const inspeccionKeys = {
  all: ['inspecciones'] as const,
  mine: (idInspect: number) => ['inspecciones', 'mine', idInspect] as const,
  list: (page: number, filtro: unknown) => ['inspecciones', 'list', page, filtro] as const,
  detalle: (id: number) => ['inspecciones', 'detalle', id] as const,
  view: (id: number) => ['inspecciones', 'view', id] as const,
};

export const casoKey = (idCaso: number) => ['caso', idCaso] as const;
