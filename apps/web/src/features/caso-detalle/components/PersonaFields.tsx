import { Grid, TextInput } from '@mantine/core';
import type { Lookup } from '@siniestros/domain';
import type { CasoForm } from '../hooks/use-caso-form';
import { selectProps } from './select-props';
import { PersonaFields, type PersonaField } from '../../../components/PersonaFields';

export const FIELD_SPAN = { base: 12, sm: 6, lg: 4 };

/** The shared person fields (spec §3, Asegurado and Tercero) bound to the detail form at `path`. */
export function CasoPersonaFields({
  form,
  path,
  tDoc,
  codigoPostalLabel,
}: {
  form: CasoForm;
  path: string;
  tDoc: Lookup[];
  codigoPostalLabel: string;
}) {
  const input = (name: PersonaField) => (name === 'id_tipo_doc' ? selectProps(form, `${path}.${name}`) : form.getInputProps(`${path}.${name}`));
  const tiposDoc = tDoc.map((item) => ({ value: String(item.id), label: item.nombre }));
  return <PersonaFields input={input} tiposDoc={tiposDoc} codigoPostalLabel={codigoPostalLabel} span={() => FIELD_SPAN} />;
}

/** Vehicle fields of both: Marca y Modelo*, Año, Dominio*. */
export function VehiculoFields({ form, path }: { form: CasoForm; path: string }) {
  const field = (name: string) => form.getInputProps(`${path}.${name}`);
  return (
    <>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Marca y Modelo" required {...field('marca_modelo')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Año" inputMode="numeric" {...field('anio')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Dominio" required {...field('dominio')} />
      </Grid.Col>
    </>
  );
}
