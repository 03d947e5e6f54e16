import { z } from 'zod';
import { aseguradoResponse, casoResponse, terceroResponse } from '../casos/casos.detail';
import { inspeccionResponse } from './inspecciones.schemas';

/** The case data the inspection screens show (spec §2, Inspection close and Inspection view). */
export const inspeccionCasoResponse = casoResponse.pick({
  id: true,
  id_estado: true,
  estado: true,
  id_compania: true,
  nombre_compania: true,
  reclamo_nro: true,
  fecha_siniestro: true,
  hora_siniestro: true,
  fecha_denuncia: true,
  id_analista: true,
  apellido_analista: true,
  nombre_analista: true,
  gestor: true,
  id_producto: true,
  producto: true,
  lugar_siniestro: true,
  declaracion_asegurado: true,
});
export type InspeccionCaso = z.infer<typeof inspeccionCasoResponse>;

/** GET /inspeccion/{id} and /inspeccion/d/{id} (spec §3, Inspection detail response): `{ data: InspeccionDetalle }`. */
export const inspeccionDetalleResponse = z.object({
  caso: inspeccionCasoResponse,
  /** The case's first third party, if any. */
  tercero: terceroResponse.nullable(),
  asegurado: aseguradoResponse,
  inspeccion: inspeccionResponse.extend({ inspector_nombre: z.string(), inspector_apellido: z.string() }),
});
export type InspeccionDetalle = z.infer<typeof inspeccionDetalleResponse>;
export const inspeccionDetalleDataResponse = z.object({ data: inspeccionDetalleResponse });
