import { Fieldset } from '@mantine/core';
import type { CasoDetalle } from '@siniestros/domain';
import { bindForm, CasoFields } from '../../casos';
import { MoverTareasCheckbox } from '../../tareas';
import type { CasoForm } from '../hooks/use-caso-form';

const options = (rows: { id: number; nombre: string; apellido?: string }[]) =>
  rows.map((row) => ({ value: String(row.id), label: row.apellido ? `${row.apellido} ${row.nombre}` : row.nombre }));

/** Spec §2 case detail, main form: the case data (the creation form's fields and the detail's own). */
export function CasoDatosSection({ form, detalle }: { form: CasoForm; detalle: CasoDetalle }) {
  return (
    <Fieldset legend="Datos del Caso">
      <CasoFields
        bind={bindForm(form, 'caso', '')}
        companias={options(detalle.companias)}
        detalle={{ productos: options(detalle.productos), analistas: options(detalle.analistas) }}
        narrow
      />
      {form.values.caso.id_analista !== String(detalle.caso.id_analista ?? '') && (
        <MoverTareasCheckbox
          idCaso={detalle.caso.id}
          checked={form.values.caso.mover_tareas}
          onChange={(checked) => form.setFieldValue('caso.mover_tareas', checked)}
        />
      )}
    </Fieldset>
  );
}
