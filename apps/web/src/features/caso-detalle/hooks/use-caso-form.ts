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
    /** The edit versions read: a save after another person's is refused (docs/decisions/074). */
    version: number;
    id_producto: string;
    id_analista: string;
    via_ingreso: string;
    completa_doc: boolean;
    /** A new analyst takes the case's open tasks (asked under the select; the server reads it only on a change, docs/decisions/083). */
    mover_tareas: boolean;
    // Not on this screen, but editable through the same call: sent back as read so a save keeps them.
    presupuesto: string | null;
    cotizacion: string | null;
    valor_acordado: string | null;
    ampliacion: string | null;
  };
  asegurados: AseguradoValues & { id: number; version: number };
  terceros: TerceroValues[];
};

/** A saved third party keeps its id and lawyer; a new block has neither. */
export type TerceroValues = PersonaValues & { id?: number; version?: number; id_letrado?: number | null };

export const emptyTercero = (idTipoDoc: number | undefined): TerceroValues => emptyPersona(str(idTipoDoc));

export function toFormValues({ caso, asegurados: asegurado, terceros }: CasoDetalle): CasoFormValues {
  return {
    caso: {
      id: caso.id,
      version: caso.version,
      ...formValuesOf(caso, CASO_CORE_KEYS),
      hora_siniestro: formatTime(caso.hora_siniestro, ''),
      id_producto: str(caso.id_producto),
      id_analista: str(caso.id_analista),
      via_ingreso: str(caso.via_ingreso),
      completa_doc: caso.completa_doc,
      mover_tareas: true,
      presupuesto: caso.presupuesto,
      cotizacion: caso.cotizacion,
      valor_acordado: caso.valor_acordado,
      ampliacion: caso.ampliacion,
    },
    asegurados: { id: asegurado.id, version: asegurado.version, ...formValuesOf(asegurado, ASEGURADO_WRITE_KEYS) },
    terceros: terceros.map((tercero) => ({
      id: tercero.id,
      version: tercero.version,
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

/** Each field the person changed from `read` keeps their value; every other field takes `server`'s. */
function mergeEdits<T extends object>(server: T, read: T | undefined, mine: T): T {
  const merged = { ...server };
  for (const key of Object.keys(mine) as (keyof T)[]) {
    if (read === undefined || mine[key] !== read[key]) merged[key] = mine[key];
  }
  return merged;
}

/**
 * After another person saved first (409): the server's copy of the case with the person's own
 * edits on top and its new versions, left unsaved for them to review and save again (docs/decisions/074).
 * A third party they added stays; one changed by both keeps their fields.
 */
export function keepEditsOnServerCopy(form: CasoForm, detalle: CasoDetalle) {
  const server = toFormValues(detalle);
  const read = form.getInitialValues();
  const mine = form.getValues();
  const readTercero = (id: number | undefined) => read.terceros.find((tercero) => tercero.id === id);
  const merged: CasoFormValues = {
    caso: mergeEdits(server.caso, read.caso, { ...mine.caso, version: server.caso.version }),
    asegurados: mergeEdits(server.asegurados, read.asegurados, { ...mine.asegurados, version: server.asegurados.version }),
    terceros: [
      ...server.terceros.map((tercero) => {
        const myTercero = mine.terceros.find((item) => item.id === tercero.id);
        return myTercero ? mergeEdits(tercero, readTercero(tercero.id), { ...myTercero, version: tercero.version }) : tercero;
      }),
      ...mine.terceros.filter((tercero) => tercero.id === undefined),
    ],
  };
  form.setValues(merged);
  form.resetDirty(server);
}
