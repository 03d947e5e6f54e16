import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { altaSchema, CASO_MESSAGES, fieldErrorText, MAX_TERCEROS, type AltaInput, type CasoDuplicado } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api';
import { notifyApiError, notifyError, notifySuccess, SERVER_ERROR_TOAST_MS, VALIDATION_TOAST_MS } from '../../../lib/notify';
import { UploadDialog, uploadDocuments, uploadErrorMessage, type TypedFile } from '../../documentacion';
import { useCompanias, useTiposDoc } from '../../../lib/lookups';
import { useCreateCaso } from '../api/create-caso';
import { duplicadosOf } from '../api/duplicados';
import { altaIssues, emptyTercero, useAltaForm, type AltaValues } from '../hooks/use-alta-form';
import { AseguradoSection, CasoSection, lookupOptions, Section, TerceroBlock } from './AltaSections';
import { casoUrl } from './CasosTable';
import { DuplicadosDialog } from './DuplicadosDialog';

/** Spec §2, case creation (/casos/crearCaso). */
export function CrearCasoScreen() {
  const companias = useCompanias(CASO_MESSAGES.loadError);
  const tiposDoc = useTiposDoc();
  if (companias.isPending || tiposDoc.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const tipos = tiposDoc.data ?? [];
  // DNI is what almost every Argentine party carries; the person can change it.
  const dni = tipos.find((tipo) => tipo.nombre.toUpperCase() === 'DNI') ?? tipos[0];
  return (
    <CrearCasoForm companias={lookupOptions(companias.data)} tiposDoc={lookupOptions(tipos)} defaultTipoDoc={dni ? String(dni.id) : null} />
  );
}

function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Spec §8: each validation failure on its own toast for 5 s, with its entity and field. */
function notifyFieldErrors(errors: { path: string; message: string }[]) {
  for (const { path, message } of errors) notifyError(fieldErrorText(path, message), VALIDATION_TOAST_MS);
}

type Options = { value: string; label: string }[];

function CrearCasoForm({ companias, tiposDoc, defaultTipoDoc }: { companias: Options; tiposDoc: Options; defaultTipoDoc: string | null }) {
  const form = useAltaForm(defaultTipoDoc);
  const create = useCreateCaso();
  const navigate = useNavigate();
  const [files, setFiles] = useState<TypedFile[]>([]);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [isUploading, setIsUploading] = useState(false);
  // The possible duplicates the server answered for this case, and the case to send again confirmed (docs/decisions/080).
  const [duplicados, setDuplicados] = useState<{ alta: AltaInput; casos: CasoDuplicado[] } | null>(null);
  // One key for this form: a retried press after a lost response does not create a second case.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const terceros = form.values.terceros;

  const onServerError = (error: unknown, alta: AltaInput) => {
    const posibles = duplicadosOf(error);
    if (posibles) return setDuplicados({ alta, casos: posibles });
    if (error instanceof ApiError && error.errors.length > 0) {
      form.setErrors(Object.fromEntries(error.errors.map((failure) => [failure.path, failure.message])));
      return notifyFieldErrors(error.errors);
    }
    // Spec §8: a 422 or 403 on creation shows the server's message for 10 s.
    if (error instanceof ApiError && (error.status === 422 || error.status === 403))
      return notifyError(error.message, SERVER_ERROR_TOAST_MS);
    notifyApiError(error, CASO_MESSAGES.loadError, SERVER_ERROR_TOAST_MS);
  };

  const send = (alta: AltaInput) =>
    create.mutate(
      { alta, idempotencyKey },
      {
        onSuccess: async (result) => {
          setDuplicados(null);
          notifySuccess(result.message || CASO_MESSAGES.created);
          if (files.length > 0) {
            setIsUploading(true);
            try {
              const uploaded = await uploadDocuments(result.id, files);
              notifySuccess(uploaded.message);
            } catch (error) {
              // The case exists: the person adds the documents again from its detail.
              notifyError(uploadErrorMessage(error), SERVER_ERROR_TOAST_MS);
            }
          }
          // The handler goes on with the new case (documents, lawyer, inspection) from its detail.
          navigate(casoUrl(result.id));
        },
        onError: (error) => onServerError(error, alta),
      },
    );

  const submit = form.onSubmit(
    (values: AltaValues) => send(altaSchema.parse(values)),
    (_errors, values) => notifyFieldErrors(altaIssues(values)),
  );

  const addTercero = () => {
    if (terceros.length >= MAX_TERCEROS) return;
    form.insertListItem('terceros', emptyTercero(defaultTipoDoc));
  };

  const isBusy = create.isPending || isUploading || create.isSuccess;

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="md" mb="md">
          <PageTitle>Nuevo Caso</PageTitle>
          <CasoSection form={form} companias={companias} />
          <AseguradoSection form={form} tiposDoc={tiposDoc} />
          <Section
            title="Terceros"
            actions={
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {terceros.length}/{MAX_TERCEROS}
                </Text>
                <Button size="xs" variant="light" onClick={addTercero} disabled={terceros.length >= MAX_TERCEROS}>
                  + Terceros
                </Button>
              </Group>
            }
          >
            {terceros.length === 0 ? (
              <Text size="sm" c="dimmed">
                El caso no tiene terceros cargados. Agréguelos con '+ Terceros' (hasta {MAX_TERCEROS}).
              </Text>
            ) : (
              <Stack gap="sm">
                {terceros.map((_tercero, index) => (
                  <TerceroBlock
                    key={index}
                    form={form}
                    index={index}
                    tiposDoc={tiposDoc}
                    onRemove={() => form.removeListItem('terceros', index)}
                  />
                ))}
              </Stack>
            )}
          </Section>
          <Section
            title="Documentación"
            actions={
              <Button size="xs" variant="light" leftSection={<IconPaperclip size={14} />} onClick={() => setIsUploadOpen(true)}>
                Agregar archivos
              </Button>
            }
          >
            {files.length === 0 ? (
              <Text size="sm" c="dimmed">
                Sin archivos. Se suben al crear el caso.
              </Text>
            ) : (
              <Group gap="xs" role="list" aria-label="Archivos a subir">
                {files.map((item, index) => (
                  <Paper key={`${item.file.name}-${index}`} withBorder px="xs" py={4} role="listitem">
                    <Group gap={6} wrap="nowrap">
                      <IconFile size={16} stroke={1.5} />
                      <Text size="sm" maw={220} truncate="end" title={item.file.name}>
                        {item.file.name}
                      </Text>
                      <Badge size="sm" variant="light" tt="none">
                        {item.tipo}
                      </Badge>
                      <Tooltip label="Quitar">
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="red"
                          aria-label={`Quitar ${item.file.name}`}
                          onClick={() => setFiles((current) => current.filter((_, position) => position !== index))}
                        >
                          <IconX size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Paper>
                ))}
              </Group>
            )}
          </Section>
        </Stack>
        <Paper withBorder shadow="sm" px="md" py="xs" pos="sticky" bottom={0} style={{ zIndex: 10 }}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Los campos con * son obligatorios.
            </Text>
            <Button type="submit" loading={isBusy} px="xl">
              Crear
            </Button>
          </Group>
        </Paper>
      </form>
      {duplicados && (
        <DuplicadosDialog
          duplicados={duplicados.casos}
          isCreating={create.isPending}
          onConfirm={() => send({ ...duplicados.alta, confirmar_duplicado: true })}
          onClose={() => setDuplicados(null)}
        />
      )}
      <UploadDialog
        opened={isUploadOpen}
        onClose={() => setIsUploadOpen(false)}
        title="Agregar archivos"
        onUpload={(picked) => setFiles((current) => [...current, ...picked])}
      />
    </>
  );
}
