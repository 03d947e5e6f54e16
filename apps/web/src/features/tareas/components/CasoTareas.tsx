import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TAREA_MESSAGES } from '@siniestros/domain';
import { useTareasCaso } from '../api/get-tareas';
import { NuevaTareaDialog } from './NuevaTareaDialog';
import { TareaActions } from './TareaActions';
import { VenceBadge } from './VenceBadge';

/** The case detail's open tasks and 'Nueva tarea' (issue 18 item 2). */
export function CasoTareas({ idCaso }: { idCaso: number }) {
  const tareas = useTareasCaso(idCaso);
  const [isCreating, setCreating] = useState(false);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="caso-tareas-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="caso-tareas-title">
          Tareas
        </Title>
        <Button size="compact-sm" onClick={() => setCreating(true)}>
          Nueva tarea
        </Button>
      </Group>
      {tareas.data && tareas.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {TAREA_MESSAGES.emptyCaso}
        </Text>
      )}
      <Stack gap="xs">
        {tareas.data?.map((tarea) => (
          <Stack key={tarea.id} gap={4} data-testid="caso-tarea">
            <Text size="sm">{tarea.texto}</Text>
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <VenceBadge vence={tarea.vence} />
                <Text size="xs" c="dimmed">
                  {tarea.usuario}
                </Text>
              </Group>
              <TareaActions tarea={tarea} />
            </Group>
          </Stack>
        ))}
      </Stack>
      {isCreating && <NuevaTareaDialog idCaso={idCaso} onClose={() => setCreating(false)} />}
    </Paper>
  );
}
