import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { formatDateTime } from '@siniestros/domain';
import { AVISO_NO_ENVIADO, useMensajes, useResponder } from '../api/mensajes';

const TEXTO_MAX = 2000;

/**
 * The messages with one claimant (issue 42 item 4): theirs and the office's, oldest first, and the
 * reply, which the claimant reads in the portal (an e-mail tells them there is one).
 */
export function MensajesDialog({
  idCaso,
  idTercero,
  nombre,
  onClose,
}: {
  idCaso: number;
  idTercero: number;
  nombre: string;
  onClose: () => void;
}) {
  const mensajes = useMensajes(idCaso, idTercero);
  const responder = useResponder(idCaso);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);

  const enviar = () => {
    const limpio = texto.trim();
    if (!limpio) return setError('Escriba su mensaje');
    setError(null);
    responder.mutate(
      { id_tercero: idTercero, texto: limpio },
      {
        onSuccess: (response) => {
          setTexto('');
          setAviso(AVISO_NO_ENVIADO[response.email]);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Mensajes con ${nombre}`} size="lg" centered>
      <Stack>
        {mensajes.isPending && <Loader size="sm" role="status" aria-label="Cargando los mensajes" />}
        {mensajes.isError && <Text c="red">{mensajes.error.message}</Text>}
        {mensajes.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            Todavía no hay mensajes.
          </Text>
        )}
        {mensajes.data && mensajes.data.length > 0 && (
          // Focusable and named: a long conversation scrolls (axe scrollable-region-focusable).
          <ScrollArea.Autosize mah="45vh" type="auto" tabIndex={0} aria-label="Conversación">
            <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
              {mensajes.data.map((mensaje) => (
                <Paper
                  key={mensaje.id}
                  component="li"
                  withBorder
                  p="xs"
                  ml={mensaje.autor === 'oficina' ? 'xl' : 0}
                  mr={mensaje.autor === 'reclamante' ? 'xl' : 0}
                  // The office's messages are marked by a border: a tinted background left the dimmed line under AA contrast.
                  style={mensaje.autor === 'oficina' ? { borderLeft: '3px solid var(--mantine-color-blue-6)' } : undefined}
                >
                  <Text size="xs" c="dimmed">
                    {mensaje.autor === 'reclamante' ? nombre : (mensaje.usuario ?? 'Oficina')} · {formatDateTime(mensaje.creado)}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {mensaje.texto}
                  </Text>
                </Paper>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {aviso && (
          <Alert color="yellow" p="xs">
            {aviso}
          </Alert>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            enviar();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label="Respuesta al reclamante"
              description="La lee en el portal; queda en el historial del caso"
              autosize
              minRows={2}
              maxLength={TEXTO_MAX}
              value={texto}
              onChange={(event) => setTexto(event.currentTarget.value)}
              error={error}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cerrar
              </Button>
              <Button type="submit" loading={responder.isPending}>
                Enviar mensaje
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
