import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  APROBACION_TIPOS,
  formatDate,
  formatPesos,
  rechazarAprobacionSchema,
  type Aprobacion,
} from '@siniestros/domain';
import { DialogActions } from '../../../components/DialogActions';
import { useResolverAprobacion } from '../api/resolver-aprobacion';

/** The status panel's notice of an offer waiting for approval, with 'Aprobar' / 'Rechazar' for whoever may (docs/decisions/081). */
export function AprobacionPendiente({ aprobacion }: { aprobacion: Aprobacion }) {
  const [isRejecting, setRejecting] = useState(false);
  const resolver = useResolverAprobacion();
  const approve = () => resolver.mutate({ id: aprobacion.id, idCaso: aprobacion.id_caso, decision: 'aprobar' });
  return (
    <Alert
      color="yellow"
      title={`${APROBACION_TIPOS[aprobacion.tipo]} pendiente de aprobación: ${formatPesos(aprobacion.monto)}`}
      data-testid="aprobacion-pendiente"
    >
      <Stack gap="xs">
        <Text size="sm">
          Solicitado por {aprobacion.solicitado_por} el {formatDate(aprobacion.solicitada)}
          {aprobacion.tipo === 'reconsideracion' && typeof aprobacion.datos.msg === 'string' ? `. Motivo: ${aprobacion.datos.msg}` : ''}
        </Text>
        {aprobacion.puede_resolver && (
          <Group gap="xs">
            <Button size="xs" onClick={approve} loading={resolver.isPending && !isRejecting}>
              Aprobar
            </Button>
            <Button size="xs" color="red" variant="light" onClick={() => setRejecting(true)} disabled={resolver.isPending}>
              Rechazar
            </Button>
          </Group>
        )}
      </Stack>
      {isRejecting && <RechazarDialog aprobacion={aprobacion} onClose={() => setRejecting(false)} />}
    </Alert>
  );
}

function RechazarDialog({ aprobacion, onClose }: { aprobacion: Aprobacion; onClose: () => void }) {
  const resolver = useResolverAprobacion();
  const form = useForm({ initialValues: { motivo: '' }, validate: zod4Resolver(rechazarAprobacionSchema) });
  const submit = form.onSubmit(({ motivo }) =>
    resolver.mutate({ id: aprobacion.id, idCaso: aprobacion.id_caso, decision: 'rechazar', motivo }, { onSuccess: onClose }),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Rechazar ${APROBACION_TIPOS[aprobacion.tipo].toLowerCase()} de ${formatPesos(aprobacion.monto)}`}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea label="Motivo" required autosize minRows={3} maxLength={2000} data-autofocus {...form.getInputProps('motivo')} />
          <DialogActions onCancel={onClose} isSaving={resolver.isPending} submitLabel="Rechazar" />
        </Stack>
      </form>
    </Modal>
  );
}
