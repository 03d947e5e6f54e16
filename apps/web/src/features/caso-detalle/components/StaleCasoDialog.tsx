import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * Another person saved the case after this form read it (409, docs/decisions/074): reload their
 * changes keeping what this person typed, or drop what they typed.
 */
export function StaleCasoDialog({ message, onKeepMine, onDiscardMine, busy }: { message: string; onKeepMine: () => void; onDiscardMine: () => void; busy: boolean }) {
  return (
    <Modal opened onClose={onKeepMine} title="Otra persona modificó este caso" centered>
      <Stack>
        <Text>{message}</Text>
        <Text size="sm" c="dimmed">
          Al recargar, verá los datos guardados por la otra persona con sus propios cambios encima, sin guardar: revíselos y presione Grabar.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDiscardMine} disabled={busy}>
            Descartar mis cambios
          </Button>
          <Button onClick={onKeepMine} loading={busy} data-autofocus>
            Recargar conservando mis cambios
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
