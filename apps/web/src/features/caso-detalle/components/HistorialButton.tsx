import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';

/**
 * Spec §2: a fixed 'Ver Historial' button opening the history dialog at 70% of the viewport. It
 * sits at the start of the case's save bar, which sticks to the bottom of the window beside Grabar
 * (docs/decisions/090): always in reach, at any width, and over no card, field or text, as the
 * floating button was over the cards on the right.
 */
export function HistorialButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button leftSection={<IconHistory size={16} />} onClick={onOpen} radius="xl" variant="light">
      Ver Historial
    </Button>
  );
}
