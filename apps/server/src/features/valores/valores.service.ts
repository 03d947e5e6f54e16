import type { PagingQuery, ValoresFiltro, ValoresPage, ValoresRow } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { DEEP_OFFSET, pageOffset, totalPages } from '../../shared/paging';
import { valoresRepository as repo } from './valores.repository';

export type ValoresService = ReturnType<typeof createValoresService>;

/** The values report of closed cases (spec §2 /casos/valores, §7). */
export function createValoresService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async page(paging: PagingQuery, filtro: ValoresFiltro | null = null): Promise<ValoresPage> {
      const offset = pageOffset(paging);
      let rows: ValoresRow[];
      let total: number;
      if (offset < DEEP_OFFSET) {
        [rows, { total }] = await Promise.all([repo.page(db, filtro, paging.pageSize, offset), repo.locate(db, filtro)]);
      } else {
        // A deep page waits for its closing date (or, by company, the total), which bounds its walk.
        const where = await repo.locate(db, filtro, { offset, limit: paging.pageSize });
        total = where.total;
        rows = await repo.page(db, filtro, paging.pageSize, offset, where);
      }
      return { casos: rows, totalPages: totalPages(total, paging.pageSize), totalCount: total };
    },
  };
}
