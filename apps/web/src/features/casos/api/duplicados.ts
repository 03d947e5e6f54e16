import { casoDuplicadosResponse, type CasoDuplicado } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';

/**
 * The possible duplicates a creation (POST /casos/alta, create-caso.ts) was stopped by: its 409's
 * body, parsed with the route's schema (docs/decisions/080); undefined for any other failure.
 */
export function duplicadosOf(error: unknown): CasoDuplicado[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return casoDuplicadosResponse.safeParse(error.body).data?.duplicados;
}
