import { useEffect } from 'react';
import { Group, Kbd, Modal, Table } from '@mantine/core';
import { ATAJOS, isTyping } from '../../lib/atajos';

/** '?' anywhere but in a text field opens the sheet (docs/decisions/100). */
export function useAtajoAyuda(open: (() => void) | undefined) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || isTyping(event)) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}

/** Every keyboard shortcut of the office's screens, from the one list (lib/atajos.ts). */
export function AtajosSheet({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Atajos de teclado" size="lg">
      <Table aria-label="Atajos de teclado" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={140}>Teclas</Table.Th>
            <Table.Th>Qué hace</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.entries(ATAJOS).map(([id, atajo]) => (
            <Table.Tr key={id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {atajo.teclas.map((tecla) => (
                    <Kbd key={tecla}>{tecla}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{atajo.texto}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
