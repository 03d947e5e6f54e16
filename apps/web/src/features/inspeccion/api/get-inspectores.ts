import { useQuery } from '@tanstack/react-query';
import type { InspectorLookup } from '@siniestros/domain';
import { api } from '../../../lib/api';

/** GET /inspector: the inspectors a Coordinada inspection can be reassigned to (spec §7). */
export const getInspectores = () => api.get<InspectorLookup[]>('/inspector');

export function useInspectores() {
  return useQuery({ queryKey: ['inspectores'], queryFn: getInspectores, staleTime: 60_000 });
}

export const inspectorName = (inspector: { apellido?: string | null; nombre?: string | null }) => [inspector.apellido, inspector.nombre].filter(Boolean).join(' ');
