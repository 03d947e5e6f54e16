import { useEffect } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ASEGURADO_WRITE_KEYS, casoFullUpdateSchema, formatTime, type CasoDetalle } from '@siniestros/domain';
import { CASO_CORE_KEYS, emptyPersona, formValuesOf, PERSONA_KEYS, type AseguradoValues, type CasoCoreValues, type PersonaValues } from '../../casos';

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The fields a person edits: the creation form's, with the ids and what only an existing case has. */
export type CasoFormValues = {
  caso: CasoCoreValues & {
    id: number;
    id_producto: string;
    id_analista: string;
    via_ingreso: string;
    completa_doc: boolean;
    // Not on this screen, but editable through the same call: sent back as read so a save keeps them.
    presupuesto: string | null;
    cotizacion: string | null;
    valor_acordado: string | null;
    ampliacion: string | null;
  };
  asegurados: AseguradoValues & { id: number };
  terceros: TerceroValues[];
};

/** A saved third party keeps its id and lawyer; a new block has neither. */
export type TerceroValues = PersonaValues & { id?: number; id_letrado?: number | null };

export const emptyTercero = (idTipoDoc: number | undefined): TerceroValues => emptyPersona(str(idTipoDoc));

export function toFormValues({ caso, asegurados: asegurado, terceros }: CasoDetalle): CasoFormValues {
  return {
    caso: {
      id: caso.id,
      ...formValuesOf(caso, CASO_CORE_KEYS),
      hora_siniestro: formatTime(caso.hora_siniestro, ''),
      id_producto: str(caso.id_producto),
      id_analista: str(caso.id_analista),
      via_ingreso: str(caso.via_ingreso),
      completa_doc: caso.completa_doc,
      presupuesto: caso.presupuesto,
      cotizacion: caso.cotizacion,
      valor_acordado: caso.valor_acordado,
      ampliacion: caso.ampliacion,
    },
    asegurados: { id: asegurado.id, ...formValuesOf(asegurado, ASEGURADO_WRITE_KEYS) },
    terceros: terceros.map((tercero) => ({
      id: tercero.id,
      id_letrado: tercero.id_letrado,
      ...formValuesOf(tercero, PERSONA_KEYS),
    })),
  };
}

export type CasoForm = UseFormReturnType<CasoFormValues>;

/**
 * The main form of the case detail, validated with the same schema as PATCH /casos/{id}.
 * It follows the server's copy while nobody is typing: a refetch after a flag toggle or a
 * transition must not throw away unsaved edits.
 */
export function useCasoForm(detalle: CasoDetalle): CasoForm {
  const form = useForm<CasoFormValues>({ initialValues: toFormValues(detalle), validate: zod4Resolver(casoFullUpdateSchema) });
  const { isDirty, setValues, resetDirty } = form;
  useEffect(() => {
    if (isDirty()) return;
    const values = toFormValues(detalle);
    setValues(values);
    resetDirty(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new server copy re-initializes the form
  }, [detalle]);
  return form;
}

/** Puts the form back on the server's copy, e.g. right after a save. */
export function resetCasoForm(form: CasoForm, detalle: CasoDetalle) {
  const values = toFormValues(detalle);
  form.setValues(values);
  form.resetDirty(values);
}
