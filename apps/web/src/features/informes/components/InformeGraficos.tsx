import '@mantine/charts/styles.css';
import { BarChart, ScatterChart, type BarChartProps } from '@mantine/charts';
import { Anchor, SimpleGrid } from '@mantine/core';
import { Link } from 'react-router';
import { formatPesos, type Informe } from '@siniestros/domain';
import { numero } from '../../../components/Cifras';
import { mesCorto, mesLargo } from '../hooks/periodo';
import { formatDias } from './InformeCifras';
import { GraficoConTabla, type ColumnaTabla } from './GraficoConTabla';
import { datosAntiguedad, datosDuracion, datosPorCaso, datosRatios } from './informe-graficos-datos';

const COLORES = ['blue.7', 'orange.7', 'teal.8', 'grape.7', 'red.8', 'cyan.8', 'lime.9'];

/**
 * A bar chart of the Informe: 280 px high unless said; the legend (with two series or more) under it
 * in the series' order (recharts sorts it by label unless told); no tooltip and recharts' own
 * keyboard layer off: the chart is one named image, its table a switch away.
 */
function Barras({ series, ...props }: BarChartProps) {
  return (
    <BarChart
      h={280}
      series={series}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom', itemSorter: (item) => series.findIndex((serie) => serie.name === item.dataKey) }}
      withTooltip={false}
      barChartProps={{ accessibilityLayer: false }}
      {...props}
    />
  );
}
const pesosCortos = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });

type Mes = Informe['tendencia'][number];
type Caso = Informe['montos']['porCaso'][number];
const pesosONada = (value: number | null) => (value === null ? '-' : formatPesos(value));

const SERIES_CASOS = [
  { name: 'recibidos', label: 'Recibidos', color: COLORES[0]! },
  { name: 'cerrados', label: 'Cerrados', color: COLORES[1]! },
  { name: 'abiertos', label: 'Abiertos al fin del mes', color: COLORES[2]! },
];
const SERIES_MONTOS = [
  { name: 'ofrecido', label: 'Ofrecido', color: COLORES[0]! },
  { name: 'acordado', label: 'Acordado', color: COLORES[1]! },
  { name: 'inspeccionado', label: 'Inspeccionado', color: COLORES[2]! },
];

/** The Informe's charts (@mantine/charts over recharts), in a chunk of their own like the Tablero's (docs/decisions/095). */
export function InformeGraficos({ informe }: { informe: Informe }) {
  const tendencia = informe.tendencia;
  const etapas = informe.etapas;
  const columnasTendencia: ColumnaTabla<Mes>[] = [
    { label: 'Mes', valor: (mes) => mesLargo(mes.mes) },
    { label: 'Recibidos', valor: (mes) => numero.format(mes.recibidos), numero: true },
    { label: 'Cerrados', valor: (mes) => numero.format(mes.cerrados), numero: true },
    { label: 'Abiertos al fin del mes', valor: (mes) => numero.format(mes.abiertos), numero: true },
    { label: 'Plazos vencidos', valor: (mes) => numero.format(mes.plazosVencidos), numero: true },
    ...etapas.map((etapa) => ({
      label: `${etapa.label}: mediana / p90 (días)`,
      valor: (mes: Mes) => `${formatDias(mes.medianas[etapa.etapa] ?? null)} / ${formatDias(mes.p90[etapa.etapa] ?? null)}`,
      numero: true,
    })),
    { label: 'Pagado', valor: (mes) => formatPesos(mes.pagado), numero: true },
  ];
  const columnasMontos: ColumnaTabla<Mes>[] = [
    { label: 'Mes', valor: (mes) => mesLargo(mes.mes) },
    { label: 'Ofrecido', valor: (mes) => formatPesos(mes.ofrecido), numero: true },
    { label: 'Acordado', valor: (mes) => formatPesos(mes.acordado), numero: true },
    { label: 'Inspeccionado', valor: (mes) => formatPesos(mes.inspeccionado), numero: true },
  ];
  const duracion = datosDuracion(etapas);
  const seriesEtapas = etapas.map((etapa, index) => ({ name: etapa.etapa, label: etapa.label, color: COLORES[index % COLORES.length]! }));
  const ratios = datosRatios(informe.montos.distribucion);
  const antiguedad = datosAntiguedad(informe.abiertos.porAntiguedad);
  const porCaso = datosPorCaso(informe.montos);
  const columnasPorCaso: ColumnaTabla<Caso>[] = [
    {
      label: 'Caso',
      valor: (caso) => (
        <Anchor component={Link} to={`/casos/detalleCaso/${caso.id}`}>
          {caso.id}
        </Anchor>
      ),
    },
    { label: 'Ofrecido', valor: (caso) => pesosONada(caso.ofrecido), numero: true },
    { label: 'Acordado', valor: (caso) => formatPesos(caso.acordado), numero: true },
    { label: 'Inspeccionado', valor: (caso) => pesosONada(caso.inspeccionado), numero: true },
  ];
  const porMes = tendencia.map((mes) => ({ ...mes, mesCorto: mesCorto(mes.mes) }));

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="md">
      <GraficoConTabla
        id="grafico-tendencia"
        titulo="Tendencia de 12 meses"
        nombre={`Casos recibidos, cerrados y abiertos por mes. ${tendencia
          .map((mes) => `${mesLargo(mes.mes)}: ${mes.recibidos} recibidos, ${mes.cerrados} cerrados, ${mes.abiertos} abiertos`)
          .join('; ')}.`}
        columnas={columnasTendencia}
        filas={tendencia}
        clave={(mes) => mes.mes}
      >
        <Barras data={porMes} dataKey="mesCorto" series={SERIES_CASOS} />
      </GraficoConTabla>
      <GraficoConTabla
        id="grafico-montos"
        titulo="Ofrecido, acordado e inspeccionado por mes"
        nombre={`Montos de los casos cerrados con valor acordado, por mes. ${tendencia
          .map(
            (mes) =>
              `${mesLargo(mes.mes)}: ofrecido ${formatPesos(mes.ofrecido)}, acordado ${formatPesos(mes.acordado)}, inspeccionado ${formatPesos(mes.inspeccionado)}`,
          )
          .join('; ')}.`}
        columnas={columnasMontos}
        filas={tendencia}
        clave={(mes) => mes.mes}
      >
        <Barras
          data={porMes}
          dataKey="mesCorto"
          valueFormatter={(value) => pesosCortos.format(value)}
          yAxisProps={{ width: 70 }}
          series={SERIES_MONTOS}
        />
      </GraficoConTabla>
      <GraficoConTabla
        id="grafico-duracion"
        titulo="Duración de cada etapa"
        nombre={`Casos que dejaron cada etapa en el período, por días en ella. ${duracion
          .map((fila) => `${fila.tramo} días: ${etapas.map((etapa) => `${etapa.label} ${fila[etapa.etapa]}`).join(', ')}`)
          .join('; ')}.`}
        columnas={[
          { label: 'Días en la etapa', valor: (fila) => fila.tramo },
          ...etapas.map((etapa) => ({
            label: etapa.label,
            valor: (fila: (typeof duracion)[number]) => numero.format(fila[etapa.etapa]),
            numero: true,
          })),
        ]}
        filas={duracion}
        clave={(fila) => fila.tramo}
      >
        <Barras data={duracion} dataKey="tramo" xAxisLabel="Días en la etapa" xAxisProps={{ interval: 0 }} series={seriesEtapas} />
      </GraficoConTabla>
      <GraficoConTabla
        id="grafico-ratios"
        titulo="Acordado ÷ inspeccionado por caso"
        nombre={`Casos cerrados en el período con ambos montos, por el acordado como porcentaje del inspeccionado. ${ratios
          .map((fila) => `${fila.tramo}: ${fila.casos}`)
          .join('; ')}.`}
        columnas={[
          { label: 'Acordado ÷ inspeccionado', valor: (fila) => fila.tramo },
          { label: 'Casos', valor: (fila) => numero.format(fila.casos), numero: true },
        ]}
        filas={ratios}
        clave={(fila) => fila.tramo}
      >
        <Barras
          data={ratios}
          dataKey="tramo"
          xAxisProps={{ interval: 0 }}
          series={[{ name: 'casos', label: 'Casos', color: COLORES[3] }]}
        />
      </GraficoConTabla>
      <GraficoConTabla
        id="grafico-por-caso"
        titulo="Ofrecido y acordado por caso"
        nombre={`Cada caso cerrado en el período con valor acordado: el ofrecido en el eje horizontal, el acordado en el vertical. ${
          porCaso.muestra
            ? `Los ${informe.montos.porCaso.length} cerrados más recientes de ${informe.montos.casos}`
            : `${informe.montos.casos} casos`
        }; con ambos montos ${porCaso.puntos.length}, de ellos ${porCaso.alcanzaOfrecido} con el acordado igual o mayor al ofrecido.`}
        columnas={columnasPorCaso}
        filas={informe.montos.porCaso}
        clave={(caso) => String(caso.id)}
        vacio={
          porCaso.puntos.length > 0
            ? undefined
            : informe.montos.casos === 0
              ? 'Ningún caso se cerró en el período con valor acordado.'
              : 'Ningún caso cerrado en el período con valor acordado tiene valor ofrecido.'
        }
      >
        <ScatterChart
          h={280}
          data={[{ name: 'Casos', color: COLORES[0]!, data: porCaso.puntos }]}
          dataKey={{ x: 'ofrecido', y: 'acordado' }}
          labels={{ x: 'Ofrecido', y: 'Acordado' }}
          valueFormatter={(value) => pesosCortos.format(value)}
          withTooltip={false}
          scatterChartProps={{ accessibilityLayer: false }}
        />
      </GraficoConTabla>
      <GraficoConTabla
        id="grafico-antiguedad"
        titulo="Antigüedad de los abiertos al fin del período"
        nombre={`Casos abiertos por antigüedad desde el alta. ${informe.abiertos.porAntiguedad.map((tramo) => `${tramo.label}: ${tramo.total}`).join('; ')}.`}
        columnas={[
          { label: 'Antigüedad', valor: (tramo) => tramo.label },
          { label: 'Casos', valor: (tramo) => numero.format(tramo.total), numero: true },
        ]}
        filas={informe.abiertos.porAntiguedad}
        clave={(tramo) => tramo.key}
      >
        <Barras
          h={140}
          data={antiguedad.data}
          dataKey="fila"
          type="stacked"
          orientation="vertical"
          yAxisProps={{ width: 80 }}
          series={antiguedad.series.map((serie, index) => ({ ...serie, color: COLORES[index % COLORES.length]! }))}
        />
      </GraficoConTabla>
    </SimpleGrid>
  );
}
