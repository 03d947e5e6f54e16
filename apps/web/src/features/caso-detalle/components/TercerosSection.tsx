import { Button, CloseButton, Fieldset, Grid, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CASO_INPUT_LIMITS, MAX_TERCEROS, type Lookup } from '@siniestros/domain';
import { emptyTercero, type CasoForm } from '../hooks/use-caso-form';
import { CasoPersonaFields, FIELD_SPAN, VehiculoFields } from './PersonaFields';

/** Spec §2 case detail: every third-party block, and an optional new one (up to 5, spec §9). */
export function TercerosSection({ form, tDoc }: { form: CasoForm; tDoc: Lookup[] }) {
  const terceros = form.values.terceros;
  const canAdd = terceros.length < MAX_TERCEROS;
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
            <Grid>
              <CasoPersonaFields form={form} path={path} tDoc={tDoc} codigoPostalLabel="Codigo Postal" />
              <Grid.Col span={FIELD_SPAN}>
                <TextInput label="CBU" {...form.getInputProps(`${path}.cbu`)} />
              </Grid.Col>
              <VehiculoFields form={form} path={path} />
              <Grid.Col span={12}>
                <Textarea
                  label="Descripcion"
                  autosize
                  minRows={2}
                  maxRows={10}
                  maxLength={CASO_INPUT_LIMITS.tercero_detalle}
                  {...form.getInputProps(`${path}.detalle`)}
                />
              </Grid.Col>
            </Grid>
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
