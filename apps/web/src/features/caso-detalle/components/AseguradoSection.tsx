import { Fieldset, Grid, Textarea, TextInput } from '@mantine/core';
import type { Lookup } from '@siniestros/domain';
import type { CasoForm } from '../hooks/use-caso-form';
import { CasoPersonaFields, FIELD_SPAN, VehiculoFields } from './PersonaFields';

/** Spec §2 case detail, Asegurado fields (Suma asegurada up to two decimals). */
export function AseguradoSection({ form, tDoc }: { form: CasoForm; tDoc: Lookup[] }) {
  const field = (name: string) => form.getInputProps(`asegurados.${name}`);
  return (
    <Fieldset legend="Asegurado">
      <Grid>
        <CasoPersonaFields form={form} path="asegurados" tDoc={tDoc} codigoPostalLabel="Código Postal" />
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Póliza" {...field('poliza')} />
        </Grid.Col>
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="CBU" {...field('cbu')} />
        </Grid.Col>
        <VehiculoFields form={form} path="asegurados" />
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Numero de Chasis" {...field('nro_chasis')} />
        </Grid.Col>
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Numero de Motor" {...field('nro_motor')} />
        </Grid.Col>
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Suma asegurada" inputMode="decimal" {...field('suma_asegurada')} />
        </Grid.Col>
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Accesorios" {...field('accesorios')} />
        </Grid.Col>
        <Grid.Col span={FIELD_SPAN}>
          <TextInput label="Otros" {...field('otros')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea label="Descripción del Asegurado" autosize minRows={2} maxRows={10} {...field('detalle')} />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
