import type { CasoFiltro } from '@siniestros/domain';

/** What the filter panel edits and sends (spec §3, filter fields); every value is a string, '' = any. */
export type CasoFiltroDraft = Omit<Required<CasoFiltro>, 'formato'>;
