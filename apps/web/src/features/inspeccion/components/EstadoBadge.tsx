import { Badge } from '@mantine/core';
import { INSPECCION_ESTADOS } from '@siniestros/domain';

const COLORS: Record<string, string> = {
  [INSPECCION_ESTADOS.COORDINADA]: 'blue',
  [INSPECCION_ESTADOS.LICITANDO]: 'orange',
  [INSPECCION_ESTADOS.FINALIZADA]: 'green',
};

export function EstadoBadge({ estado }: { estado: string }) {
  return (
    <Badge variant="light" tt="none" miw="max-content" color={COLORS[estado] ?? 'gray'}>
      {estado}
    </Badge>
  );
}
