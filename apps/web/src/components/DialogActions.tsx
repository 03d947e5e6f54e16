import { Button, Group } from '@mantine/core';

/** The footer of a form dialog: 'Cancelar' closes it, the submit button saves the form. */
export function DialogActions({ onCancel, isSaving, submitLabel = 'Guardar' }: { onCancel: () => void; isSaving: boolean; submitLabel?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" loading={isSaving}>
        {submitLabel}
      </Button>
    </Group>
  );
}
