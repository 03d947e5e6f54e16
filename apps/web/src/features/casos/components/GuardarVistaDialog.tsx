import { useState } from 'react';
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { VISTA_MESSAGES, VISTA_NOMBRE_MAX, type VistaFiltro } from '@siniestros/domain';
import { DialogActions } from '../../../components/DialogActions';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useSaveVista } from '../api/save-vista';

type Props = { filtro: VistaFiltro; puedeCompartir: boolean; onClose: () => void };

/** 'Guardar vista actual': the filter and quick search the list on screen answers, under a name (docs/decisions/096). */
export function GuardarVistaDialog({ filtro, puedeCompartir, onClose }: Props) {
  const [nombre, setNombre] = useState('');
  const [compartida, setCompartida] = useState(false);
  const [predeterminada, setPredeterminada] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveVista();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!nombre.trim()) return setError(VISTA_MESSAGES.nombreVacio);
    save.mutate(
      { nombre, compartida, predeterminada, filtro },
      {
        onSuccess: (result) => {
          notifySuccess(result.message);
          onClose();
        },
        onError: (failure) => notifyApiError(failure, VISTA_MESSAGES.notFound),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={VISTA_MESSAGES.guardar} centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={VISTA_MESSAGES.nombre}
            value={nombre}
            onChange={(event) => {
              setNombre(event.currentTarget.value);
              setError(null);
            }}
            maxLength={VISTA_NOMBRE_MAX}
            error={error}
            required
            data-autofocus
          />
          {puedeCompartir && (
            <Checkbox
              label={VISTA_MESSAGES.compartir}
              checked={compartida}
              onChange={(event) => setCompartida(event.currentTarget.checked)}
            />
          )}
          <Checkbox
            label={VISTA_MESSAGES.predeterminada}
            checked={predeterminada}
            onChange={(event) => setPredeterminada(event.currentTarget.checked)}
          />
          <DialogActions onCancel={onClose} isSaving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
