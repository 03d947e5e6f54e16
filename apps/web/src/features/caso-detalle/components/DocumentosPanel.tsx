import { useCallback, useMemo, useRef, useState } from 'react';
import { ActionIcon, Box, Button, Card, Checkbox, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconDownload, IconEye, IconFileText, IconTrash } from '@tabler/icons-react';
import { DOC_CARD_NAME_MAX, DOCUMENTACION_MESSAGES, documentsZipName, ESTADO, ESTADOS, truncate } from '@siniestros/domain';
import { VisorDocumento } from '../../../components/VisorDocumento';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useAccionesDePaleta } from '../../../lib/acciones-paleta';
import { useVisorLateralAbierto } from '../../../lib/visor-lateral';
import { UploadDialog, useDeleteDocumento, useDocumentos, useUploadDocuments } from '../../documentacion';
import { allDocumentosUrl } from '../api/download-all-documentos';
import type { CasoForm } from '../hooks/use-caso-form';
import { useDocumentosVisibles } from '../hooks/use-documentos-visibles';

const ESTADO_SIGUIENTE = ESTADOS.find((estado) => estado.id === ESTADO.INSPECCION)?.nombre ?? '';

/**
 * Spec §2 documents: cards with the name cut at 14 characters, Descargar / Eliminar, 'Subir Doc',
 * 'Descargar Todo' when any exists and, at status 1, 'Documentación completa?' (saved with the form).
 */
export function DocumentosPanel({ idCaso, idEstado, form }: { idCaso: number; idEstado: number; form: CasoForm }) {
  const [isUploadOpen, setUploadOpen] = useState(false);
  const documentos = useDocumentos(idCaso);
  const upload = useUploadDocuments(idCaso);
  const remove = useDeleteDocumento(idCaso);
  const [visto, setVisto] = useState<number | null>(null);
  const names = useMemo(() => documentos.data ?? [], [documentos.data]);
  const hasDocuments = names.length > 0;

  const { visibles, descargar: download } = useDocumentosVisibles(idCaso, names);
  const closeVisor = useCallback(() => setVisto(null), []);
  const seccion = useRef<HTMLElement>(null);
  // The side viewer narrows the page: one card a row keeps the names readable beside it.
  const isVisorAbierto = useVisorLateralAbierto();
  // In the command palette while the case is open (docs/decisions/100).
  useAccionesDePaleta([
    {
      id: 'documentos',
      label: 'Ver documentos del caso',
      palabras: 'documentacion archivos',
      run: () => (visibles.length > 0 ? setVisto(0) : seccion.current?.scrollIntoView({ block: 'start' })),
    },
    { id: 'subir-documento', label: 'Subir documento', palabras: 'subir doc archivo documentacion', run: () => setUploadOpen(true) },
  ]);
  const eliminar = (name: string) =>
    remove.mutate(name, {
      onSuccess: () => notifySuccess(DOCUMENTACION_MESSAGES.deleted),
      onError: (error) => notifyApiError(error, DOCUMENTACION_MESSAGES.loadError),
    });

  return (
    <Paper ref={seccion} withBorder p="md" component="section" aria-label="Documentación">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>Documentación</Title>
          <Group gap="xs">
            <Button size="xs" onClick={() => setUploadOpen(true)}>
              Subir Doc
            </Button>
            {hasDocuments && (
              <Button
                size="xs"
                variant="light"
                component="a"
                href={allDocumentosUrl(idCaso)}
                download={documentsZipName(idCaso)}
                leftSection={<IconDownload size={14} />}
              >
                Descargar Todo
              </Button>
            )}
          </Group>
        </Group>
        {documentos.isPending && <Loader size="sm" />}
        {documentos.isError && (
          <Text size="sm" c="red">
            {DOCUMENTACION_MESSAGES.loadError}
          </Text>
        )}
        {documentos.isSuccess && !hasDocuments && (
          <Text size="sm" c="dimmed">
            El caso no tiene documentos.
          </Text>
        )}
        {hasDocuments && (
          <SimpleGrid cols={isVisorAbierto ? 1 : { base: 2, sm: 3, lg: 2 }} spacing="xs" role="list" aria-label="Documentos">
            {names.map((name, index) => (
              <Card key={name} withBorder padding="xs" role="listitem" aria-label={name}>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Group gap={4} wrap="nowrap" miw={0}>
                    <Box visibleFrom="xs" display="flex">
                      <IconFileText size={18} stroke={1.5} />
                    </Box>
                    <Text size="xs" title={name} style={{ overflowWrap: 'anywhere' }}>
                      {truncate(name, DOC_CARD_NAME_MAX)}
                    </Text>
                  </Group>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" size="sm" aria-label={`Acciones de ${name}`}>
                        <IconDots size={16} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconEye size={14} />} onClick={() => setVisto(index)}>
                        Ver
                      </Menu.Item>
                      <Menu.Item leftSection={<IconDownload size={14} />} onClick={() => download(name)}>
                        Descargar
                      </Menu.Item>
                      <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => eliminar(name)}>
                        Eliminar
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
        {idEstado === ESTADO.INICIAL && hasDocuments && (
          <Checkbox
            label="Documentación completa?"
            description={`Al grabar, el caso avanza a ${ESTADO_SIGUIENTE}`}
            {...form.getInputProps('caso.completa_doc', { type: 'checkbox' })}
          />
        )}
      </Stack>
      {visto !== null && visibles.length > 0 && <VisorDocumento documentos={visibles} inicial={visto} onClose={closeVisor} />}
      <UploadDialog
        opened={isUploadOpen}
        onClose={() => setUploadOpen(false)}
        title="Subir Doc"
        onUpload={async (files) => {
          await upload.mutateAsync(files);
        }}
      />
    </Paper>
  );
}
