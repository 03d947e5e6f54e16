import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ADVANCE_LABELS,
  ANALISIS_MESSAGES,
  CASO_MESSAGES,
  CICLO_MESSAGES,
  CONVENIO_MESSAGES,
  ESTADO,
  formatDate,
  formatPesos,
  INSPECCION_ESTADOS,
  INSPECCION_MESSAGES,
  isClosed,
  ROL,
  type CasoDetalle,
} from '@siniestros/domain';
import { InformeFotograficoMenu, InspeccionPanel } from '../../inspeccion';
import { PagosPanel, usePagos } from '../../pagos';
import { useSession } from '../../../lib/session';
import { AprobacionPendiente, useAprobacionDelCaso } from '../../aprobaciones';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useAdvanceCaso } from '../api/advance-caso';
import { useReturnCaso } from '../api/return-caso';
import { useCloseCaso } from '../api/close-caso';
import type { MessageResponse } from '@siniestros/domain';
import { AceptarOfrecimientoDialog } from './AceptarOfrecimientoDialog';
import { AnalisisDialog } from './AnalisisDialog';
import { ReconsiderarDialog } from './ReconsiderarDialog';
import { ConveniosDialog } from './ConveniosDialog';
import { CorregirAcordadoDialog } from './CorregirAcordadoDialog';
import { FinalizarPendienteDialog } from './FinalizarPendienteDialog';

type Dialog = 'analisis' | 'reconsiderar' | 'aceptar' | 'corregir' | 'convenios' | 'finalizarPendiente' | null;

const onLifecycle = (fallback: string) => ({
  onSuccess: (response: MessageResponse) => notifySuccess(response.message || fallback),
  onError: (error: unknown) => notifyApiError(error, CASO_MESSAGES.loadError),
});

function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Spec §4: what the case's current status lets a person do. */
export function EstadoPanel({ detalle }: { detalle: CasoDetalle }) {
  const { caso, inspecciones, terceros } = detalle;
  const idEstado = caso.id_estado;
  const [dialog, setDialog] = useState<Dialog>(null);
  const advance = useAdvanceCaso(caso.id);
  // 'Finalizar Caso' with the agreed amount unpaid: an Admin may, giving the reason (docs/decisions/082).
  const isAdmin = useSession().data?.rol === ROL.ADMIN;
  const pendientePago = usePagos(caso.id, isAdmin && idEstado === ESTADO.A_FINALIZAR).data?.pendiente;
  const hasPagoPendiente = isAdmin && idEstado === ESTADO.A_FINALIZAR && pendientePago !== undefined && Number(pendientePago) > 0;
  const retroceder = useReturnCaso(caso.id);
  const cerrar = useCloseCaso(caso.id);
  const isBusy = advance.isPending || retroceder.isPending || cerrar.isPending;
  const hasInspeccion = inspecciones.length > 0;
  const ultimaFinalizada = inspecciones.findLast((inspeccion) => inspeccion.estado === INSPECCION_ESTADOS.FINALIZADA);
  // An offer above its maker's limit waits: no other offer until it is resolved (docs/decisions/081).
  const aprobacion = useAprobacionDelCaso(caso.id).data?.pendiente ?? null;

  const advanceLabel = ADVANCE_LABELS[idEstado];
  // Spec §4: at status 2 'Avanzar Caso' shows with no inspection, or with a third party.
  const canAdvance =
    Boolean(advanceLabel) && (idEstado !== ESTADO.INSPECCION || !hasInspeccion || terceros.length > 0) && !(idEstado === ESTADO.OFRECIMIENTO && aprobacion);
  const advanceButton = canAdvance && (
    <Button
      onClick={() =>
        idEstado === ESTADO.OFRECIMIENTO
          ? setDialog('aceptar')
          : hasPagoPendiente
            ? setDialog('finalizarPendiente')
            : advance.mutate({ idEstado }, onLifecycle(CICLO_MESSAGES.advanced))
      }
      loading={advance.isPending}
      disabled={isBusy}
    >
      {advanceLabel}
    </Button>
  );

  const openConvenios = () => {
    if (!caso.valor_ofertado) return notifyError(CONVENIO_MESSAGES.noOffer);
    setDialog('convenios');
  };

  const hasOffer = idEstado >= ESTADO.OFRECIMIENTO && caso.valor_ofertado !== null;

  return (
    <Paper withBorder p="md" component="section" aria-label="Estado del caso">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={4}>Estado</Title>
            <Badge size="lg" variant="light" color={isClosed(idEstado) ? 'gray' : 'blue'} data-testid="caso-estado">
              {caso.nombre_estado}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            Desde {formatDate(caso.fecha_estado)}
          </Text>
        </Group>

        {idEstado === ESTADO.INICIAL && (
          <Text size="sm" c="dimmed">
            Cargue la documentación del caso; cuando esté completa marque &apos;Documentación completa?&apos; y grabe el caso.
          </Text>
        )}

        {idEstado === ESTADO.INSPECCION && <InspeccionPanel detalle={detalle} />}

        {/* The inspector's result and quote stay in view while the offer is made, reconsidered and agreed. */}
        {(idEstado === ESTADO.ANALISIS || (idEstado > ESTADO.ANALISIS && (caso.resultado || caso.monto_inspeccion))) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Dato label="Resultado de la inspeccion">{caso.resultado || INSPECCION_MESSAGES.noResultado}</Dato>
            <Dato label="Monto de la Inspeccion">
              {caso.monto_inspeccion ? formatPesos(caso.monto_inspeccion) : INSPECCION_MESSAGES.noCotizacion}
            </Dato>
          </SimpleGrid>
        )}
        {/* The photos of the last closed inspection, for the insurer (issue 43 item 6). */}
        {idEstado !== ESTADO.INSPECCION && ultimaFinalizada && (
          <Group>
            <InformeFotograficoMenu idInspeccion={ultimaFinalizada.id} />
          </Group>
        )}

        {hasOffer && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Dato label="Responsabilidad">{caso.responsabilidad ?? '-'}</Dato>
            <Dato label="Valor Ofertado">{formatPesos(caso.valor_ofertado)}</Dato>
            <Dato label="Analisis">{caso.analisis ?? '-'}</Dato>
            {caso.valor_acordado !== null && (
              <Dato label="Valor Acordado">
                {formatPesos(caso.valor_acordado)}
                {!isClosed(idEstado) && (
                  <Button variant="subtle" size="compact-xs" ml="xs" onClick={() => setDialog('corregir')} disabled={isBusy}>
                    Corregir valor acordado
                  </Button>
                )}
              </Dato>
            )}
          </SimpleGrid>
        )}

        {aprobacion && <AprobacionPendiente aprobacion={aprobacion} />}

        {isClosed(idEstado) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Dato label="Fecha de Cierre">{formatDate(caso.fecha_cierre)}</Dato>
            <Dato label="Estado">{caso.nombre_estado}</Dato>
          </SimpleGrid>
        )}

        <Group gap="xs">
          {idEstado === ESTADO.ANALISIS && (
            <>
              {!aprobacion && (
                <Button onClick={() => setDialog('analisis')} disabled={isBusy}>
                  + Ofrecimiento
                </Button>
              )}
              {!hasInspeccion && (
                <Button
                  variant="default"
                  onClick={() => retroceder.mutate(idEstado, onLifecycle(CICLO_MESSAGES.returned))}
                  loading={retroceder.isPending}
                  disabled={isBusy}
                >
                  Retroceder Caso
                </Button>
              )}
            </>
          )}
          {idEstado === ESTADO.OFRECIMIENTO && !aprobacion && (
            <Button variant="light" onClick={() => setDialog('reconsiderar')} disabled={isBusy}>
              Reconsiderar
            </Button>
          )}
          {idEstado === ESTADO.CONVENIO && (
            <Button variant="light" onClick={openConvenios} disabled={isBusy}>
              Seleccionar Convenios
            </Button>
          )}
          {advanceButton}
          {idEstado === ESTADO.OFRECIMIENTO && (
            <Button
              color="red"
              variant="light"
              onClick={() =>
                cerrar.mutate({ id_estado: ESTADO.SIN_ACUERDO, msg: ANALISIS_MESSAGES.sinAcuerdo }, onLifecycle(CICLO_MESSAGES.closed))
              }
              loading={cerrar.isPending}
              disabled={isBusy}
            >
              Cerrar sin Acuerdo
            </Button>
          )}
        </Group>
        <PagosPanel detalle={detalle} />
      </Stack>
      {dialog === 'analisis' && (
        <AnalisisDialog idCaso={caso.id} responsabilidades={detalle.responsabilidad} onClose={() => setDialog(null)} />
      )}
      {dialog === 'reconsiderar' && (
        <ReconsiderarDialog idCaso={caso.id} valorActual={caso.valor_ofertado} onClose={() => setDialog(null)} />
      )}
      {dialog === 'aceptar' && (
        <AceptarOfrecimientoDialog idCaso={caso.id} valorOfertado={caso.valor_ofertado} onClose={() => setDialog(null)} />
      )}
      {dialog === 'corregir' && <CorregirAcordadoDialog caso={caso} onClose={() => setDialog(null)} />}
      {dialog === 'convenios' && <ConveniosDialog idCaso={caso.id} terceros={terceros} onClose={() => setDialog(null)} />}
      {dialog === 'finalizarPendiente' && pendientePago !== undefined && (
        <FinalizarPendienteDialog
          pendiente={pendientePago}
          isPending={advance.isPending}
          onClose={() => setDialog(null)}
          onConfirm={(motivo) =>
            advance.mutate(
              { idEstado, motivoPagoPendiente: motivo },
              {
                ...onLifecycle(CICLO_MESSAGES.advanced),
                onSettled: () => setDialog(null),
              },
            )
          }
        />
      )}
    </Paper>
  );
}
