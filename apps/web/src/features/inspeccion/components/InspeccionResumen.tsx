import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Title } from '@mantine/core';
import { formatDate, type Inspeccion } from '@siniestros/domain';
import { inspectorName } from '../../../lib/lookups';
import { EstadoBadge } from './EstadoBadge';
import { ReadOnlyField } from './ReadOnlyField';

/** The scheduled inspection, read-only: date, address and observations (spec §2), plus extras. */
export function InspeccionResumen({ inspeccion, children }: { inspeccion: Inspeccion; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Inspeccion">
      <Title order={4} mb="sm">
        Inspeccion {inspeccion.id}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <ReadOnlyField label="Fecha de la Inspeccion">{formatDate(inspeccion.fecha_inspeccion)}</ReadOnlyField>
        <ReadOnlyField label="Dirección">{inspeccion.direccion}</ReadOnlyField>
        <ReadOnlyField label="Estado">
          <EstadoBadge estado={inspeccion.estado} />
        </ReadOnlyField>
        <ReadOnlyField label="Inspector">{inspectorName({ apellido: inspeccion.inspector_apellido, nombre: inspeccion.inspector_nombre })}</ReadOnlyField>
        {children}
        <ReadOnlyField label="Observaciones" span>
          {inspeccion.detalle}
        </ReadOnlyField>
      </SimpleGrid>
    </Paper>
  );
}
