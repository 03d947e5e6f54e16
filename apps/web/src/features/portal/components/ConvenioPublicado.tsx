import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { ESTADO, formatDateTime, PORTAL_CONVENIO_MESSAGES, PORTAL_CONVENIO_OFICINA, type PortalDelCaso } from '@siniestros/domain';
import { notifyApiError } from '../../../lib/notify';
import { downloadConvenioPublicado } from '../api/convenio';

type TerceroPortal = PortalDelCaso['terceros'][number];

/** At Convenio or Espera Convenio Firmado the convenio may be published, again while its signed copy is not accepted. */
export const puedePublicarConvenio = (idEstado: number) => idEstado === ESTADO.CONVENIO || idEstado === ESTADO.ESPERA_CONVENIO;

const isConvenioAceptado = (tercero: TerceroPortal) =>
  tercero.convenio !== null && tercero.items.some((item) => item.id === tercero.convenio!.id_item && item.estado === 'aceptado');

/** A convenio was published and every third party's signed copy is accepted: 'Se recibe Convenio' may follow. */
export const conveniosAceptados = (terceros: readonly TerceroPortal[]) => {
  const publicados = terceros.filter((tercero) => tercero.convenio !== null);
  return publicados.length > 0 && publicados.every(isConvenioAceptado);
};

/**
 * The third party's convenio a distancia (issue 42 item 7): the files published to the portal
 * (each downloadable), when and by whom, the electronic signature if the claimant made it, and
 * 'Publicar convenio' at status 5 or 6 until the signed copy is accepted. The signed copy itself
 * is the item 'Convenio firmado', reviewed with the checklist.
 */
export function ConvenioPublicado({
  idCaso,
  idEstado,
  tercero,
  onPublicar,
}: {
  idCaso: number;
  idEstado: number;
  tercero: TerceroPortal;
  onPublicar: () => void;
}) {
  const { convenio } = tercero;
  const firmado = convenio && tercero.items.find((item) => item.id === convenio.id_item);
  const canPublicar = puedePublicarConvenio(idEstado) && !isConvenioAceptado(tercero);
  if (!convenio && !canPublicar) return null;
  const titleId = `portal-convenio-${tercero.id_tercero}`;

  return (
    <Stack gap={4} role="group" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={4} size="h6" id={titleId}>
          Convenio en el portal
        </Title>
        {canPublicar && (
          <Button size="compact-sm" variant="light" onClick={onPublicar} aria-label={`Publicar convenio para ${tercero.nombre}`}>
            Publicar convenio
          </Button>
        )}
      </Group>
      {convenio ? (
        <>
          <Text size="xs" c="dimmed">
            {PORTAL_CONVENIO_OFICINA.publicado(formatDateTime(convenio.publicado), convenio.publicado_por)}
          </Text>
          <Group gap="xs" wrap="wrap">
            {convenio.archivos.map((archivo) => (
              <Anchor
                key={archivo.id}
                component="button"
                type="button"
                size="sm"
                onClick={() =>
                  downloadConvenioPublicado(idCaso, archivo).catch((error) => notifyApiError(error, PORTAL_CONVENIO_MESSAGES.noExiste))
                }
                style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {archivo.nombre}
              </Anchor>
            ))}
          </Group>
          {convenio.firma ? (
            <Stack gap={0}>
              <Text size="sm" fw={500}>
                {PORTAL_CONVENIO_OFICINA.firmado(formatDateTime(convenio.firma.firmado))}
              </Text>
              <Text size="xs" c="dimmed">
                {PORTAL_CONVENIO_OFICINA.firmaDetalle(convenio.firma.direccion, convenio.firma.destino)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {convenio.firma.user_agent}
              </Text>
            </Stack>
          ) : (
            firmado?.estado === 'pendiente' && (
              <Text size="xs" c="dimmed">
                {PORTAL_CONVENIO_OFICINA.sinFirma}
              </Text>
            )
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {PORTAL_CONVENIO_OFICINA.sinPublicar}
        </Text>
      )}
    </Stack>
  );
}
