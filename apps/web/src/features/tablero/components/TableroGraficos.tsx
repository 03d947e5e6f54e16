import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Paper, SimpleGrid, Title } from '@mantine/core';
import { TABLERO_TRAMOS, type Tablero } from '@siniestros/domain';

const numero = new Intl.NumberFormat('es-AR');

/**
 * The Tablero's two charts (@mantine/charts over recharts). The figures they draw are on the
 * screen as text and links already; each chart is one image whose name reads its figures, so a
 * screen reader hears them without walking the SVG.
 */
export function TableroGraficos({ data }: { data: Tablero }) {
  const porEstado = data.casos.porEstado.map((estado) => ({ estado: estado.estado, casos: estado.total }));
  // The axis names the days once; each bar's tick is short enough to be drawn at 390 px (recharts
  // drops a tick that would overlap its neighbour: '31 a 90 días' went missing on a phone).
  const antiguedad = TABLERO_TRAMOS.map((tramo) => ({
    tramo: tramo.hasta === null ? `más de ${tramo.desde - 1}` : `${tramo.desde} a ${tramo.hasta}`,
    label: tramo.label,
    alta: data.casos.antiguedadAlta[tramo.key],
    estado: data.casos.antiguedadEstado[tramo.key],
  }));
  const estadoTexto = porEstado.map((fila) => `${fila.estado}: ${numero.format(fila.casos)}`).join('; ');
  const antiguedadTexto = antiguedad
    .map((fila) => `${fila.label}: ${numero.format(fila.alta)} desde el alta, ${numero.format(fila.estado)} en el estado`)
    .join('; ');
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mt="md">
      <Paper withBorder p="md" component="section" aria-labelledby="grafico-estados">
        <Title order={2} size="h4" id="grafico-estados" mb="sm">
          Gráfico: casos abiertos por estado
        </Title>
        <Box role="img" aria-label={`Casos abiertos por estado. ${estadoTexto}.`}>
          <BarChart
            h={Math.max(200, porEstado.length * 34)}
            data={porEstado}
            dataKey="estado"
            orientation="vertical"
            yAxisProps={{ width: 150 }}
            series={[{ name: 'casos', label: 'Casos', color: 'blue.7' }]}
            gridAxis="none"
            withTooltip={false}
            barChartProps={{ accessibilityLayer: false }}
          />
        </Box>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="grafico-antiguedad">
        <Title order={2} size="h4" id="grafico-antiguedad" mb="sm">
          Gráfico: antigüedad de los casos abiertos
        </Title>
        <Box role="img" aria-label={`Antigüedad de los casos abiertos. ${antiguedadTexto}.`}>
          <BarChart
            h={260}
            data={antiguedad}
            dataKey="tramo"
            xAxisLabel="Días"
            xAxisProps={{ interval: 0 }}
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'alta', label: 'Desde el alta', color: 'blue.7' },
              { name: 'estado', label: 'En el estado actual', color: 'orange.7' },
            ]}
            withTooltip={false}
            barChartProps={{ accessibilityLayer: false }}
          />
        </Box>
      </Paper>
    </SimpleGrid>
  );
}
