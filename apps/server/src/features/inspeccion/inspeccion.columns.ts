import { sql } from 'drizzle-orm';
import type { InspeccionEstado } from '@siniestros/domain';
import { inspectores } from '../../db/tables/reference';
import { inspecciones } from '../../db/tables/inspeccion';

/** An inspection as the API shows it (spec §3 Inspeccion), with its inspector's names: join `inspectores`. */
export const INSPECCION_COLUMNS = {
  id: inspecciones.id,
  version: inspecciones.version,
  id_caso: inspecciones.id_caso,
  id_inspector: inspecciones.id_inspector,
  fecha_inspeccion: inspecciones.fecha_inspeccion,
  hora_inspeccion: inspecciones.hora_inspeccion,
  direccion: inspecciones.direccion,
  detalle: inspecciones.detalle,
  resultado: inspecciones.resultado,
  monto_inspeccion: inspecciones.monto_inspeccion,
  fecha_cierre: inspecciones.fecha_cierre,
  estado: sql<InspeccionEstado>`${inspecciones.estado}`,
  inspector_nombre: inspectores.nombre,
  inspector_apellido: inspectores.apellido,
};
