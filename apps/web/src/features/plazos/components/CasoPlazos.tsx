import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PLAZO_MESSAGES, formatDate } from '@siniestros/domain';
import { useCasoPlazos } from '../api/plazos';
import { PlazoBadge } from './PlazoBadge';

/** The case's legal clocks with days left (issue 18 item 3; docs/decisions/044). */
export function CasoPlazos({ idCaso }: { idCaso: number }) {
  const plazos = useCasoPlazos(idCaso);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="caso-plazos-title">
      <Title order={2} size="h4" id="caso-plazos-title" mb="xs">
        Plazos legales
      </Title>
      {plazos.data && plazos.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {PLAZO_MESSAGES.empty}
        </Text>
      )}
      <Stack gap="xs">
        {plazos.data?.map((plazo) => (
          <Stack key={plazo.codigo} gap={2} data-testid="caso-plazo">
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text size="sm" fw={600}>
                {plazo.nombre}
              </Text>
              <PlazoBadge plazo={plazo} />
            </Group>
            <Text size="xs" c="dimmed">
              {`Desde ${formatDate(plazo.desde)} · vence ${formatDate(plazo.vence)} · ${plazo.fuente}`}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
