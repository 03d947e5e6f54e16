import type { PagingQuery, ValoresFiltro, ValoresPage } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { pageOffset, totalPages } from '../../shared/paging';
import { valoresRepository as repo } from './valores.repository';

export type ValoresService = ReturnType<typeof createValoresService>;

/** The values report of closed cases (spec §2 /casos/valores, §7). */
export function createValoresService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(paging: PagingQuery, filtro: ValoresFiltro | null = null): Promise<ValoresPage> {
      const { rows, total } = await repo.page(db, filtro, paging.pageSize, pageOffset(paging));
      return { casos: rows, totalPages: totalPages(total, paging.pageSize), totalCount: total };
    },
  };
}
