import type { FotosPorPagina } from '@siniestros/domain';
import { API_BASE } from '../../../lib/api';

/** GET /inspeccion/{id}/informe-fotografico?por_pagina=n: the PDF, opened in a new tab like the case's Informe (docs/decisions/087). */
export const informeFotograficoUrl = (idInspeccion: number, porPagina: FotosPorPagina) =>
  `${API_BASE}/inspeccion/${idInspeccion}/informe-fotografico?por_pagina=${porPagina}`;
