import { useState } from 'react';
import { Button, Center, Group, Loader, Modal, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { CASO_MESSAGES, formatDateTime, HISTORIAL_MAX, HISTORIAL_MESSAGES, historialMsg } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useHistorial } from '../api/get-historial';
import { useCreateHistorial } from '../api/create-historial';
import { TableHeader } from '../../../components/ListTableParts';

type Props = { idCaso: number; opened: boolean; onClose: () => void; size?: string };

/** Spec §2, Historial dialog (70% of the viewport: `70vw`, a percentage would be of the modal's padded frame): a message box and the case's past messages, each with its date and time. */
export function HistorialDialog({ idCaso, opened, onClose, size = '70vw' }: Props) {
  const [msg, setMsg] = useState('');
  const [error, setError] = useState<string | null>(null);
  const historial = useHistorial(idCaso, opened);
  const create = useCreateHistorial(idCaso);

  const close = () => {
    setMsg('');
    setError(null);
    onClose();
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = historialMsg.safeParse(msg);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? HISTORIAL_MESSAGES.empty);
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(HISTORIAL_MESSAGES.saved);
        setMsg('');
      },
      onError: (failure) => notifyApiError(failure, CASO_MESSAGES.loadError),
    });
  };

  const rows = historial.data ?? [];

  return (
    <Modal opened={opened} onClose={close} title="Historial" size={size} centered>
      <Stack gap="sm">
        <form onSubmit={save} noValidate>
          <Stack gap="xs">
            <Textarea
              label="Mensaje"
              placeholder="Escriba un mensaje para el historial del caso"
              autosize
              minRows={3}
              maxRows={8}
              maxLength={HISTORIAL_MAX}
              value={msg}
              error={error}
              onChange={(event) => {
                setMsg(event.currentTarget.value);
                if (error) setError(null);
              }}
              data-autofocus
            />
            <Group justify="space-between">
              <Text size="xs" c="dimmed" data-testid="historial-counter">
                {msg.length}/{HISTORIAL_MAX}
              </Text>
              <Button type="submit" size="xs" loading={create.isPending}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
        {historial.isPending ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            El caso no tiene mensajes.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="55vh" type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Historial del caso' }}>
            <Table striped withTableBorder fz="sm" verticalSpacing={6} aria-label="Mensajes del historial">
              <TableHeader cells={[{ label: 'Fecha', w: 100 }, 'Mensaje', { label: 'Usuario', w: 200 }]} />
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.fecha)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{entry.msg}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{entry.usuario}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Modal>
  );
}
