import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  ADVANCE_LABELS,
  CICLO_MESSAGES,
  CASO_MESSAGES,
  ESTADO,
  ESTADOS,
  formatDateTime,
  PORTAL_CONVENIO_OFICINA,
  PORTAL_MESSAGES,
  type PortalDelCaso,
} from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { ConveniosDialog, useAdvanceCaso, useCaso } from '../../caso-detalle';
import { usePortalDelCaso, useRevocarEnlace } from '../api/portal-caso';
import { ConvenioPublicado, conveniosAceptados } from './ConvenioPublicado';
import { fechaAr } from './fechas';
import { ItemDocumentos, ItemEstado, RevisionAcciones } from './ItemRevision';
import { MensajesDialog } from './MensajesDialog';
import { PedirDocumentacionDialog } from './PedirDocumentacionDialog';

type TerceroPortal = PortalDelCaso['terceros'][number];

const ESTADO_SIGUIENTE = ESTADOS.find((estado) => estado.id === ESTADO.INSPECCION)?.nombre ?? '';

/** Every third party that was asked something has every item accepted. */
export const documentacionCompleta = (terceros: readonly TerceroPortal[]) => {
  const pedidos = terceros.filter((tercero) => tercero.items.length > 0);
  return pedidos.length > 0 && pedidos.every((tercero) => tercero.completa);
};

/**
 * 'Portal del reclamante' in the case detail (issue 42 items 1, 2 and 5): per third party its
 * checklist, each item with its documents and, once received, 'Aceptar' / 'Rechazar'; the live
 * link's state with 'Revocar enlace'; 'Pedir documentación'; and once everything asked is accepted,
 * 'Documentación completa' with, at status 1, the advance to Coordinar Inspección; and the convenio
 * published to each third party (issue 42 item 7) with, at status 6, 'Se recibe Convenio'.
 */
export function PortalPanel({ idCaso }: { idCaso: number }) {
  const detalle = useCaso(idCaso).data;
  const caso = detalle?.caso;
  const portal = usePortalDelCaso(idCaso);
  const advance = useAdvanceCaso(idCaso);
  const [pidiendo, setPidiendo] = useState<{ idTercero?: number } | null>(null);
  const [publicandoPara, setPublicandoPara] = useState<number | null>(null);
  if (!detalle || !caso) return null;
  const terceros = portal.data?.terceros ?? [];
  const isCompleta = documentacionCompleta(terceros);
  // The advances made from here: at status 1 to Coordinar Inspección, at status 6 'Se recibe Convenio'.
  const avanzar = (idEstado: number) =>
    advance.mutate(
      { idEstado },
      {
        onSuccess: (response) => notifySuccess(response.message || CICLO_MESSAGES.advanced),
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    );

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="portal-reclamante-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="portal-reclamante-title">
            Portal del reclamante
          </Title>
          {terceros.length > 0 && (
            <Button size="xs" onClick={() => setPidiendo({})}>
              Pedir documentación
            </Button>
          )}
        </Group>
        {portal.isPending && <Loader size="sm" role="status" aria-label="Cargando el portal del reclamante" />}
        {portal.isError && (
          <Text size="sm" c="red">
            {portal.error.message || CASO_MESSAGES.loadError}
          </Text>
        )}
        {portal.isSuccess && terceros.length === 0 && (
          <Text size="sm" c="dimmed">
            El caso no tiene terceros a quienes pedir documentación.
          </Text>
        )}
        {isCompleta && (
          <Alert color="green" p="xs" title={PORTAL_MESSAGES.documentacionCompleta}>
            {caso.id_estado === ESTADO.INICIAL && (
              <Button mt="xs" size="xs" color="green" loading={advance.isPending} onClick={() => avanzar(ESTADO.INICIAL)}>
                {`Avanzar a ${ESTADO_SIGUIENTE}`}
              </Button>
            )}
          </Alert>
        )}
        {caso.id_estado === ESTADO.ESPERA_CONVENIO && conveniosAceptados(terceros) && (
          <Alert color="green" p="xs" title={PORTAL_CONVENIO_OFICINA.aceptado}>
            <Button mt="xs" size="xs" color="green" loading={advance.isPending} onClick={() => avanzar(ESTADO.ESPERA_CONVENIO)}>
              {ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO]}
            </Button>
          </Alert>
        )}
        {terceros.map((tercero, index) => (
          <Stack key={tercero.id_tercero} gap="xs">
            {index > 0 && <Divider />}
            <TerceroChecklist idCaso={idCaso} tercero={tercero} onPedir={() => setPidiendo({ idTercero: tercero.id_tercero })}>
              <ConvenioPublicado
                idCaso={idCaso}
                idEstado={caso.id_estado}
                tercero={tercero}
                onPublicar={() => setPublicandoPara(tercero.id_tercero)}
              />
            </TerceroChecklist>
          </Stack>
        ))}
      </Stack>
      {pidiendo && (
        <PedirDocumentacionDialog
          idCaso={idCaso}
          reclamo={caso.reclamo_nro}
          compania={caso.nombre_compania}
          terceros={terceros}
          idTercero={pidiendo.idTercero}
          onClose={() => setPidiendo(null)}
        />
      )}
      {publicandoPara !== null && (
        <ConveniosDialog
          idCaso={idCaso}
          terceros={detalle.terceros}
          idTercero={publicandoPara}
          soloPublicar
          onClose={() => setPublicandoPara(null)}
        />
      )}
    </Paper>
  );
}

/** A third party's link, checklist and messages; `children`: what follows them (the convenio). */
function TerceroChecklist({
  idCaso,
  tercero,
  onPedir,
  children,
}: {
  idCaso: number;
  tercero: TerceroPortal;
  onPedir: () => void;
  children?: ReactNode;
}) {
  const titleId = `portal-tercero-${tercero.id_tercero}`;
  const [isMensajesOpen, setMensajesOpen] = useState(false);
  return (
    <Stack gap="xs" aria-labelledby={titleId} role="group">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={titleId}>
          {tercero.nombre}
        </Title>
        <Group gap="xs">
          {tercero.completa && (
            <Badge color="green" variant="light" style={{ textTransform: 'none' }}>
              {PORTAL_MESSAGES.documentacionCompleta}
            </Badge>
          )}
          <Button size="compact-sm" variant="subtle" onClick={() => setMensajesOpen(true)} aria-label={`Mensajes con ${tercero.nombre}`}>
            Mensajes
          </Button>
        </Group>
      </Group>
      {isMensajesOpen && (
        <MensajesDialog idCaso={idCaso} idTercero={tercero.id_tercero} nombre={tercero.nombre} onClose={() => setMensajesOpen(false)} />
      )}
      <Enlace idCaso={idCaso} tercero={tercero} onPedir={onPedir} />
      {tercero.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No se le pidió documentación.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Documentos pedidos a ${tercero.nombre}`}>
          {tercero.items.map((item) => (
            <Stack component="li" key={item.id} gap={4} aria-label={item.nombre}>
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500}>
                  {item.nombre}
                </Text>
                <ItemEstado item={item} />
              </Group>
              <ItemDocumentos idCaso={idCaso} documentos={item.documentos} />
              {item.estado === 'recibido' && <RevisionAcciones idCaso={idCaso} item={item} />}
            </Stack>
          ))}
        </Stack>
      )}
      {children}
    </Stack>
  );
}

/** The third party's link: live until dd/mm/yyyy (and 'Revocar enlace'), blocked, expired or revoked. */
function Enlace({ idCaso, tercero, onPedir }: { idCaso: number; tercero: TerceroPortal; onPedir: () => void }) {
  const revocar = useRevocarEnlace(idCaso);
  const { enlace } = tercero;
  if (!enlace) return null;
  const isVivo = enlace.vigente && !enlace.revocado;
  const estado = enlace.revocado
    ? `Enlace revocado el ${fechaAr(enlace.revocado)}`
    : !enlace.vigente
      ? `Enlace vencido el ${fechaAr(enlace.expira)}`
      : `Enlace vigente, vence ${fechaAr(enlace.expira)}`;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{estado}</Text>
        {enlace.bloqueado && (
          <Badge color="red" variant="light" style={{ textTransform: 'none' }}>
            Bloqueado por intentos fallidos
          </Badge>
        )}
        {isVivo ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="red"
            disabled={revocar.isPending}
            onClick={() =>
              confirmAction(`¿Revocar el enlace de ${tercero.nombre}? Deja de funcionar en el acto.`, () =>
                revocar.mutate(tercero.id_tercero),
              )
            }
          >
            Revocar enlace
          </Anchor>
        ) : (
          <Anchor component="button" type="button" size="sm" onClick={onPedir}>
            Pedir de nuevo
          </Anchor>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {enlace.ultimo_acceso ? `Último acceso ${formatDateTime(enlace.ultimo_acceso)}` : 'Todavía no lo abrió'}
      </Text>
    </Stack>
  );
}
