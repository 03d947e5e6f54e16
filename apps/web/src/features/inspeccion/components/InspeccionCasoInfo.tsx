import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { formatDate, formatPesos, formatTime, type Asegurado, type InspeccionDetalle, type Tercero } from '@siniestros/domain';
import { FileName } from '../../../components/FileName';
import { documentoUrl, todosDocumentosUrl, useDocumentos } from '../../documentacion';
import { ReadOnlyField } from './ReadOnlyField';

const GRID = { base: 2, md: 3 } as const;

/**
 * Spec §2, inspection close and view: below the inspection, the case data, its documents with
 * 'Descargar Todo', the third party and the insured party, all read-only.
 */
export function InspeccionCasoInfo({ detalle }: { detalle: InspeccionDetalle }) {
  const { caso, tercero, asegurado } = detalle;
  const analista = [caso.apellido_analista, caso.nombre_analista].filter(Boolean).join(' ');
  return (
    <Stack>
      <Paper withBorder p="md" component="section" aria-label="Datos del Caso">
        <Title order={4} mb="sm">
          Caso {caso.id}
        </Title>
        <SimpleGrid cols={GRID} spacing="md" verticalSpacing="sm">
          <ReadOnlyField label="Compañia">{caso.nombre_compania}</ReadOnlyField>
          <ReadOnlyField label="Nro. Siniestro">{caso.reclamo_nro}</ReadOnlyField>
          <ReadOnlyField label="Fecha del Siniestro">{formatDate(caso.fecha_siniestro)}</ReadOnlyField>
          <ReadOnlyField label="Hora del Siniestro">{formatTime(caso.hora_siniestro)}</ReadOnlyField>
          <ReadOnlyField label="Fecha Denuncia">{formatDate(caso.fecha_denuncia)}</ReadOnlyField>
          <ReadOnlyField label="Analista">{analista}</ReadOnlyField>
          <ReadOnlyField label="Gestor">{caso.gestor}</ReadOnlyField>
          <ReadOnlyField label="Producto">{caso.producto}</ReadOnlyField>
          <ReadOnlyField label="Lugar del Siniestro" span>
            {caso.lugar_siniestro}
          </ReadOnlyField>
          <ReadOnlyField label="Descripción del Caso" span>
            {caso.declaracion_asegurado}
          </ReadOnlyField>
        </SimpleGrid>
      </Paper>
      <CasoDocumentos idCaso={caso.id} />
      <Paper withBorder p="md" component="section" aria-label="Tercero">
        <Title order={4} mb="sm">
          Tercero
        </Title>
        {tercero ? <PersonaFields persona={tercero} /> : <Text c="dimmed">El caso no tiene tercero.</Text>}
      </Paper>
      <Paper withBorder p="md" component="section" aria-label="Asegurado">
        <Title order={4} mb="sm">
          Asegurado
        </Title>
        <PersonaFields persona={asegurado} />
      </Paper>
    </Stack>
  );
}

/** The case's documents, each a download link, and 'Descargar Todo'. */
export function CasoDocumentos({ idCaso }: { idCaso: number }) {
  const documentos = useDocumentos(idCaso);
  const names = documentos.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label="Documentación">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Documentación</Title>
        {names.length > 0 && (
          <Button component="a" href={todosDocumentosUrl(idCaso)} download variant="light" leftSection={<IconDownload size={16} />}>
            Descargar Todo
          </Button>
        )}
      </Group>
      {documentos.isError && <Text c="red">Error al obtener los documentos</Text>}
      {documentos.isSuccess && names.length === 0 && <Text c="dimmed">El caso no tiene documentos.</Text>}
      <SimpleGrid cols={GRID} spacing="xs">
        {names.map((name) => (
          <Anchor key={name} href={documentoUrl(idCaso, name)} download={name} size="sm" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconFile size={16} style={{ flexShrink: 0 }} />
            <FileName name={name} />
          </Anchor>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function PersonaFields({ persona }: { persona: Tercero | Asegurado }) {
  const isAsegurado = 'poliza' in persona;
  return (
    <SimpleGrid cols={GRID} spacing="md" verticalSpacing="sm">
      <ReadOnlyField label="Apellido">{persona.apellido}</ReadOnlyField>
      <ReadOnlyField label="Nombre">{persona.nombre}</ReadOnlyField>
      <ReadOnlyField label="Documento">{[persona.tipo_doc, persona.nro_doc].filter(Boolean).join(' ')}</ReadOnlyField>
      <ReadOnlyField label="CUIT/CUIL">{persona.cuit}</ReadOnlyField>
      <ReadOnlyField label="Domicilio">{persona.domicilio}</ReadOnlyField>
      <ReadOnlyField label="Código Postal">{persona.codigo_postal}</ReadOnlyField>
      <ReadOnlyField label="Mail">{persona.mail}</ReadOnlyField>
      <ReadOnlyField label="Tel. Fijo">{persona.fijo}</ReadOnlyField>
      <ReadOnlyField label="Tel. Celular">{persona.cel}</ReadOnlyField>
      <ReadOnlyField label="Marca y Modelo">{persona.marca_modelo}</ReadOnlyField>
      <ReadOnlyField label="Año">{persona.anio}</ReadOnlyField>
      <ReadOnlyField label="Dominio">{persona.dominio}</ReadOnlyField>
      {isAsegurado && (
        <>
          <ReadOnlyField label="Póliza">{persona.poliza}</ReadOnlyField>
          <ReadOnlyField label="Numero de Chasis">{persona.nro_chasis}</ReadOnlyField>
          <ReadOnlyField label="Numero de Motor">{persona.nro_motor}</ReadOnlyField>
          <ReadOnlyField label="Suma asegurada">{formatPesos(persona.suma_asegurada)}</ReadOnlyField>
          <ReadOnlyField label="Accesorios">{persona.accesorios}</ReadOnlyField>
          <ReadOnlyField label="Otros">{persona.otros}</ReadOnlyField>
        </>
      )}
      <ReadOnlyField label="Descripción" span>
        {persona.detalle}
      </ReadOnlyField>
    </SimpleGrid>
  );
}
