import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { DUPLICADO_MESSAGES, formatDate, type CasoDuplicado } from '@siniestros/domain';
import { NEW_TAB } from '../../../components/NewTab';
import { casoUrl } from './CasosTable';

/** The matches of one case together: a case may match for several reasons. */
function byCaso(duplicados: readonly CasoDuplicado[]): CasoDuplicado[][] {
  const groups = new Map<number, CasoDuplicado[]>();
  for (const duplicado of duplicados) groups.set(duplicado.id, [...(groups.get(duplicado.id) ?? []), duplicado]);
  return [...groups.values()];
}

/**
 * Duplicates at intake (docs/decisions/080): the existing cases the server found for the case
 * being created, each opening in a new tab; 'Crear igualmente' sends it again confirmed.
 */
export function DuplicadosDialog({
  duplicados,
  isCreating,
  onConfirm,
  onClose,
}: {
  duplicados: readonly CasoDuplicado[];
  isCreating: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { dialog } = DUPLICADO_MESSAGES;
  return (
    <Modal opened onClose={onClose} title={dialog.title} centered size="lg">
      <Stack gap="md">
        <Text size="sm">{DUPLICADO_MESSAGES.posibles}</Text>
        <List spacing="sm" listStyleType="none" aria-label={dialog.title}>
          {byCaso(duplicados).map((matches) => {
            const [caso] = matches as [CasoDuplicado];
            return (
              <List.Item key={caso.id}>
                <Anchor href={casoUrl(caso.id)} target="_blank" rel="noopener" fw={600} aria-label={`Caso ${caso.id} ${NEW_TAB}`}>
                  Caso {caso.id}
                </Anchor>
                <Text size="sm" span>
                  {' '}
                  · {caso.compania} · Nro. Siniestro {caso.reclamo_nro} · {formatDate(caso.fecha_siniestro)} · {caso.estado}
                </Text>
                <List size="sm" withPadding>
                  {matches.map((match) => (
                    <List.Item key={match.motivo}>{match.detalle}</List.Item>
                  ))}
                </List>
              </List.Item>
            );
          })}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {dialog.back}
          </Button>
          <Button onClick={onConfirm} loading={isCreating}>
            {dialog.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
