import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  PAGO_BENEFICIARIO_LABELS,
  PAGO_DESDE_ESTADO,
  PAGO_ESTADO_LABELS,
  PAGO_MESSAGES,
  cbuEnmascarado,
  centavos,
  formatDate,
  formatPesos,
  isClosed,
  type CasoDetalle,
  type Pago,
} from '@siniestros/domain';
import { documentoUrl } from '../../documentacion';
import { usePagos } from '../api/get-pagos';
import { AnularPagoDialog } from './AnularPagoDialog';
import { OrdenarPagoDialog } from './OrdenarPagoDialog';
import { RegistrarPagoDialog } from './RegistrarPagoDialog';

type Dialog = { kind: 'ordenar' } | { kind: 'registrar' | 'anular'; pago: Pago } | null;
const ESTADO_COLOR = { ordenado: 'yellow', pagado: 'green', anulado: 'gray' } as const;

/** Issue 41 item 6 (docs/decisions/082): the payments of the agreed amount, from 'A Finalizar' on, and on a closed case that has any. */
export function PagosPanel({ detalle }: { detalle: CasoDetalle }) {
  const { caso } = detalle;
  const shown = caso.id_estado >= PAGO_DESDE_ESTADO && caso.valor_acordado !== null;
  return shown ? <Pagos detalle={detalle} /> : null;
}

function Pagos({ detalle }: { detalle: CasoDetalle }) {
  const { caso } = detalle;
  const pagos = usePagos(caso.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const open = !isClosed(caso.id_estado);
  if (pagos.isError) return <Text c="red">{PAGO_MESSAGES.loadError}</Text>;
  if (!pagos.data || (!open && pagos.data.pagos.length === 0)) return null;
  const { pagos: rows, acordado, pagado, pendiente, por_ordenar: porOrdenar } = pagos.data;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pagos-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} id="pagos-title">
            Pagos
          </Title>
          {open && centavos(porOrdenar) > 0 && <Button onClick={() => setDialog({ kind: 'ordenar' })}>Ordenar pago</Button>}
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Monto label="Acordado" value={acordado} />
          <Monto label="Pagado" value={pagado} />
          <Monto label="Pendiente" value={pendiente} />
        </SimpleGrid>
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder aria-label="Pagos del caso">
              <Table.Thead>
                <Table.Tr>
                  {['Beneficiario', 'CBU', 'Monto', 'Solicitado', 'Pagado el', 'Comprobante', 'Estado', 'Acciones'].map((label) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((pago) => (
                  <Table.Tr key={pago.id}>
                    <Table.Td>
                      {pago.beneficiario_nombre}
                      <Text size="xs" c="dimmed">
                        {PAGO_BENEFICIARIO_LABELS[pago.beneficiario]}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <span aria-label={`CBU terminado en ${pago.cbu.slice(-4)}`}>{cbuEnmascarado(pago.cbu)}</span>
                    </Table.Td>
                    <Table.Td>{formatPesos(pago.monto)}</Table.Td>
                    <Table.Td>{formatDate(pago.fecha_solicitud)}</Table.Td>
                    <Table.Td>{formatDate(pago.fecha_pago)}</Table.Td>
                    <Table.Td>
                      {pago.documento ? (
                        <Anchor href={documentoUrl(caso.id, pago.documento)} target="_blank" rel="noopener">
                          {pago.documento}
                        </Anchor>
                      ) : (
                        '-'
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={ESTADO_COLOR[pago.estado]} variant="light" title={pago.motivo_anulacion ?? undefined}>
                        {PAGO_ESTADO_LABELS[pago.estado]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {pago.estado === 'ordenado' && (
                          <Button size="compact-sm" onClick={() => setDialog({ kind: 'registrar', pago })} aria-label={`Registrar pago de ${formatPesos(pago.monto)}`}>
                            Registrar pago
                          </Button>
                        )}
                        {pago.estado !== 'anulado' && (
                          <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDialog({ kind: 'anular', pago })} aria-label={`Anular pago de ${formatPesos(pago.monto)}`}>
                            Anular
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {dialog?.kind === 'ordenar' && <OrdenarPagoDialog detalle={detalle} porOrdenar={porOrdenar} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'registrar' && <RegistrarPagoDialog idCaso={caso.id} pago={dialog.pago} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'anular' && <AnularPagoDialog idCaso={caso.id} pago={dialog.pago} onClose={() => setDialog(null)} />}
    </Paper>
  );
}

function Monto({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={`pagos-${label.toLowerCase()}`}>
        {formatPesos(value)}
      </Text>
    </Stack>
  );
}
