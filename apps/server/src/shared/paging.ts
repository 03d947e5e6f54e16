import type { PagingQuery } from '@siniestros/domain';

export function pageOffset({ page, pageSize }: PagingQuery): number {
  return (page - 1) * pageSize;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.ceil(total / pageSize);
}
