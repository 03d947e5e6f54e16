import { lazy, Suspense } from 'react';
import { Alert, Button, Group, Loader, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { formatDateTime, ROL } from '@siniestros/domain';
import { PageTitle } from '../../../components/PageTitle';
import { useSession } from '../../../lib/session';
import { informeArchivoUrl, useInforme } from '../api/get-informe';
import { periodoTexto } from '../hooks/periodo';
import { useInformeParams } from '../hooks/use-informe-params';
import { InformeCifras } from './InformeCifras';
import { DestinatariosEditor, EnviadosLista } from './InformeEnvios';
import { InformeFiltros } from './InformeFiltros';
import classes from './InformesScreen.module.css';

/** The charts (recharts) load after the figures, in a chunk of their own (as the Tablero's). */
const InformeGraficos = lazy(() => import('./InformeGraficos').then((module) => ({ default: module.InformeGraficos })));

const ARCHIVOS = [
  { formato: 'pdf', label: 'Descargar PDF' },
  { formato: 'xlsx', label: 'Descargar Excel' },
] as const;

/** 'Informes' (/informes): the informe de gestión of a company, or of all, for a month or a range (issue 46, docs/decisions/095). */
export function InformesScreen() {
  const [params, setParams] = useInformeParams();
  const informe = useInforme(params);
  const isAdmin = useSession().data?.rol === ROL.ADMIN;
  const data = informe.data;
  const companiaNombre = data?.compania?.nombre ?? 'Todas las compañías';
  return (
    <div className={classes.informe} data-informe>
      <PageTitle>Informes</PageTitle>
      <InformeFiltros value={params} onChange={setParams} />
      {informe.isError && !data ? (
        <Alert color="red" title="No se pudo generar el informe">
          {informe.error.message}
        </Alert>
      ) : !data ? (
        <Loader role="status" aria-label="Cargando el informe" />
      ) : (
        <>
          <Group justify="space-between" align="flex-end" mb="md">
            <div>
              <Text fw={700} aria-live="polite">
                {companiaNombre} · {periodoTexto(data.desde, data.hasta)}
              </Text>
              <Text size="sm" c="dimmed">
                Generado el {formatDateTime(data.generado)}. Cada cifra en azul abre la lista de sus casos.
              </Text>
            </div>
            <Group gap="xs" data-informe-no-imprimir>
              {ARCHIVOS.map(({ formato, label }) => (
                <Button
                  key={formato}
                  component="a"
                  href={informeArchivoUrl(params, formato)}
                  download
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                >
                  {label}
                </Button>
              ))}
              <Button variant="default" onClick={() => window.print()} leftSection={<IconPrinter size={16} />}>
                Imprimir
              </Button>
            </Group>
          </Group>
          <InformeCifras informe={data} />
          <Suspense fallback={null}>
            <InformeGraficos informe={data} />
          </Suspense>
          <SimpleGrid cols={{ base: 1, lg: isAdmin && data.compania ? 2 : 1 }} spacing="md" mt="md" data-informe-no-imprimir>
            {isAdmin && data.compania && (
              <DestinatariosEditor key={data.compania.id} idCompania={data.compania.id} compania={data.compania.nombre} />
            )}
            <EnviadosLista idCompania={data.compania?.id ?? null} />
          </SimpleGrid>
        </>
      )}
    </div>
  );
}
