import type { ReactNode } from 'react';
import { Button, Grid, Group, Paper, Select, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { CASO_INPUT_LIMITS, type Lookup } from '@siniestros/domain';
import type { AltaValues } from '../hooks/use-alta-form';
import { DateField } from '../../../components/DateField';
import { PersonaFields, type PersonaField } from '../../../components/PersonaFields';
import { TimeField } from '../../../components/TimeField';

/**
 * A field's share of the 12-column grid: as drawn on a desktop (md and up), two to a row on a
 * narrow window or 200 % zoom, one to a row on a phone, so no field is squeezed (WCAG 1.4.10).
 */
const col = (span: number) => ({ base: 12, xs: Math.max(span, 6), md: span });

type Form = UseFormReturnType<AltaValues>;
type Options = { value: string; label: string }[];

export const lookupOptions = (rows: Lookup[] | undefined): Options =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.nombre }));

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{title}</Title>
        {actions}
      </Group>
      {children}
    </Paper>
  );
}

const counter = (value: string, max: number) => `${value.length}/${max}`;

/** Keeps the digits and one decimal separator (a typed comma becomes the dot the API expects). */
const decimalOnly = (value: string) => value.replace(',', '.').replace(/[^\d.]/g, '');

/** Spec §2, case creation: the Caso section. */
export function CasoSection({ form, companias }: { form: Form; companias: Options }) {
  const caso = form.values.caso;
  return (
    <Section title="Caso">
      <Grid gap="sm">
        <Grid.Col span={col(2)}>
          <Select
            label="Compañia"
            required
            data={companias}
            searchable
            placeholder="Seleccione"
            {...form.getInputProps('caso.id_compania')}
          />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput
            label="Nro. Siniestro"
            required
            inputMode="numeric"
            maxLength={20}
            {...form.getInputProps('caso.reclamo_nro')}
            onChange={(event) => form.setFieldValue('caso.reclamo_nro', event.currentTarget.value.replace(/\D/g, ''))}
          />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Gestor" required maxLength={50} {...form.getInputProps('caso.gestor')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <DateField label="Fecha del Siniestro" required maxDate={new Date()} {...form.getInputProps('caso.fecha_siniestro')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TimeField label="Hora del Siniestro" clearable {...form.getInputProps('caso.hora_siniestro')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <DateField label="Fecha Denuncia" required maxDate={new Date()} {...form.getInputProps('caso.fecha_denuncia')} />
        </Grid.Col>
        <Grid.Col span={col(6)}>
          <Textarea
            label="Lugar del Siniestro"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={CASO_INPUT_LIMITS.lugar_siniestro}
            description={counter(caso.lugar_siniestro, CASO_INPUT_LIMITS.lugar_siniestro)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('caso.lugar_siniestro')}
          />
        </Grid.Col>
        <Grid.Col span={col(6)}>
          <Textarea
            label="Descripción del Caso"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={CASO_INPUT_LIMITS.declaracion_asegurado}
            description={counter(caso.declaracion_asegurado, CASO_INPUT_LIMITS.declaracion_asegurado)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('caso.declaracion_asegurado')}
          />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** Creation-form layout and lengths of the person fields the Asegurado and every Tercero share. */
const PERSONA_SPAN: Record<PersonaField, number> = {
  apellido: 3,
  nombre: 3,
  id_tipo_doc: 2,
  nro_doc: 2,
  cuit: 2,
  domicilio: 4,
  codigo_postal: 2,
  mail: 4,
  fijo: 2,
  cel: 2,
};
const personaSpan = (field: PersonaField) => col(PERSONA_SPAN[field]);
const PERSONA_MAX_LENGTH: Partial<Record<PersonaField, number>> = {
  apellido: 150,
  nombre: 150,
  nro_doc: 20,
  cuit: 20,
  domicilio: 200,
  codigo_postal: 20,
  mail: 400,
  fijo: 300,
  cel: 70,
};

/** Spec §2, case creation: the Asegurado section (* on the fields spec §5 requires). */
export function AseguradoSection({ form, tiposDoc }: { form: Form; tiposDoc: Options }) {
  const input = (field: keyof AltaValues['asegurado']) => form.getInputProps(`asegurado.${field}`);
  return (
    <Section title="Asegurado">
      <Grid gap="sm">
        <PersonaFields
          input={input}
          tiposDoc={tiposDoc}
          codigoPostalLabel="Código Postal"
          span={personaSpan}
          maxLength={PERSONA_MAX_LENGTH}
        />
        <Grid.Col span={col(2)}>
          <TextInput label="Póliza" maxLength={50} {...input('poliza')} />
        </Grid.Col>
        <Grid.Col span={col(3)}>
          <TextInput label="CBU" maxLength={50} {...input('cbu')} />
        </Grid.Col>
        <Grid.Col span={col(3)}>
          <TextInput label="Marca y Modelo" required maxLength={50} {...input('marca_modelo')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput
            label="Año"
            inputMode="numeric"
            maxLength={4}
            {...input('anio')}
            onChange={(event) => form.setFieldValue('asegurado.anio', event.currentTarget.value.replace(/\D/g, ''))}
          />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Dominio" required maxLength={20} {...input('dominio')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Numero de Chasis" maxLength={50} {...input('nro_chasis')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Numero de Motor" maxLength={50} {...input('nro_motor')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput
            label="Suma asegurada"
            inputMode="decimal"
            maxLength={16}
            {...input('suma_asegurada')}
            onChange={(event) => form.setFieldValue('asegurado.suma_asegurada', decimalOnly(event.currentTarget.value))}
          />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Accesorios" maxLength={200} {...input('accesorios')} />
        </Grid.Col>
        <Grid.Col span={col(2)}>
          <TextInput label="Otros" maxLength={200} {...input('otros')} />
        </Grid.Col>
        <Grid.Col span={col(12)}>
          <Textarea label="Descripción del Asegurado" autosize minRows={2} maxRows={6} maxLength={2000} {...input('detalle')} />
        </Grid.Col>
      </Grid>
    </Section>
  );
}

/** Spec §2, case creation: one third-party block added with '+ Terceros'. */
export function TerceroBlock({ form, index, tiposDoc, onRemove }: { form: Form; index: number; tiposDoc: Options; onRemove: () => void }) {
  const input = (field: keyof AltaValues['terceros'][number]) => form.getInputProps(`terceros.${index}.${field}`);
  const detalle = form.values.terceros[index]?.detalle ?? '';
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" role="group" aria-label={`Tercero ${index + 1}`}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Tercero {index + 1}
        </Text>
        <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconTrash size={14} />} onClick={onRemove}>
          Quitar
        </Button>
      </Group>
      <Grid gap="sm">
        <PersonaFields
          input={input}
          tiposDoc={tiposDoc}
          codigoPostalLabel="Codigo Postal"
          span={personaSpan}
          maxLength={PERSONA_MAX_LENGTH}
        />
        <Grid.Col span={col(3)}>
          <TextInput label="CBU" maxLength={50} {...input('cbu')} />
        </Grid.Col>
        <Grid.Col span={col(4)}>
          <TextInput label="Marca y Modelo" required maxLength={50} {...input('marca_modelo')} />
        </Grid.Col>
        <Grid.Col span={col(3)}>
          <TextInput label="Dominio" required maxLength={20} {...input('dominio')} />
        </Grid.Col>
        <Grid.Col span={col(12)}>
          <Textarea
            label="Descripcion"
            autosize
            minRows={2}
            maxRows={5}
            maxLength={CASO_INPUT_LIMITS.tercero_detalle}
            description={counter(detalle, CASO_INPUT_LIMITS.tercero_detalle)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...input('detalle')}
          />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
