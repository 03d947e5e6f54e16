import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { LESIONADO_MESSAGES, type Lesionado } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useLesionados } from '../api/get-lesionados';
import { useTiposDoc } from '../../../lib/lookups';
import { LesionadoDialog } from './LesionadoDialog';
import { TableHeader } from '../../../components/ListTableParts';

type Dialog = { mode: 'create' } | { mode: 'edit'; lesionado: Lesionado } | null;

/** Spec §2, injured people of case {id}. */
export function LesionadosScreen({ idCaso }: { idCaso: number }) {
  const lesionados = useLesionados(idCaso);
  const tiposDocQuery = useTiposDoc();
  const tiposDoc = tiposDocQuery.data ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);

  const tipoDocOf = (lesionado: Lesionado) =>
    lesionado.tipo_doc ?? tiposDoc.find((tipo) => tipo.id === lesionado.id_tipo_doc)?.nombre ?? '-';
  const rows = lesionados.data ?? [];

  return (
    <Stack>
      <PageTitle>{`Lesionados del Caso ${idCaso}`}</PageTitle>
      <Group>
        <Button onClick={() => setDialog({ mode: 'create' })}>Nuevo Lesionado</Button>
        <Button variant="default" component={Link} to={`/casos/detalleCaso/${idCaso}`}>
          Volver
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover withTableBorder>
          <TableHeader cells={[{ label: 'ID', w: 80 }, 'Apellido', 'Nombre', 'Tipo Doc', 'Nro Doc', { label: 'Acciones', w: 100 }]} />
          <Table.Tbody>
            {rows.map((lesionado) => (
              <Table.Tr key={lesionado.id}>
                <Table.Td>{lesionado.id}</Table.Td>
                <Table.Td>{lesionado.apellido}</Table.Td>
                <Table.Td>{lesionado.nombre}</Table.Td>
                <Table.Td>{tipoDocOf(lesionado)}</Table.Td>
                <Table.Td>{lesionado.nro_doc}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => setDialog({ mode: 'edit', lesionado })}>
                    Ver
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
            {lesionados.isSuccess && rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" py="md">
                    {LESIONADO_MESSAGES.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dialog && (
        <LesionadoDialog
          idCaso={idCaso}
          tiposDoc={tiposDoc}
          lesionado={dialog.mode === 'edit' ? dialog.lesionado : undefined}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
