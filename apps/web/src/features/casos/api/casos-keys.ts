import type { CasoFiltro } from '@siniestros/domain';

export const casosKeys = {
  all: ['casos'] as const,
  list: (page: number) => ['casos', 'list', page] as const,
  filter: (filtro: CasoFiltroDraft, page: number, run: number) => ['casos', 'filter', filtro, page, run] as const,
  summary: ['casos', 'summary'] as const,
};

/** What the filter panel edits and sends (spec §3, filter fields); every value is a string, '' = any. */
export type CasoFiltroDraft = Omit<Required<CasoFiltro>, 'formato'>;
