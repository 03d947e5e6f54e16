import { useState } from 'react';
import { Center, Group, Loader, Modal, Pagination, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { AUDIT_MESSAGES, CASO_MESSAGES, formatDateTime, type AuditChanges } from '@siniestros/domain';
import { useCasoAudit } from '../api/get-caso-audit';
import { TableHeader } from '../../../components/ListTableParts';

type Props = { idCaso: number; opened: boolean; onClose: () => void };

const EMPTY_VALUE = '—';

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Each changed field as 'campo: antes → después' (docs/decisions/025). */
export function changeLines(changes: AuditChanges | null): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, [before, after]]) => `${field}: ${valueText(before)} → ${valueText(after)}`);
}

/** Admin only: who changed which field of the case, and when, newest first. */
export function AuditoriaDialog({ idCaso, opened, onClose }: Props) {
  const [page, setPage] = useState(1);
  const audit = useCasoAudit(idCaso, page, opened);
  const rows = audit.data?.data ?? [];
  const totalPages = audit.data?.totalPages ?? 0;

  return (
    <Modal opened={opened} onClose={onClose} title="Auditoría" size="70%" centered>
      {audit.isPending ? (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      ) : audit.isError ? (
        <Text size="sm" c="red" ta="center" py="md" role="alert">
          {audit.error.message || CASO_MESSAGES.loadError}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          {AUDIT_MESSAGES.empty}
        </Text>
      ) : (
        <Stack gap="sm">
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Table striped withTableBorder fz="sm" verticalSpacing={6} aria-label="Registros de auditoría">
              <TableHeader cells={[{ label: 'Fecha', w: 140 }, { label: 'Usuario', w: 200 }, { label: 'Acción', w: 120 }, 'Cambios']} />
              <Table.Tbody>
                {rows.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.fecha)}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{entry.actor ?? EMPTY_VALUE}</Table.Td>
                    <Table.Td>{entry.action}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-word' }}>
                      {changeLines(entry.changes).map((line) => (
                        <div key={line}>{line}</div>
                      ))}
                      {entry.detail && (
                        <Text size="xs" c="dimmed">
                          {entry.detail}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          {totalPages > 1 && (
            <Group justify="center">
              <Pagination total={totalPages} value={page} onChange={setPage} siblings={1} boundaries={1} />
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
