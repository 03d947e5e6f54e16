import { useEffect, useState } from 'react';
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
  CIERRE_SALIDA_TEXTS,
  todayIso,
} from '@siniestros/domain';
import { confirmAction } from '../../../lib/confirm';
import { MoneyInput } from '../../../components/MoneyInput';
import { PageTitle } from '../../../components/PageTitle';
import { notifyError, notifySuccess, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { archivoGuardado, guardarCierre } from '../../../lib/device/salida';
import { CierrePendientePanel } from '../salida/CierrePendiente';
import { useCierresPendientes } from '../salida/use-salida';
import { useInspeccionDetalle } from '../api/get-inspeccion-detalle';
import { InspeccionCasoInfo } from './InspeccionCasoInfo';
import { InspeccionResumen } from './InspeccionResumen';
import { useFotoChecklist } from '../../reference';
import { FotosChecklist } from './fotos/FotosChecklist';
import { precargarFotos, type FotoTomada } from './fotos/preparar-foto';

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
  const usr = useSession().data?.usr;
  const salida = useCierresPendientes(usr);
  const pendiente = salida.cierres.find((cierre) => cierre.id === id);
  const [guardando, setGuardando] = useState(false);
  const navigate = useNavigate();
  // The saved close left the device (the server took it, or it was discarded): back to the agenda.
  const [habiaPendiente, setHabiaPendiente] = useState(false);
  if (pendiente && !habiaPendiente) setHabiaPendiente(true);
  useEffect(precargarFotos, []);
  useEffect(() => {
    if (!pendiente && habiaPendiente && !salida.isPending) navigate('/inspecciones');
  }, [pendiente, habiaPendiente, salida.isPending, navigate]);
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

  // Issue 43 item 3 (docs/decisions/091): online or not, the close is saved on the device first
  // (the outbox) with a clave, and the sender (useEnvioDeCierres) sends it by itself.
  const submit = form.onSubmit((values) => {
    const inspeccion = detalle.data?.inspeccion;
    if (!usr || !inspeccion) return;
    const save = async (confirmaAnticipada: boolean) => {
      setGuardando(true);
      try {
        await guardarCierre({
          clave: crypto.randomUUID(),
          usr,
          id,
          id_caso: inspeccion.id_caso,
          reclamo_nro: detalle.data?.caso?.reclamo_nro ?? null,
          resultado: values.resultado.trim(),
          monto_inspeccion: values.monto_inspeccion,
          confirma_anticipada: confirmaAnticipada,
          inspeccion: archivoGuardado(values.inspeccion!),
          cotizacion: archivoGuardado(values.cotizacion!),
          fotos: fotos.map((foto) => ({
            ...archivoGuardado(foto.archivo),
            clave: foto.clave,
            id_checklist: foto.idChecklist,
            capturada_en: foto.capturadaEn,
            latitud: foto.latitud,
            longitud: foto.longitud,
          })),
          guardado_en: new Date().toISOString(),
          subidas: {},
          rechazo: null,
        });
        // The saved close shows from the device now; the form's photos (their object URLs) go.
        setFotos([]);
        form.reset();
        notifySuccess(CIERRE_SALIDA_TEXTS.guardado);
      } catch {
        notifyError(CIERRE_SALIDA_TEXTS.noGuardado, VALIDATION_TOAST_MS);
      } finally {
        setGuardando(false);
      }
    };
    // Before the scheduled date: asked first (on the device: the close may be sent later).
    const agendada = inspeccion.fecha_inspeccion;
    if (agendada && todayIso() < agendada) confirmAction(INSPECCION_MESSAGES.confirmEarlyClose(formatDate(agendada)), () => void save(true));
    else void save(false);
  }, onInvalid);

  if (pendiente) {
    return (
      <Stack maw={1100}>
        <PageTitle>{`Inspeccion del Caso ${pendiente.id_caso}`}</PageTitle>
        <CierrePendientePanel cierre={pendiente} estado={salida.estadoDe(pendiente.clave)} />
        <Group>
          <VolverAgenda />
        </Group>
      </Stack>
    );
  }

  // Sent or discarded: on the way back to the agenda (the effect above), not the form again.
  if (detalle.isPending || salida.isPending || habiaPendiente) {
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
          <VolverAgenda />
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
                <Button type="submit" loading={guardando}>
                  Guardar
                </Button>
                <VolverAgenda />
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : (
        <Stack>
          <Alert color="blue">{INSPECCION_MESSAGES.alreadyClosed}</Alert>
          <Group>
            <VolverAgenda />
          </Group>
        </Stack>
      )}
      <InspeccionCasoInfo detalle={detalle.data} />
    </Stack>
  );
}

/** Back to the inspector's agenda (or the office's list of inspections). */
function VolverAgenda() {
  return (
    <Button variant="default" component={Link} to="/inspecciones">
      Volver
    </Button>
  );
}
