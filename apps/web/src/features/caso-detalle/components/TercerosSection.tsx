import { Button, CloseButton, Fieldset, Group, Stack, Text } from '@mantine/core';
import { MAX_TERCEROS, type Lookup } from '@siniestros/domain';
import { bindForm, TerceroFields } from '../../casos';
import { emptyTercero, type CasoForm } from '../hooks/use-caso-form';

/** Spec §2 case detail: every third-party block, and an optional new one (up to 5, spec §9). */
export function TercerosSection({ form, tDoc }: { form: CasoForm; tDoc: Lookup[] }) {
  const terceros = form.values.terceros;
  const canAdd = terceros.length < MAX_TERCEROS;
  const tiposDoc = tDoc.map((item) => ({ value: String(item.id), label: item.nombre }));
  return (
    <Stack gap="sm">
      {terceros.length === 0 && (
        <Text c="dimmed" size="sm">
          El caso no tiene terceros cargados.
        </Text>
      )}
      {terceros.map((tercero, index) => {
        const path = `terceros.${index}`;
        const legend = `Tercero ${index + 1}`;
        return (
          <Fieldset
            key={tercero.id ?? `nuevo-${index}`}
            aria-label={legend}
            legend={
              <Group gap="xs" wrap="nowrap">
                <span>{legend}</span>
                {tercero.id === undefined && (
                  <CloseButton size="sm" aria-label={`Quitar ${legend}`} onClick={() => form.removeListItem('terceros', index)} />
                )}
              </Group>
            }
          >
            <TerceroFields bind={bindForm(form, path, '')} tiposDoc={tiposDoc} narrow />
          </Fieldset>
        );
      })}
      {canAdd && (
        <Group>
          <Button variant="light" onClick={() => form.insertListItem('terceros', emptyTercero(tDoc[0]?.id))}>
            + Tercero
          </Button>
        </Group>
      )}
    </Stack>
  );
}
