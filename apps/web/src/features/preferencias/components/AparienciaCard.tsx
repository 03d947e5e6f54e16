import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DENSIDADES, ESQUEMAS_COLOR, PREFERENCIAS_TEXTS, type Densidad, type EsquemaColor } from '@siniestros/domain';
import { usePreferencias } from '../hooks/use-preferencias';

const esquemas = ESQUEMAS_COLOR.map((value) => ({ value, label: PREFERENCIAS_TEXTS.esquema[value] }));
const densidades = DENSIDADES.map((value) => ({ value, label: PREFERENCIAS_TEXTS.densidad[value] }));

/** 'Apariencia' in Mi cuenta (issue 44 item 6, docs/decisions/101): saved for the user, in any browser. */
export function AparienciaCard() {
  const preferencias = usePreferencias();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="apariencia-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="apariencia-title">
          Apariencia
        </Title>
        <Text size="sm" c="dimmed">
          Se guarda en su usuario: la verá igual en cualquier navegador.
        </Text>
        <Text size="sm" fw={500} id="apariencia-esquema">
          Modo de color
        </Text>
        <SegmentedControl
          aria-labelledby="apariencia-esquema"
          value={preferencias.esquema}
          onChange={(value) => preferencias.cambiar({ esquema: value as EsquemaColor })}
          data={esquemas}
        />
        <Text size="sm" fw={500} id="apariencia-densidad">
          Filas de las listas
        </Text>
        <SegmentedControl
          aria-labelledby="apariencia-densidad"
          value={preferencias.densidad}
          onChange={(value) => preferencias.cambiar({ densidad: value as Densidad })}
          data={densidades}
        />
      </Stack>
    </Card>
  );
}
