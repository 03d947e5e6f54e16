import { CASO_MESSAGES, INSPECCION_ESTADOS, type CasoDetalle } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { casos } from '../../db/tables/casos';
import { notFound } from '../../shared/errors';
import { inspeccionesDelCasoJson } from '../inspeccion';
import { lesionadosDelCasoJson } from '../lesionados';
import { letradoDelCasoJson } from '../letrados';
import { audienciasDelCasoJson } from '../mediacion';
import { inspectoresJson, type ReferenceService } from '../reference';
import { casoPersonas } from './casos.personas';
import { casosRepository as repo } from './casos.repository';

/**
 * GET /casos/{id} in one statement and one round trip (docs/decisions/042): the case row, and each
 * feature's read of its own table as a JSON subquery correlated on the case (its people, lawyer,
 * injured, hearings, inspections, and the inspectors of the form's select). Named, so it is
 * parsed once per connection. The other lookups come from the reference service's memory.
 */
const detailStatement = preparedPerDatabase((db) =>
  repo
    .detailQuery(db, {
      asegurado: casoPersonas.aseguradoJson(casos.id_asegurado),
      terceros: casoPersonas.tercerosJson(casos.id),
      letrado: letradoDelCasoJson(casos.id),
      lesionados: lesionadosDelCasoJson(casos.id),
      audiencias: audienciasDelCasoJson(casos.id),
      inspecciones: inspeccionesDelCasoJson(casos.id),
      inspectores: inspectoresJson(),
    })
    .prepare('caso_detalle'),
);

/** The case detail (spec §2 'Detalle de caso'): the case with what each feature holds of it. */
export function createCasoDetailService(deps: { db: Db; reference: Pick<ReferenceService, 'caseLookups'> }) {
  const { db, reference } = deps;
  return {
    /** GET /casos/{id}: the case with its people, lawyer, injured, hearings, inspections and the lookups of its form. */
    async getDetail(id: number): Promise<CasoDetalle> {
      const [row] = await detailStatement(db).execute({ id });
      if (!row) throw notFound(CASO_MESSAGES.notFound);
      const { asegurado, terceros, letrado, lesionados, audiencias, inspecciones, inspectores, ...caso } = row;
      const lookups = await reference.caseLookups();
      const { productos, companias, analistas, tiposDoc: tDoc, responsabilidades: responsabilidad } = lookups;
      if (!asegurado) throw notFound(CASO_MESSAGES.notFound);
      const terceroAt = (orden: number) => terceros.find((tercero) => tercero.orden === orden)?.id ?? null;
      const latest = inspecciones.at(-1);
      const latestFinalizada = inspecciones.filter((inspeccion) => inspeccion.estado === INSPECCION_ESTADOS.FINALIZADA).at(-1);
      return {
        caso: {
          ...caso,
          estado: caso.nombre_estado,
          id_tercero: terceroAt(1),
          id_tercero2: terceroAt(2),
          id_tercero3: terceroAt(3),
          id_tercero4: terceroAt(4),
          id_tercero5: terceroAt(5),
          id_inspeccion: latest?.id ?? null,
          resultado: latestFinalizada?.resultado ?? null,
          monto_inspeccion: latestFinalizada?.monto_inspeccion ?? null,
        },
        productos,
        companias,
        analistas,
        asegurados: asegurado,
        terceros,
        tDoc,
        responsabilidad,
        letrado,
        lesionados,
        audiencias,
        inspecciones,
        inspectores,
      };
    },
  };
}
