import { Grid, Select, TextInput } from '@mantine/core';
import type { Lookup } from '@siniestros/domain';
import type { CasoForm } from '../hooks/use-caso-form';
import { selectProps } from './select-props';

export const FIELD_SPAN = { base: 12, sm: 6, lg: 4 };

/** The fields the insured party and a third party share (spec §3, Asegurado and Tercero). */
export function PersonaFields({
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
  const field = (name: string) => form.getInputProps(`${path}.${name}`);
  const tiposDoc = tDoc.map((item) => ({ value: String(item.id), label: item.nombre }));
  return (
    <>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Apellido" withAsterisk {...field('apellido')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Nombre" {...field('nombre')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <Select label="Tipo Doc" withAsterisk data={tiposDoc} allowDeselect={false} {...selectProps(form, `${path}.id_tipo_doc`)} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Nro. Documento" withAsterisk {...field('nro_doc')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="CUIT/CUIL" {...field('cuit')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Domicilio" {...field('domicilio')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label={codigoPostalLabel} {...field('codigo_postal')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Mail" {...field('mail')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Tel. Fijo" {...field('fijo')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Tel. Celular" {...field('cel')} />
      </Grid.Col>
    </>
  );
}

/** Vehicle fields of both: Marca y Modelo*, Año, Dominio*. */
export function VehiculoFields({ form, path }: { form: CasoForm; path: string }) {
  const field = (name: string) => form.getInputProps(`${path}.${name}`);
  return (
    <>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Marca y Modelo" withAsterisk {...field('marca_modelo')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Año" inputMode="numeric" {...field('anio')} />
      </Grid.Col>
      <Grid.Col span={FIELD_SPAN}>
        <TextInput label="Dominio" withAsterisk {...field('dominio')} />
      </Grid.Col>
    </>
  );
}
