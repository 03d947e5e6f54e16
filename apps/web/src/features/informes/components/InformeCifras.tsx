import type { ReactNode } from 'react';
import { SimpleGrid, Table, Text } from '@mantine/core';
import { formatDate, formatPesos, INFORME_RATIOS, informeRatioSobre, type Informe } from '@siniestros/domain';
import { Cifra, numero, Tarjeta } from '../../../components/Cifras';
import { TableHeader } from '../../../components/ListTableParts';

type Filtro = Record<string, string> | null;

/** Where a figure leads: the case list with the filter the server gave it (the Tablero's mechanism, decisions 049, 093); none when null. */
export const casosUrl = (filtro: Filtro) => (filtro ? `/casos?${new URLSearchParams(filtro)}` : null);

const porcentaje = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 1 });
export const formatRatio = (ratio: number | null) => (ratio === null ? '-' : porcentaje.format(ratio));
export const formatDias = (dias: number | null) => (dias === null ? '-' : numero.format(dias));

/** A card whose figures are a table. */
function TarjetaTabla({
  id,
  title,
  columnas,
  children,
  vacia,
}: {
  id: string;
  title: string;
  columnas: string[];
  children: ReactNode;
  vacia?: string;
}) {
  return (
    <Tarjeta id={id} title={title}>
      {vacia ? (
        <Text size="sm" c="dimmed">
          {vacia}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={240}>
          <Table striped aria-labelledby={id}>
            <TableHeader cells={columnas.map((label, index) => (index === 0 ? label : { label, ta: 'right' as const }))} />
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Tarjeta>
  );
}

const Num = ({ children }: { children: ReactNode }) => <Table.Td ta="right">{children}</Table.Td>;

/** The report's figures as cards and tables (issue 46 item 1); each figure opens its cases when the server names their filter. */
export function InformeCifras({ informe }: { informe: Informe }) {
  const { recibidos, cerrados, abiertos, montos, pagos, plazosVencidos } = informe;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Tarjeta id="informe-movimiento" title="Casos del período">
          <Cifra label="Recibidos" value={recibidos.total} to={casosUrl(recibidos.filtro)} />
          <Cifra label="Cerrados" value={cerrados.total} to={casosUrl(cerrados.filtro)} />
          <Cifra label={`Abiertos al ${formatDate(abiertos.al)}`} value={abiertos.total} to={casosUrl(abiertos.filtro)} />
          <Cifra label="Plazos legales vencidos" value={plazosVencidos.total} />
          {plazosVencidos.porPlazo.map((plazo) => (
            <Cifra key={plazo.codigo} label={`· ${plazo.nombre}`} value={plazo.total} />
          ))}
          <Cifra label="Casos con plazos vencidos" value={plazosVencidos.casos} to={casosUrl(plazosVencidos.filtro)} />
        </Tarjeta>
        <Tarjeta id="informe-cerrados" title="Cerrados por motivo">
          {cerrados.porMotivo.map((motivo) => (
            <Cifra key={motivo.id_estado} label={motivo.motivo} value={motivo.total} to={casosUrl(motivo.filtro)} />
          ))}
        </Tarjeta>
        <Tarjeta id="informe-abiertos" title={`Abiertos al ${formatDate(abiertos.al)} por estado`}>
          {abiertos.porEstado.map((estado) => (
            <Cifra key={estado.id_estado} label={estado.estado} value={estado.total} to={casosUrl(estado.filtro)} />
          ))}
        </Tarjeta>
        <Tarjeta id="informe-antiguedad" title="Antigüedad de los abiertos (desde el alta)">
          {abiertos.porAntiguedad.map((tramo) => (
            <Cifra key={tramo.key} label={tramo.label} value={tramo.total} to={casosUrl(tramo.filtro)} />
          ))}
        </Tarjeta>
        <Tarjeta id="informe-montos" title="Ofrecido, acordado e inspeccionado">
          <Cifra label="Cerrados con valor acordado" value={montos.casos} to={casosUrl(montos.filtro)} />
          <Cifra label="Ofrecido" value={montos.ofrecido} format={formatPesos} />
          <Cifra label="Acordado" value={montos.acordado} format={formatPesos} />
          <Cifra label="Inspeccionado" value={montos.inspeccionado} format={formatPesos} />
          {INFORME_RATIOS.map(({ key, label }) => (
            <Cifra
              key={key}
              label={`${label} (${informeRatioSobre(key, montos.casos, montos.conInspeccion.casos)})`}
              value={montos.ratios[key]}
              format={formatRatio}
            />
          ))}
        </Tarjeta>
        <Tarjeta id="informe-pagos" title="Pagos del período">
          <Cifra label="Pagos realizados" value={pagos.cantidad} />
          <Cifra label="Casos con pagos" value={pagos.casos} to={casosUrl(pagos.filtro)} />
          <Cifra label="Total pagado" value={pagos.total} format={formatPesos} />
        </Tarjeta>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="md">
        <TarjetaTabla id="informe-etapas" title="Días por etapa" columnas={['Etapa', 'Casos', 'Mediana', 'Percentil 90']}>
          {informe.etapas.map((etapa) => (
            <Table.Tr key={etapa.etapa}>
              <Table.Td>{etapa.label}</Table.Td>
              <Num>{numero.format(etapa.casos)}</Num>
              <Num>{formatDias(etapa.mediana)}</Num>
              <Num>{formatDias(etapa.p90)}</Num>
            </Table.Tr>
          ))}
        </TarjetaTabla>
        <TarjetaTabla
          id="informe-inspectores"
          title="Días de inspección por inspector"
          columnas={['Inspector', 'Casos', 'Mediana', 'Percentil 90']}
          vacia={informe.porInspector.length === 0 ? 'Ninguna inspección terminó en el período.' : undefined}
        >
          {informe.porInspector.map((inspector) => {
            const etapa = inspector.etapas.find((item) => item.etapa === 'inspeccion');
            return (
              <Table.Tr key={inspector.id_inspector}>
                <Table.Td>{inspector.inspector}</Table.Td>
                <Num>{numero.format(etapa?.casos ?? 0)}</Num>
                <Num>{formatDias(etapa?.mediana ?? null)}</Num>
                <Num>{formatDias(etapa?.p90 ?? null)}</Num>
              </Table.Tr>
            );
          })}
        </TarjetaTabla>
      </SimpleGrid>
      <TarjetaAnalistas informe={informe} />
    </>
  );
}

/** Median and 90th percentile days of each stage, one row an analyst. */
function TarjetaAnalistas({ informe }: { informe: Informe }) {
  const etapas = informe.etapas.map((etapa) => ({ key: etapa.etapa, label: etapa.label }));
  return (
    <Tarjeta id="informe-analistas" title="Días por etapa y analista (mediana / percentil 90)">
      {informe.porAnalista.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ningún caso dejó una etapa en el período.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="informe-analistas">
            <TableHeader cells={['Analista', ...etapas.map((etapa) => ({ label: etapa.label, ta: 'right' as const }))]} />
            <Table.Tbody>
              {informe.porAnalista.map((analista) => (
                <Table.Tr key={analista.id_analista ?? 'sin'}>
                  <Table.Td>{analista.analista}</Table.Td>
                  {etapas.map(({ key }) => {
                    const etapa = analista.etapas.find((item) => item.etapa === key);
                    return (
                      <Num key={key}>{etapa && etapa.casos > 0 ? `${formatDias(etapa.mediana)} / ${formatDias(etapa.p90)}` : '-'}</Num>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Tarjeta>
  );
}
