import { sql } from 'drizzle-orm';
import type { InspeccionEstado } from '@siniestros/domain';
import { inspectores } from '../../db/tables/reference';
import { inspecciones } from '../../db/tables/inspeccion';

/** An inspection as the API shows it (spec §3 Inspeccion), with its inspector's names: join `inspectores`. */
export const INSPECCION_COLUMNS = {
  id: inspecciones.id,
  id_caso: inspecciones.idCaso,
  id_inspector: inspecciones.idInspector,
  fecha_inspeccion: inspecciones.fechaInspeccion,
  direccion: inspecciones.direccion,
  detalle: inspecciones.detalle,
  resultado: inspecciones.resultado,
  monto_inspeccion: inspecciones.montoInspeccion,
  fecha_cierre: inspecciones.fechaCierre,
  estado: sql<InspeccionEstado>`${inspecciones.estado}`,
  inspector_nombre: inspectores.nombre,
  inspector_apellido: inspectores.apellido,
};
