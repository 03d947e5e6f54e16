import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Box, Button, Card, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { CIERRE_SALIDA_TEXTS, formatPesos } from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { notifySuccess } from '../../../lib/notify';
import { quitarCierre, type CierrePendiente } from '../../../lib/device/salida';
import type { EstadoEnvio } from './cola';

export function PendienteBadge() {
  return (
    <Badge color="orange" variant="light" style={{ flex: 'none' }}>
      {CIERRE_SALIDA_TEXTS.pendiente}
    </Badge>
  );
}

const porcentaje = (enviados: number, total: number) => (total === 0 ? 100 : Math.floor((enviados * 100) / total));

/**
 * Where a saved close stands: refused (its Spanish message and 'Descartar cierre'), sending (each
 * file's progress and the whole), or waiting (offline: 'Se enviará cuando vuelva la conexión').
 */
export function EstadoCierre({ cierre, estado }: { cierre: CierrePendiente; estado: EstadoEnvio | null }) {
  const online = useNetwork().online;
  if (cierre.rechazo) {
    return (
      <Stack gap="xs">
        <Alert color="red" role="alert" p="xs">
          {cierre.rechazo.message}
        </Alert>
        <Button
          color="red"
          variant="outline"
          onClick={() =>
            confirmAction(CIERRE_SALIDA_TEXTS.confirmarDescartar, () =>
              void quitarCierre(cierre.usr, cierre.clave).then(() => notifySuccess(CIERRE_SALIDA_TEXTS.descartado)),
            )
          }
        >
          {CIERRE_SALIDA_TEXTS.descartar}
        </Button>
      </Stack>
    );
  }
  if (!online) return <Text size="sm">{CIERRE_SALIDA_TEXTS.sinConexion}</Text>;
  if (estado?.tipo === 'enviando') {
    const total = estado.archivos.reduce((suma, archivo) => suma + archivo.total, 0);
    const enviados = estado.archivos.reduce((suma, archivo) => suma + archivo.enviados, 0);
    return (
      <Stack gap={4}>
        <Text size="sm" fw={600}>{`${CIERRE_SALIDA_TEXTS.enviando}: ${porcentaje(enviados, total)} %`}</Text>
        <Progress value={porcentaje(enviados, total)} aria-label={`${CIERRE_SALIDA_TEXTS.enviando} el cierre`} />
        {estado.archivos.map((archivo) => (
          <Group key={archivo.rol} gap="xs" wrap="nowrap">
            <Text size="xs" style={{ flex: 1, overflowWrap: 'anywhere' }}>
              {archivo.nombre}
            </Text>
            <Progress value={porcentaje(archivo.enviados, archivo.total)} w="40%" aria-label={archivo.nombre} />
          </Group>
        ))}
      </Stack>
    );
  }
  return <Text size="sm">{estado?.tipo === 'esperando' ? estado.message : CIERRE_SALIDA_TEXTS.esperando}</Text>;
}

/** The agenda's card of a saved close (also when the inspection left the agenda: reassigned, deleted). */
export function CierrePendienteCard({ cierre, estado }: { cierre: CierrePendiente; estado: EstadoEnvio | null }) {
  return (
    <Card withBorder padding="sm" role="listitem" aria-label={`Caso ${cierre.id_caso}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Text fw={700} size="lg">{`Caso ${cierre.id_caso}`}</Text>
        <PendienteBadge />
      </Group>
      {cierre.reclamo_nro && <Text size="sm" fw={600} mb={6}>{`Siniestro ${cierre.reclamo_nro}`}</Text>}
      <EstadoCierre cierre={cierre} estado={estado} />
      <Box pt="xs">
        <Button component={Link} to={`/inspecciones/detalleInspeccion/${cierre.id}`} variant="default" fullWidth aria-label={`Ver inspeccion ${cierre.id}`}>
          Ver
        </Button>
      </Box>
    </Card>
  );
}

/** The photos' thumbnails from the kept Blobs (their object URLs revoked when the panel goes). */
function Miniaturas({ cierre }: { cierre: CierrePendiente }) {
  const urls = useMemo(() => cierre.fotos.map((foto) => ({ clave: foto.clave, url: URL.createObjectURL(foto.blob) })), [cierre.fotos]);
  useEffect(() => () => urls.forEach(({ url }) => URL.revokeObjectURL(url)), [urls]);
  if (urls.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
      {urls.map(({ clave, url }, index) => (
        <Image key={clave} src={url} alt={`Foto ${index + 1} del cierre`} radius="sm" h={80} fit="cover" />
      ))}
    </SimpleGrid>
  );
}

/** The close screen once the close is saved: what was saved, where it stands; no second close. */
export function CierrePendientePanel({ cierre, estado }: { cierre: CierrePendiente; estado: EstadoEnvio | null }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={CIERRE_SALIDA_TEXTS.pendiente}>
      <Group justify="space-between" mb="xs">
        <Text fw={700}>Cierre de la Inspeccion</Text>
        <PendienteBadge />
      </Group>
      <Stack gap="xs">
        <EstadoCierre cierre={cierre} estado={estado} />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {cierre.resultado}
        </Text>
        <Text size="sm">{`Monto: ${formatPesos(cierre.monto_inspeccion)}`}</Text>
        <Text size="sm">{`${CIERRE_SALIDA_TEXTS.archivos}: ${cierre.inspeccion.nombre}, ${cierre.cotizacion.nombre}`}</Text>
        <Miniaturas cierre={cierre} />
      </Stack>
    </Card>
  );
}
