import { Text } from '@mantine/core';
import { formatPesos } from '@siniestros/domain';
import { useAprobacionDelCaso } from '../api/get-aprobaciones';

/** The offer dialogs' line with the signed-in user's limit (docs/decisions/081); nothing when they have none. */
export function LimiteAutorizacion({ idCaso }: { idCaso: number }) {
  const limite = useAprobacionDelCaso(idCaso).data?.limite ?? null;
  if (limite === null) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="limite-autorizacion">
      Su límite de autorización: {formatPesos(limite)}. Un valor mayor queda pendiente de aprobación.
    </Text>
  );
}
