import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DENSIDADES, ESQUEMAS_COLOR, PREFERENCIAS_TEXTS } from '@siniestros/domain';
import { usePreferencias } from '../hooks/use-preferencias';

/** One preference: its name, then its choices side by side (named by the text above them). */
function Preferencia<T extends string>({
  id,
  label,
  values,
  labels,
  value,
  onChange,
}: {
  id: string;
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(next) => onChange(next as T)}
        data={values.map((each) => ({ value: each, label: labels[each] }))}
      />
    </>
  );
}

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
        <Preferencia
          id="apariencia-esquema"
          label="Modo de color"
          values={ESQUEMAS_COLOR}
          labels={PREFERENCIAS_TEXTS.esquema}
          value={preferencias.esquema}
          onChange={(esquema) => preferencias.cambiar({ esquema })}
        />
        <Preferencia
          id="apariencia-densidad"
          label="Filas de las listas"
          values={DENSIDADES}
          labels={PREFERENCIAS_TEXTS.densidad}
          value={preferencias.densidad}
          onChange={(densidad) => preferencias.cambiar({ densidad })}
        />
      </Stack>
    </Card>
  );
}
