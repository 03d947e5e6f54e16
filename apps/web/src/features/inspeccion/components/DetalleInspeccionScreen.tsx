import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Center, FileInput, Group, Loader, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCamera, IconFileUpload } from '@tabler/icons-react';
import {
  formatDate,
  INSPECCION_MESSAGES,
  INSPECCION_RESULTADO_MAX,
  inspeccionCloseSchema,
  isInspeccionPending,
  todayIso,
} from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { MoneyInput } from '../../../components/MoneyInput';
import { PageTitle } from '../../../components/PageTitle';
import { notifyApiError, notifyError, notifySuccess, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { useCloseInspeccion } from '../api/close-inspeccion';
import { useInspeccionDetalle } from '../api/get-inspeccion-detalle';
import { InspeccionCasoInfo } from './InspeccionCasoInfo';
import { InspeccionResumen } from './InspeccionResumen';
import { useFotoChecklist } from '../../reference';
import { FotosChecklist } from './fotos/FotosChecklist';
import type { FotoTomada } from './fotos/preparar-foto';

/** Phones offer the camera as well as files (spec §2: the inspector closes from the field). */
const FILE_ACCEPT = 'image/*,application/pdf';

type Values = { resultado: string; monto_inspeccion: string; inspeccion: File | null; cotizacion: File | null };

const LABELS = {
  resultado: 'Resultado de la inspeccion',
  monto_inspeccion: 'Monto de la Inspeccion',
  inspeccion: 'Doc de la Inspeccion',
  cotizacion: 'Cotizacion',
} as const;

/** Spec §2, inspection close: the inspector records the result, the amount and two documents. */
export function DetalleInspeccionScreen({ id }: { id: number }) {
  const detalle = useInspeccionDetalle(id);
  const close = useCloseInspeccion(id);
  const navigate = useNavigate();
  // The checklist's photos (issue 43 item 4): optional; the two files above stay required.
  const checklist = useFotoChecklist();
  const [fotos, setFotos] = useState<FotoTomada[]>([]);
  const [guardarUbicacion, setGuardarUbicacion] = useState(false);
  const form = useForm<Values>({
    initialValues: { resultado: '', monto_inspeccion: '', inspeccion: null, cotizacion: null },
    validate: (values) => {
      const errors: Partial<Record<keyof Values, string>> = {};
      const parsed = inspeccionCloseSchema.safeParse({ resultado: values.resultado, monto_inspeccion: values.monto_inspeccion });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
      }
      if (!values.inspeccion) errors.inspeccion = INSPECCION_MESSAGES.docRequired;
      if (!values.cotizacion) errors.cotizacion = INSPECCION_MESSAGES.noCotizacion;
      return errors;
    },
  });

  const onInvalid = (errors: Record<string, unknown>) => {
    for (const [field, message] of Object.entries(errors))
      notifyError(`${LABELS[field as keyof Values] ?? field}: ${String(message)}`, VALIDATION_TOAST_MS);
  };

  const submit = form.onSubmit((values) => {
    const send = (confirmaAnticipada: boolean) =>
      close.mutate(
        {
          resultado: values.resultado.trim(),
          monto_inspeccion: values.monto_inspeccion,
          inspeccion: values.inspeccion!,
          cotizacion: values.cotizacion!,
          confirmaAnticipada,
          fotos,
        },
        {
          onSuccess: () => {
            notifySuccess(INSPECCION_MESSAGES.closed);
            navigate('/inspecciones');
          },
          onError: (error) => notifyApiError(error, 'Error al actualizar la inspeccion', VALIDATION_TOAST_MS),
        },
      );
    // Before the scheduled date: asked first, so the files are sent once (the server asks the same).
    const agendada = detalle.data?.inspeccion.fecha_inspeccion;
    if (agendada && todayIso() < agendada) confirmAction(INSPECCION_MESSAGES.confirmEarlyClose(formatDate(agendada)), () => send(true));
    else send(false);
  }, onInvalid);

  if (detalle.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!detalle.data) {
    return (
      <Stack>
        <PageTitle>Inspeccion</PageTitle>
        <Alert color="red">{INSPECCION_MESSAGES.notFound}</Alert>
        <Group>
          <Button variant="default" component={Link} to="/inspecciones">
            Volver
          </Button>
        </Group>
      </Stack>
    );
  }

  const { inspeccion } = detalle.data;
  const isPending = isInspeccionPending(inspeccion.estado);
  return (
    <Stack maw={1100}>
      <PageTitle>{`Inspeccion del Caso ${inspeccion.id_caso}`}</PageTitle>
      <InspeccionResumen inspeccion={inspeccion} />
      {isPending ? (
        <Paper withBorder p="md" component="section" aria-label="Cierre de la Inspeccion">
          <Title order={4} mb="sm">
            Cierre de la Inspeccion
          </Title>
          <form onSubmit={submit} noValidate>
            <Stack>
              <Textarea
                label={LABELS.resultado}
                required
                autosize
                minRows={3}
                maxRows={10}
                maxLength={INSPECCION_RESULTADO_MAX}
                {...form.getInputProps('resultado')}
              />
              <MoneyInput label={LABELS.monto_inspeccion} required {...form.getInputProps('monto_inspeccion')} />
              <FileInput
                label={LABELS.inspeccion}
                required
                clearable
                accept={FILE_ACCEPT}
                capture="environment"
                placeholder="Tomar foto o elegir archivo"
                leftSection={<IconCamera size={16} />}
                {...form.getInputProps('inspeccion')}
              />
              <FileInput
                label={LABELS.cotizacion}
                required
                clearable
                accept={FILE_ACCEPT}
                capture="environment"
                placeholder="Tomar foto o elegir archivo"
                leftSection={<IconFileUpload size={16} />}
                {...form.getInputProps('cotizacion')}
              />
              <FotosChecklist
                items={(checklist.data ?? []).filter((item) => item.activo)}
                fotos={fotos}
                setFotos={setFotos}
                guardarUbicacion={guardarUbicacion}
                onGuardarUbicacion={setGuardarUbicacion}
              />
              <Group grow={false}>
                <Button type="submit" loading={close.isPending}>
                  Guardar
                </Button>
                <Button variant="default" component={Link} to="/inspecciones">
                  Volver
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Stack>
          <Alert color="blue">{INSPECCION_MESSAGES.alreadyClosed}</Alert>
          <Group>
            <Button variant="default" component={Link} to="/inspecciones">
              Volver
            </Button>
          </Group>
        </Stack>
      )}
      <InspeccionCasoInfo detalle={detalle.data} />
    </Stack>
  );
}
