import { useMemo, useState } from 'react';
import { Accordion, Badge, Button, Code, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconEye, IconHistory, IconUpload } from '@tabler/icons-react';
import { CONVENIO_CAMPOS, formatDateTime, PLANTILLA_MESSAGES, type PlantillaConvenio, type PlantillaVersion } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { VisorDocumento, type DocumentoVisible } from '../../../components/VisorDocumento';
import { TableHeader } from '../../../components/ListTableParts';
import { confirmAction } from '../../../lib/confirm';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { downloadPlantilla, fetchPreviewPdf, previewName, previewPlantilla, usePlantillas, useRestorePlantilla, useUploadPlantilla } from '../api/plantillas';

const LOAD_ERROR = 'No se pudieron obtener las plantillas';

const versionLabel = (version: PlantillaVersion) =>
  version.version === 0
    ? PLANTILLA_MESSAGES.predeterminada
    : `Versión ${version.version}${version.restaurada_de === null ? '' : ` (restaura ${version.restaurada_de === 0 ? 'la predeterminada' : `la ${version.restaurada_de}`})`}`;

const run = (task: () => Promise<void>) => task().catch((error: unknown) => notifyApiError(error, LOAD_ERROR));

/** Admin 'Plantillas' (docs/decisions/038-plantillas-de-convenio.md): the convenio templates the office maintains. */
export function PlantillasScreen() {
  const plantillas = usePlantillas();
  const upload = useUploadPlantilla();
  const [versiones, setVersiones] = useState<PlantillaConvenio | null>(null);
  // 'Vista previa': the version filled with the demo case, drawn as PDF in the viewer where LibreOffice is installed (decision 099).
  const [vista, setVista] = useState<{ id: number; version: number } | null>(null);
  const vistas = useMemo(
    (): DocumentoVisible[] =>
      vista
        ? [
            {
              nombre: previewName(vista.id, vista.version),
              cargar: () => fetchPreviewPdf(vista.id, vista.version),
              descargar: () => run(() => previewPlantilla(vista.id, vista.version)),
              oficinaComoPdf: true,
            },
          ]
        : [],
    [vista],
  );

  const onUpload = (plantilla: PlantillaConvenio, file: File | null) => {
    if (!file) return;
    upload.mutate(
      { id: plantilla.id, file },
      { onSuccess: (result) => notifySuccess(`${plantilla.nombre}: ${result.message}`), onError: (error) => notifyApiError(error, LOAD_ERROR) },
    );
  };

  return (
    <Stack>
      <PageTitle>Plantillas de Convenio</PageTitle>
      <Text size="sm" maw={900}>
        Cada convenio se genera con la versión vigente de su plantilla. Descargue la plantilla, edítela en Word conservando los campos entre
        llaves y súbala como nueva versión: se verifica que abra, que use solo los campos disponibles y que genere la vista previa con un caso de
        ejemplo. Las versiones anteriores se conservan y pueden restaurarse.
      </Text>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
          <TableHeader cells={['Convenio', 'Versión vigente', 'Actualizada', 'Por', 'Acciones']} />
          <Table.Tbody>
            {plantillas.data?.map((plantilla) => {
              const vigente = plantilla.versiones[0]!;
              return (
                <Table.Tr key={plantilla.id}>
                  <Table.Td>{plantilla.nombre}</Table.Td>
                  <Table.Td>
                    {vigente.version === 0 ? <Badge variant="light" color="gray">{PLANTILLA_MESSAGES.predeterminada}</Badge> : versionLabel(vigente)}
                  </Table.Td>
                  <Table.Td>{vigente.fecha ? formatDateTime(vigente.fecha) : '-'}</Table.Td>
                  <Table.Td>{vigente.usuario ?? '-'}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Button size="xs" variant="light" leftSection={<IconDownload size={14} />} aria-label={`Descargar ${plantilla.nombre}`}
                        onClick={() => run(() => downloadPlantilla(plantilla.id, vigente.version))}>
                        Descargar
                      </Button>
                      <Button size="xs" variant="light" leftSection={<IconEye size={14} />} aria-label={`Vista previa ${plantilla.nombre}`}
                        onClick={() => setVista({ id: plantilla.id, version: vigente.version })}>
                        Vista previa
                      </Button>
                      <FileButton accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document" onChange={(file) => onUpload(plantilla, file)}>
                        {(props) => (
                          <Button {...props} size="xs" leftSection={<IconUpload size={14} />} aria-label={`Subir nueva versión ${plantilla.nombre}`}
                            loading={upload.isPending && upload.variables?.id === plantilla.id}>
                            Subir nueva versión
                          </Button>
                        )}
                      </FileButton>
                      <Button size="xs" variant="default" leftSection={<IconHistory size={14} />} aria-label={`Versiones ${plantilla.nombre}`}
                        onClick={() => setVersiones(plantilla)}>
                        Versiones ({plantilla.versiones.length})
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {plantillas.isError && <Text c="red">{LOAD_ERROR}</Text>}
      <Accordion variant="contained" maw={900}>
        <Accordion.Item value="campos">
          <Accordion.Control>Campos disponibles</Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" mb="xs">
              {PLANTILLA_MESSAGES.camposObligatorios}
            </Text>
            <Table>
              <Table.Tbody>
                {Object.entries(CONVENIO_CAMPOS).map(([campo, descripcion]) => (
                  <Table.Tr key={campo}>
                    <Table.Td>
                      <Code>{`{${campo}}`}</Code>
                    </Table.Td>
                    <Table.Td>{descripcion}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {versiones && (
        <VersionesDialog plantilla={plantillas.data?.find((plantilla) => plantilla.id === versiones.id) ?? versiones} onClose={() => setVersiones(null)} />
      )}
      {vistas.length > 0 && <VisorDocumento documentos={vistas} inicial={0} onClose={() => setVista(null)} />}
    </Stack>
  );
}

function VersionesDialog({ plantilla, onClose }: { plantilla: PlantillaConvenio; onClose: () => void }) {
  const restore = useRestorePlantilla();
  const vigente = plantilla.versiones[0]!.version;
  const onRestore = (version: PlantillaVersion) =>
    confirmAction(`¿Usar de nuevo ${versionLabel(version).toLowerCase()} de «${plantilla.nombre}»?`, () =>
      restore.mutate(
        { id: plantilla.id, version: version.version },
        { onSuccess: (result) => notifySuccess(result.message), onError: (error) => notifyApiError(error, LOAD_ERROR) },
      ),
    );

  return (
    <Modal opened onClose={onClose} title={`Versiones — ${plantilla.nombre}`} size="xl" centered>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder>
          <TableHeader cells={['Versión', 'Archivo', 'Fecha', 'Por', 'Acciones']} />
          <Table.Tbody>
            {plantilla.versiones.map((version) => (
              <Table.Tr key={version.version}>
                <Table.Td>
                  <Group gap="xs">
                    {versionLabel(version)}
                    {version.version === vigente && <Badge size="sm">Vigente</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{version.archivo ?? '-'}</Table.Td>
                <Table.Td>{version.fecha ? formatDateTime(version.fecha) : '-'}</Table.Td>
                <Table.Td>{version.usuario ?? '-'}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    <Button size="xs" variant="light" aria-label={`Descargar ${versionLabel(version)}`} onClick={() => run(() => downloadPlantilla(plantilla.id, version.version))}>
                      Descargar
                    </Button>
                    {version.version !== vigente && (
                      <Button size="xs" variant="default" aria-label={`Restaurar ${versionLabel(version)}`} loading={restore.isPending} onClick={() => onRestore(version)}>
                        Restaurar
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Modal>
  );
}
