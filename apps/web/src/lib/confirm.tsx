import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/** The SI / NO question asked before an action that can't be undone. */
export function confirmAction(question: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: 'Confirmar',
    centered: true,
    children: <Text size="sm">{question}</Text>,
    labels: { confirm: 'SI', cancel: 'NO' },
    onConfirm,
  });
}
