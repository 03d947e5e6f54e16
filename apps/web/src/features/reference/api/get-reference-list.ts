import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type ReferenceKind, analistaAbmListResponse, lookupListResponse, lookupPageResponse } from '@siniestros/domain';
import { api, qs } from '../../../lib/api';
import { REFERENCE_ENDPOINTS, type ReferenceRow } from './reference-endpoints';
import { queryKeys } from '../../../lib/query-keys';

export type ReferencePage = { rows: ReferenceRow[]; totalPages: number };

export async function getReferenceList(kind: ReferenceKind, page: number): Promise<ReferencePage> {
  const endpoint = REFERENCE_ENDPOINTS[kind];
  if (endpoint.isPaged) {
    const result = await api.get(lookupPageResponse, `${endpoint.list}${qs({ page, pageSize: PAGE_SIZE })}`);
    return { rows: result.data, totalPages: result.totalPages };
  }
  return { rows: await api.get(kind === 'analistas' ? analistaAbmListResponse : lookupListResponse, endpoint.list), totalPages: 1 };
}

export function useReferenceList(kind: ReferenceKind, page: number) {
  return useQuery({ queryKey: queryKeys.referencePage(kind, page), queryFn: () => getReferenceList(kind, page), placeholderData: keepPreviousData });
}
