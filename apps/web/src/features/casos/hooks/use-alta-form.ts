import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { altaSchema } from '@siniestros/domain';

/** What the case-creation form edits (spec §2): text as typed, selects as id strings. */
export type CasoValues = {
  id_compania: string | null;
  reclamo_nro: string;
  gestor: string;
  fecha_siniestro: string;
  hora_siniestro: string;
  fecha_denuncia: string;
  lugar_siniestro: string;
  declaracion_asegurado: string;
};

export type TerceroValues = {
  apellido: string;
  nombre: string;
  id_tipo_doc: string | null;
  nro_doc: string;
  cuit: string;
  domicilio: string;
  codigo_postal: string;
  mail: string;
  fijo: string;
  cel: string;
  cbu: string;
  marca_modelo: string;
  dominio: string;
  detalle: string;
};

export type AseguradoValues = TerceroValues & {
  poliza: string;
  anio: string;
  nro_chasis: string;
  nro_motor: string;
  suma_asegurada: string;
  accesorios: string;
  otros: string;
};

export type AltaValues = { caso: CasoValues; asegurado: AseguradoValues; terceros: TerceroValues[] };

const emptyCaso = (): CasoValues => ({
  id_compania: null,
  reclamo_nro: '',
  gestor: '',
  fecha_siniestro: '',
  hora_siniestro: '',
  fecha_denuncia: '',
  lugar_siniestro: '',
  declaracion_asegurado: '',
});

export const emptyTercero = (idTipoDoc: string | null): TerceroValues => ({
  apellido: '',
  nombre: '',
  id_tipo_doc: idTipoDoc,
  nro_doc: '',
  cuit: '',
  domicilio: '',
  codigo_postal: '',
  mail: '',
  fijo: '',
  cel: '',
  cbu: '',
  marca_modelo: '',
  dominio: '',
  detalle: '',
});

const emptyAsegurado = (idTipoDoc: string | null): AseguradoValues => ({
  ...emptyTercero(idTipoDoc),
  poliza: '',
  anio: '',
  nro_chasis: '',
  nro_motor: '',
  suma_asegurada: '',
  accesorios: '',
  otros: '',
});

/**
 * The failures of the values, in form order, one (the first) per field: what the toasts list
 * (spec §8, validation failures) while the inputs show the same messages.
 */
export function altaIssues(values: AltaValues): { path: string; message: string }[] {
  const parsed = altaSchema.safeParse(values);
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues.flatMap((issue) => {
    const path = issue.path.join('.');
    if (seen.has(path)) return [];
    seen.add(path);
    return [{ path, message: issue.message }];
  });
}

/** Validated with the same altaSchema the server parses POST /casos/alta with. */
export function useAltaForm(defaultTipoDoc: string | null) {
  return useForm<AltaValues>({
    initialValues: { caso: emptyCaso(), asegurado: emptyAsegurado(defaultTipoDoc), terceros: [] },
    validate: zod4Resolver(altaSchema, { errorPriority: 'first' }),
  });
}
