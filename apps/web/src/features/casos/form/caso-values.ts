/**
 * What the case forms edit (creation and detail alike): text as typed, selects as id strings
 * (null or '' for none). The detail adds the ids and the fields only an existing case has.
 */
export type CasoCoreValues = {
  id_compania: string | null;
  reclamo_nro: string;
  gestor: string;
  fecha_siniestro: string;
  hora_siniestro: string;
  fecha_denuncia: string;
  lugar_siniestro: string;
  declaracion_asegurado: string;
};

/** The fields the insured party and a third party share (spec §3), their vehicle included. */
export type PersonaValues = {
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
  anio: string;
  dominio: string;
  detalle: string;
};

export type AseguradoValues = PersonaValues & {
  poliza: string;
  nro_chasis: string;
  nro_motor: string;
  suma_asegurada: string;
  accesorios: string;
  otros: string;
};

export const emptyPersona = (idTipoDoc: string | null): PersonaValues => ({
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
  anio: '',
  dominio: '',
  detalle: '',
});

export const emptyAsegurado = (idTipoDoc: string | null): AseguradoValues => ({
  ...emptyPersona(idTipoDoc),
  poliza: '',
  nro_chasis: '',
  nro_motor: '',
  suma_asegurada: '',
  accesorios: '',
  otros: '',
});
