import { Grid, Select, TextInput, type GridColProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

export type PersonaField = 'apellido' | 'nombre' | 'id_tipo_doc' | 'nro_doc' | 'cuit' | 'domicilio' | 'codigo_postal' | 'mail' | 'fijo' | 'cel';
export type PersonaFieldsProps = {
  /** The form's input props of one field of this person (the Tipo Doc ones must suit a Select). */
  input: (field: PersonaField) => GetInputPropsReturnType;
  tiposDoc: { value: string; label: string }[];
  /** The spec spells it 'Código Postal' for the Asegurado and 'Codigo Postal' for a Tercero. */
  codigoPostalLabel: string;
  span: (field: PersonaField) => GridColProps['span'];
  maxLength?: Partial<Record<PersonaField, number>>;
};

/** The fields the insured party and a third party share (spec §2 and §3, Asegurado and Tercero). */
export function PersonaFields({ input, tiposDoc, codigoPostalLabel, span, maxLength = {} }: PersonaFieldsProps) {
  const text = (field: PersonaField, label: string, isRequired = false) => (
    <Grid.Col span={span(field)}>
      <TextInput label={label} required={isRequired} maxLength={maxLength[field]} {...input(field)} />
    </Grid.Col>
  );
  return (
    <>
      {text('apellido', 'Apellido', true)}
      {text('nombre', 'Nombre')}
      <Grid.Col span={span('id_tipo_doc')}>
        <Select label="Tipo Doc" required data={tiposDoc} allowDeselect={false} {...input('id_tipo_doc')} />
      </Grid.Col>
      {text('nro_doc', 'Nro. Documento', true)}
      {text('cuit', 'CUIT/CUIL')}
      {text('domicilio', 'Domicilio')}
      {text('codigo_postal', codigoPostalLabel)}
      {text('mail', 'Mail')}
      {text('fijo', 'Tel. Fijo')}
      {text('cel', 'Tel. Celular')}
    </>
  );
}
