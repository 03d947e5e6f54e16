import { useCallback, useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { PORTAL_ITEM_ESTADOS, PORTAL_MESSAGES, PORTAL_MOTIVOS_RECHAZO, type PortalItem, type PortalItemEstado } from '@siniestros/domain';
import { VisorDocumento, type DocumentoVisible } from '../../../components/VisorDocumento';
import { notifyApiError } from '../../../lib/notify';
import { downloadDocumento, fetchDocumento } from '../../caso-detalle';
import { useRevisarItem } from '../api/revisar-item';

const ESTADO_COLOR: Record<PortalItemEstado, string> = { pendiente: 'gray', recibido: 'yellow', aceptado: 'green', rechazado: 'red' };

/** The item's state as staff read it: 'Recibido (a revisar)', 'Rechazado (motivo)'. */
export function ItemEstado({ item }: { item: Pick<PortalItem, 'estado' | 'motivo'> }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={ESTADO_COLOR[item.estado]} variant="light" style={{ textTransform: 'none' }}>
        {PORTAL_ITEM_ESTADOS[item.estado]}
      </Badge>
      {item.estado === 'rechazado' && item.motivo && (
        <Text size="xs" c="dimmed">
          Motivo: {item.motivo}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The documents sent for an item, in order; each opens the product's viewer in place (pictures and
 * PDFs shown, anything else offered for download), read through the documents' download route.
 */
export function ItemDocumentos({ idCaso, documentos }: { idCaso: number; documentos: readonly string[] }) {
  const [abierto, setAbierto] = useState<number | null>(null);
  const close = useCallback(() => setAbierto(null), []);
  const visibles = useMemo(
    () =>
      documentos.map((name): DocumentoVisible => ({
        nombre: name,
        cargar: () => fetchDocumento(idCaso, name),
        descargar: () => void downloadDocumento(idCaso, name).catch((error) => notifyApiError(error, PORTAL_MESSAGES.itemNoExiste)),
      })),
    [idCaso, documentos],
  );
  if (documentos.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {documentos.map((name, index) => (
          <Anchor
            key={name}
            component="button"
            type="button"
            size="sm"
            onClick={() => setAbierto(index)}
            style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
          >
            {name}
          </Anchor>
        ))}
      </Group>
      {abierto !== null && <VisorDocumento documentos={visibles} inicial={abierto} onClose={close} />}
    </>
  );
}

/** 'Aceptar' and 'Rechazar' of a received item; the item's version goes along (a review by someone else meanwhile is 409). */
export function RevisionAcciones({ idCaso, item }: { idCaso: number; item: Pick<PortalItem, 'id' | 'nombre' | 'version'> }) {
  const revisar = useRevisarItem();
  const [isRechazando, setRechazando] = useState(false);
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-sm"
        color="green"
        aria-label={`Aceptar ${item.nombre}`}
        loading={revisar.isPending && revisar.variables?.decision === 'aceptar'}
        disabled={revisar.isPending}
        onClick={() => revisar.mutate({ idCaso, idItem: item.id, decision: 'aceptar', version: item.version })}
      >
        Aceptar
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        aria-label={`Rechazar ${item.nombre}`}
        disabled={revisar.isPending}
        onClick={() => setRechazando(true)}
      >
        Rechazar
      </Button>
      {isRechazando && (
        <RechazarDialog
          nombre={item.nombre}
          isSaving={revisar.isPending}
          onClose={() => setRechazando(false)}
          onRechazar={(motivo) =>
            revisar.mutate(
              { idCaso, idItem: item.id, decision: 'rechazar', motivo, version: item.version },
              { onSuccess: () => setRechazando(false) },
            )
          }
        />
      )}
    </Group>
  );
}

const MOTIVO_MAX = 1000;

/** The reason the claimant reads: one from the list, free text, or both ('La imagen no se lee bien. Saque la foto con más luz'). */
export function motivoDeRechazo(motivo: string, detalle: string): string {
  const texto = detalle.trim();
  if (!motivo) return texto;
  return texto ? `${motivo}. ${texto}` : motivo;
}

export function RechazarDialog({
  nombre,
  isSaving,
  onClose,
  onRechazar,
}: {
  nombre: string;
  isSaving: boolean;
  onClose: () => void;
  onRechazar: (motivo: string) => void;
}) {
  const [motivo, setMotivo] = useState('');
  const [detalle, setDetalle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const texto = motivoDeRechazo(motivo, detalle);
    if (!texto) return setError(PORTAL_MESSAGES.motivoRequerido);
    if (texto.length > MOTIVO_MAX) return setError(`El motivo admite hasta ${MOTIVO_MAX} caracteres`);
    setError(null);
    onRechazar(texto);
  };
  return (
    <Modal opened onClose={onClose} title="Rechazar documento" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">{nombre}</Text>
          <Radio.Group
            label="Motivo"
            description="El reclamante lo lee y vuelve a enviar el documento"
            value={motivo}
            onChange={setMotivo}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {PORTAL_MOTIVOS_RECHAZO.map((texto) => (
                <Radio key={texto} value={texto} label={texto} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Otro motivo o detalle"
            autosize
            minRows={2}
            maxLength={MOTIVO_MAX}
            value={detalle}
            onChange={(event) => setDetalle(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={isSaving}>
              Rechazar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
