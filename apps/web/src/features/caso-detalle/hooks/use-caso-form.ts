import { useEffect } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { casoFullUpdateSchema, formatTime, type Asegurado, type CasoDetalle, type Tercero } from '@siniestros/domain';
import { emptyPersona, type AseguradoValues, type CasoCoreValues, type PersonaValues } from '../../casos';

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

function personaValues(persona: Omit<Asegurado | Tercero, 'id'>): PersonaValues {
  return {
    apellido: persona.apellido,
    nombre: str(persona.nombre),
    id_tipo_doc: str(persona.id_tipo_doc),
    nro_doc: str(persona.nro_doc),
    cuit: str(persona.cuit),
    domicilio: str(persona.domicilio),
    codigo_postal: str(persona.codigo_postal),
    fijo: str(persona.fijo),
    cel: str(persona.cel),
    cbu: str(persona.cbu),
    marca_modelo: str(persona.marca_modelo),
    anio: str(persona.anio),
    dominio: str(persona.dominio),
    mail: str(persona.mail),
    detalle: str(persona.detalle),
  };
}

export const emptyTercero = (idTipoDoc: number | undefined): TerceroValues => emptyPersona(str(idTipoDoc));

export function toFormValues({ caso, asegurados: asegurado, terceros }: CasoDetalle): CasoFormValues {
  return {
    caso: {
      id: caso.id,
      id_compania: str(caso.id_compania),
      reclamo_nro: caso.reclamo_nro,
      gestor: caso.gestor,
      fecha_siniestro: str(caso.fecha_siniestro),
      hora_siniestro: formatTime(caso.hora_siniestro, ''),
      fecha_denuncia: str(caso.fecha_denuncia),
      lugar_siniestro: str(caso.lugar_siniestro),
      declaracion_asegurado: str(caso.declaracion_asegurado),
      id_producto: str(caso.id_producto),
      id_analista: str(caso.id_analista),
      via_ingreso: str(caso.via_ingreso),
      completa_doc: caso.completa_doc,
      presupuesto: caso.presupuesto,
      cotizacion: caso.cotizacion,
      valor_acordado: caso.valor_acordado,
      ampliacion: caso.ampliacion,
    },
    asegurados: {
      id: asegurado.id,
      ...personaValues(asegurado),
      poliza: str(asegurado.poliza),
      nro_chasis: str(asegurado.nro_chasis),
      nro_motor: str(asegurado.nro_motor),
      suma_asegurada: str(asegurado.suma_asegurada),
      accesorios: str(asegurado.accesorios),
      otros: str(asegurado.otros),
    },
    terceros: terceros.map((tercero) => ({
      id: tercero.id,
      id_letrado: tercero.id_letrado,
      ...personaValues(tercero),
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
