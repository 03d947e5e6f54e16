import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAGO_VENCIDO_DIAS_HABILES, formatDate, formatPesos } from '@siniestros/domain';
import { usePagosTablero } from '../api/get-pagos-tablero';

const numero = new Intl.NumberFormat('es-AR');

/**
 * The Tablero's card 'Pagos' (docs/decisions/082): the orders not paid yet and the overdue ones; the
 * case list has no payment filter, so the oldest orders are listed here, each linking to its case.
 */
export function PagosTarjeta() {
  const pagos = usePagosTablero();
  if (!pagos.data) return null;
  const { ordenados, vencidos, ordenadoTotal, vencidoAntesDe, masAntiguos } = pagos.data;
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="tablero-pagos">
      <Stack gap="xs">
        <Title order={2} size="h4" id="tablero-pagos">
          Pagos
        </Title>
        <Group justify="space-between">
          <Text size="sm">Ordenados sin pagar</Text>
          <Text fw={700} size="lg" data-testid="pagos-ordenados">
            {numero.format(ordenados)} ({formatPesos(ordenadoTotal)})
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">{`Vencidos (más de ${PAGO_VENCIDO_DIAS_HABILES} días hábiles, pedidos antes del ${formatDate(vencidoAntesDe)})`}</Text>
          <Text fw={700} size="lg" c={vencidos > 0 ? 'red' : undefined} data-testid="pagos-vencidos">
            {numero.format(vencidos)}
          </Text>
        </Group>
        {masAntiguos.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label="Pagos ordenados más antiguos">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Caso</Table.Th>
                  <Table.Th>Beneficiario</Table.Th>
                  <Table.Th ta="right">Monto</Table.Th>
                  <Table.Th>Solicitado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {masAntiguos.map((pago) => (
                  <Table.Tr key={pago.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/casos/detalleCaso/${pago.id_caso}`}>
                        {pago.id_caso}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{pago.beneficiario_nombre}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPesos(pago.monto)}
                    </Table.Td>
                    <Table.Td c={pago.fecha_solicitud < vencidoAntesDe ? 'red' : undefined}>{formatDate(pago.fecha_solicitud)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
