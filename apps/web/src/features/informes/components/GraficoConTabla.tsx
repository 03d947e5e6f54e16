import { useState, type ReactNode } from 'react';
import { Box, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { TableHeader } from '../../../components/ListTableParts';

export type ColumnaTabla<T> = { label: string; valor: (fila: T) => ReactNode; numero?: boolean };

/**
 * One chart of the Informe (docs/decisions/095): a titled region; the chart is one image whose name
 * (`nombre`) says what it draws, for a screen reader that does not walk the SVG; 'Ver tabla' swaps
 * it for its data as a table (the same rows the chart draws). On paper the chart prints. `vacio`:
 * the chart would draw nothing, so this sentence stands in its place (the switch stays while the
 * table has rows).
 */
export function GraficoConTabla<T>({
  id,
  titulo,
  nombre,
  columnas,
  filas,
  clave,
  vacio,
  children,
}: {
  id: string;
  titulo: string;
  nombre: string;
  columnas: ColumnaTabla<T>[];
  filas: readonly T[];
  clave: (fila: T) => string;
  vacio?: string;
  children: ReactNode;
}) {
  const [isTabla, setTabla] = useState(false);
  const tituloId = `${id}-titulo`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={tituloId} data-informe-grafico>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id={tituloId}>
          {titulo}
        </Title>
        {vacio && filas.length === 0 ? null : (
          <Box data-informe-no-imprimir>
            <Switch
              label="Ver tabla"
              checked={isTabla}
              onChange={(event) => setTabla(event.currentTarget.checked)}
              aria-controls={`${id}-contenido`}
            />
          </Box>
        )}
      </Group>
      <Box id={`${id}-contenido`}>
        {isTabla ? (
          <Table.ScrollContainer minWidth={240}>
            <Table striped aria-labelledby={tituloId}>
              <TableHeader
                cells={columnas.map((columna) => (columna.numero ? { label: columna.label, ta: 'right' as const } : columna.label))}
              />
              <Table.Tbody>
                {filas.map((fila) => (
                  <Table.Tr key={clave(fila)}>
                    {columnas.map((columna) => (
                      <Table.Td key={columna.label} ta={columna.numero ? 'right' : undefined}>
                        {columna.valor(fila)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : vacio ? (
          <Text size="sm" c="dimmed">
            {vacio}
          </Text>
        ) : (
          <Box role="img" aria-label={nombre}>
            {children}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
