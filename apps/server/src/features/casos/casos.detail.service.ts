import { CASO_MESSAGES, INSPECCION_ESTADOS, type CasoDetalle } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../shared/errors';
import { inspeccionesDelCaso } from '../inspeccion';
import { lesionadosDelCaso } from '../lesionados';
import { letradoDelCaso } from '../letrados';
import { audienciasDelCaso } from '../mediacion';
import type { ReferenceService } from '../reference';
import { casoPersonas } from './casos.personas';
import { casosRepository as repo } from './casos.repository';

/** The case detail (spec §2 'Detalle de caso'): the case with what each feature holds of it. */
export function createCasoDetailService(deps: { db: Db; reference: Pick<ReferenceService, 'caseLookups' | 'listInspectores'> }) {
  const { db, reference } = deps;
  return {
    /** GET /casos/{id}: the case with its people, lawyer, injured, hearings, inspections and the lookups of its form. */
    async getDetail(id: number): Promise<CasoDetalle> {
      const caso = await repo.detailCaso(db, id);
      if (!caso) throw notFound(CASO_MESSAGES.notFound);
      const [asegurado, terceros, letrado, lesionados, audiencias, inspecciones, lookups, inspectores] = await Promise.all([
        casoPersonas.asegurado(db, caso.id_asegurado),
        casoPersonas.terceros(db, id),
        letradoDelCaso(db, id),
        lesionadosDelCaso(db, id),
        audienciasDelCaso(db, id),
        inspeccionesDelCaso(db, id),
        reference.caseLookups(),
        reference.listInspectores(),
      ]);
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
