import { casoCreadoResponse, altaSchema } from '@siniestros/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AltaInput } from '@siniestros/domain';
import { api, bodyOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** API contract POST /casos/alta; the Idempotency-Key makes a repeated press create one case. */
export const createCaso = (alta: AltaInput, idempotencyKey: string) =>
  api.post(casoCreadoResponse, '/casos/alta', bodyOf(altaSchema, alta), {
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
  });

export function useCreateCaso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ alta, idempotencyKey }: { alta: AltaInput; idempotencyKey: string }) => createCaso(alta, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.casos.all }),
  });
}
