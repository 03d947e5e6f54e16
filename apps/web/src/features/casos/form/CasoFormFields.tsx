import { Grid, Select, Textarea, TextInput } from '@mantine/core';
import { CASO_INPUT_LIMITS } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { MoneyInput } from '../../../components/MoneyInput';
import { PersonaFields, type PersonaField } from '../../../components/PersonaFields';
import { TimeField } from '../../../components/TimeField';
import { digitsOnly, type FieldBinder } from './bind-form';

/**
 * The fields of a case, one set for the creation form and the detail form (spec §2): the same
 * labels, lengths, filters and layout in both; the detail adds what only an existing case has.
 */

export type Options = { value: string; label: string }[];

/**
 * A field's share of the 12-column grid. Across the page (creation) as drawn on a desktop (md
 * and up); in the detail's narrower column three fields to a row and the text areas alone. Two
 * to a row on a narrow window or 200 % zoom, one on a phone, so no field is squeezed
 * (WCAG 1.4.10).
 */
type Layout = { narrow?: boolean };
const columns = ({ narrow }: Layout) => (span: number) =>
  narrow ? { base: 12, sm: span >= 6 ? 12 : 6, lg: span >= 6 ? 12 : 4 } : { base: 12, xs: Math.max(span, 6), md: span };

const counter = (value: string, max: number) => `${value.length}/${max}`;
const COUNTED = { inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[] };

/** The case's own fields; `detalle` adds Producto, Analista and Via de Ingreso (an existing case's). */
export function CasoFields({ bind, companias, detalle, narrow }: { bind: FieldBinder; companias: Options; detalle?: { productos: Options; analistas: Options } } & Layout) {
  const col = columns({ narrow });
  return (
    <Grid gap="sm">
      <Grid.Col span={col(2)}>
        <Select label="Compañia" required data={companias} searchable allowDeselect={false} placeholder="Seleccione" {...bind.select('id_compania')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Nro. Siniestro" required inputMode="numeric" maxLength={20} {...bind.filtered('reclamo_nro', digitsOnly)} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Gestor" required maxLength={50} {...bind.input('gestor')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <DateField label="Fecha del Siniestro" required clearable={false} maxDate={new Date()} {...bind.input('fecha_siniestro')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TimeField label="Hora del Siniestro" clearable {...bind.input('hora_siniestro')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <DateField label="Fecha Denuncia" required clearable={false} maxDate={new Date()} {...bind.input('fecha_denuncia')} />
      </Grid.Col>
      {detalle && (
        <>
          <Grid.Col span={col(4)}>
            <Select label="Producto" data={detalle.productos} clearable {...bind.select('id_producto')} />
          </Grid.Col>
          <Grid.Col span={col(4)}>
            <Select label="Analista" data={detalle.analistas} clearable searchable {...bind.select('id_analista')} />
          </Grid.Col>
          <Grid.Col span={col(4)}>
            <TextInput label="Via de Ingreso" maxLength={50} {...bind.input('via_ingreso')} />
          </Grid.Col>
        </>
      )}
      <Grid.Col span={col(6)}>
        <Textarea
          label="Lugar del Siniestro"
          autosize
          minRows={2}
          maxRows={5}
          maxLength={CASO_INPUT_LIMITS.lugar_siniestro}
          description={counter(bind.value('lugar_siniestro'), CASO_INPUT_LIMITS.lugar_siniestro)}
          {...COUNTED}
          {...bind.input('lugar_siniestro')}
        />
      </Grid.Col>
      <Grid.Col span={col(6)}>
        <Textarea
          label="Descripción del Caso"
          autosize
          minRows={2}
          maxRows={12}
          maxLength={CASO_INPUT_LIMITS.declaracion_asegurado}
          description={counter(bind.value('declaracion_asegurado'), CASO_INPUT_LIMITS.declaracion_asegurado)}
          {...COUNTED}
          {...bind.input('declaracion_asegurado')}
        />
      </Grid.Col>
    </Grid>
  );
}

/** Layout and lengths of the person fields the Asegurado and every Tercero share. */
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

function Persona({ bind, tiposDoc, codigoPostalLabel, narrow }: { bind: FieldBinder; tiposDoc: Options; codigoPostalLabel: string } & Layout) {
  const col = columns({ narrow });
  const input = (field: PersonaField) => (field === 'id_tipo_doc' ? bind.select(field) : bind.input(field));
  return <PersonaFields input={input} tiposDoc={tiposDoc} codigoPostalLabel={codigoPostalLabel} span={(field) => col(PERSONA_SPAN[field])} maxLength={PERSONA_MAX_LENGTH} />;
}

/** Marca y Modelo*, Año, Dominio*: the vehicle of both the insured party and a third party. */
function Vehiculo({ bind, narrow }: { bind: FieldBinder } & Layout) {
  const col = columns({ narrow });
  return (
    <>
      <Grid.Col span={col(3)}>
        <TextInput label="Marca y Modelo" required maxLength={50} {...bind.input('marca_modelo')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Año" inputMode="numeric" maxLength={4} {...bind.filtered('anio', digitsOnly)} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Dominio" required maxLength={20} {...bind.input('dominio')} />
      </Grid.Col>
    </>
  );
}

/** The insured party (* on the fields spec §5 requires; Suma asegurada up to two decimals). */
export function AseguradoFields({ bind, tiposDoc, narrow }: { bind: FieldBinder; tiposDoc: Options } & Layout) {
  const col = columns({ narrow });
  return (
    <Grid gap="sm">
      <Persona bind={bind} tiposDoc={tiposDoc} codigoPostalLabel="Código Postal" narrow={narrow} />
      <Grid.Col span={col(2)}>
        <TextInput label="Póliza" maxLength={50} {...bind.input('poliza')} />
      </Grid.Col>
      <Grid.Col span={col(3)}>
        <TextInput label="CBU" maxLength={50} {...bind.input('cbu')} />
      </Grid.Col>
      <Vehiculo bind={bind} narrow={narrow} />
      <Grid.Col span={col(2)}>
        <TextInput label="Numero de Chasis" maxLength={50} {...bind.input('nro_chasis')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Numero de Motor" maxLength={50} {...bind.input('nro_motor')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <MoneyInput label="Suma asegurada" {...bind.input('suma_asegurada')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Accesorios" maxLength={200} {...bind.input('accesorios')} />
      </Grid.Col>
      <Grid.Col span={col(2)}>
        <TextInput label="Otros" maxLength={200} {...bind.input('otros')} />
      </Grid.Col>
      <Grid.Col span={col(12)}>
        <Textarea label="Descripción del Asegurado" autosize minRows={2} maxRows={10} maxLength={2000} {...bind.input('detalle')} />
      </Grid.Col>
    </Grid>
  );
}

/** One third party (spec §2 '+ Terceros'; up to 5). */
export function TerceroFields({ bind, tiposDoc, narrow }: { bind: FieldBinder; tiposDoc: Options } & Layout) {
  const col = columns({ narrow });
  return (
    <Grid gap="sm">
      <Persona bind={bind} tiposDoc={tiposDoc} codigoPostalLabel="Codigo Postal" narrow={narrow} />
      <Grid.Col span={col(3)}>
        <TextInput label="CBU" maxLength={50} {...bind.input('cbu')} />
      </Grid.Col>
      <Vehiculo bind={bind} narrow={narrow} />
      <Grid.Col span={col(12)}>
        <Textarea
          label="Descripcion"
          autosize
          minRows={2}
          maxRows={10}
          maxLength={CASO_INPUT_LIMITS.tercero_detalle}
          description={counter(bind.value('detalle'), CASO_INPUT_LIMITS.tercero_detalle)}
          {...COUNTED}
          {...bind.input('detalle')}
        />
      </Grid.Col>
    </Grid>
  );
}
