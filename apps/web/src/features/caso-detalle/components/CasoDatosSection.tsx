import { Fieldset, Grid, Select, Textarea, TextInput } from '@mantine/core';
import { CASO_INPUT_LIMITS, type CasoDetalle } from '@siniestros/domain';
import type { CasoForm } from '../hooks/use-caso-form';
import { DateField } from '../../../components/DateField';
import { selectProps } from './select-props';
import { TimeField } from '../../../components/TimeField';

const half = { base: 12, sm: 6, lg: 4 };

/** Spec §2 case detail, main form: the case data. */
export function CasoDatosSection({ form, detalle }: { form: CasoForm; detalle: CasoDetalle }) {
  const companias = detalle.companias.map((item) => ({ value: String(item.id), label: item.nombre }));
  const productos = detalle.productos.map((item) => ({ value: String(item.id), label: item.nombre }));
  const analistas = detalle.analistas.map((item) => ({ value: String(item.id), label: `${item.apellido} ${item.nombre}` }));
  return (
    <Fieldset legend="Datos del Caso">
      <Grid>
        <Grid.Col span={half}>
          <Select
            label="Compañia"
            required
            data={companias}
            searchable
            allowDeselect={false}
            {...selectProps(form, 'caso.id_compania')}
          />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Nro. Siniestro" required inputMode="numeric" {...form.getInputProps('caso.reclamo_nro')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Gestor" required {...form.getInputProps('caso.gestor')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <DateField label="Fecha del Siniestro" required clearable={false} {...form.getInputProps('caso.fecha_siniestro')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TimeField label="Hora del Siniestro" clearable {...form.getInputProps('caso.hora_siniestro')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <DateField label="Fecha Denuncia" required clearable={false} {...form.getInputProps('caso.fecha_denuncia')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <Select label="Producto" data={productos} clearable {...selectProps(form, 'caso.id_producto')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <Select label="Analista" data={analistas} clearable searchable {...selectProps(form, 'caso.id_analista')} />
        </Grid.Col>
        <Grid.Col span={half}>
          <TextInput label="Via de Ingreso" {...form.getInputProps('caso.via_ingreso')} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Lugar del Siniestro"
            autosize
            minRows={2}
            maxLength={CASO_INPUT_LIMITS.lugar_siniestro}
            {...form.getInputProps('caso.lugar_siniestro')}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <Textarea
            label="Descripción del Caso"
            autosize
            minRows={3}
            maxRows={12}
            maxLength={CASO_INPUT_LIMITS.declaracion_asegurado}
            {...form.getInputProps('caso.declaracion_asegurado')}
          />
        </Grid.Col>
      </Grid>
    </Fieldset>
  );
}
