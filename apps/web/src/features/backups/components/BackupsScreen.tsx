import { Button, Group, Table, Text } from '@mantine/core';
import { BACKUP_MESSAGES, formatDateTime } from '@siniestros/domain';
import { TableHeader } from '../../../components/ListTableParts';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useBackups, useCreateBackup } from '../api/backups';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;

/** 'Copias de seguridad' (/copias, Admin): the online backups kept, and one taken now (docs/decisions/076). */
export function BackupsScreen() {
  const backups = useBackups();
  const create = useCreateBackup();
  return (
    <>
      <PageTitle>{BACKUP_MESSAGES.title}</PageTitle>
      <Text size="sm" c="dimmed" mb="sm">
        {BACKUP_MESSAGES.intro}
      </Text>
      <Group mb="md">
        <Button
          loading={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: (created) => notifySuccess(created.message),
              onError: (error) => notifyApiError(error, BACKUP_MESSAGES.fallo),
            })
          }
        >
          {BACKUP_MESSAGES.crear}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-label={BACKUP_MESSAGES.title}>
          <TableHeader cells={['Fecha', 'Carpeta', 'Base de datos', 'Documentos']} />
          <Table.Tbody>
            {backups.data?.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={4}>{BACKUP_MESSAGES.empty}</Table.Td>
              </Table.Tr>
            )}
            {backups.data?.map((backup) => (
              <Table.Tr key={backup.nombre}>
                <Table.Td>{formatDateTime(backup.fecha)}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {backup.nombre}
                  </Text>
                </Table.Td>
                <Table.Td>{megabytes(backup.base_bytes)}</Table.Td>
                <Table.Td>{`${backup.archivos.toLocaleString('es-AR')} (${megabytes(backup.archivos_bytes)})`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
