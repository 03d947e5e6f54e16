import { asc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { Asegurado, Tercero } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { jsonRow, jsonRows } from '../../db/json';
import { tiposDoc } from '../../db/tables/reference';
import { asegurados, terceros } from '../../db/tables/casos';

/**
 * Reads the people of a case as the API shows them (spec §3 Asegurado, Tercero): the one place
 * for it, used by the case detail and by the inspection detail.
 */
const personaColumns = <T extends typeof asegurados | typeof terceros>(table: T) => ({
  id: table.id,
  version: table.version,
  apellido: table.apellido,
  nombre: table.nombre,
  id_tipo_doc: table.id_tipo_doc,
  tipo_doc: tiposDoc.nombre,
  nro_doc: table.nro_doc,
  cuit: table.cuit,
  domicilio: table.domicilio,
  codigo_postal: table.codigo_postal,
  fijo: table.fijo,
  cel: table.cel,
  cbu: table.cbu,
  marca_modelo: table.marca_modelo,
  anio: table.anio,
  dominio: table.dominio,
  mail: table.mail,
});

const ASEGURADO_COLUMNS = {
  ...personaColumns(asegurados),
  poliza: asegurados.poliza,
  nro_chasis: asegurados.nro_chasis,
  nro_motor: asegurados.nro_motor,
  suma_asegurada: asegurados.suma_asegurada,
  accesorios: asegurados.accesorios,
  otros: asegurados.otros,
  detalle: asegurados.detalle,
};
const TERCERO_COLUMNS = { ...personaColumns(terceros), detalle: terceros.detalle, id_letrado: terceros.id_letrado, orden: terceros.orden };

export const casoPersonas = {
  /** The insured party as JSON (null when missing): a subquery of the statement that reads the case (the detail's one round trip). */
  aseguradoJson: (idAsegurado: Column | SQL) =>
    jsonRow<Asegurado>(ASEGURADO_COLUMNS, sql`from ${asegurados} left join ${tiposDoc} on ${tiposDoc.id} = ${asegurados.id_tipo_doc} where ${asegurados.id} = ${idAsegurado}`),

  /** The third parties in their order as JSON (all five at most): the same. */
  tercerosJson: (idCaso: Column | SQL) =>
    jsonRows<Tercero>(TERCERO_COLUMNS, sql`from ${terceros} left join ${tiposDoc} on ${tiposDoc.id} = ${terceros.id_tipo_doc} where ${terceros.id_caso} = ${idCaso}`, ['orden']),

  async asegurado(db: DbOrTx, idAsegurado: number): Promise<Asegurado | undefined> {
    const [row] = await db
      .select(ASEGURADO_COLUMNS)
      .from(asegurados)
      .leftJoin(tiposDoc, eq(tiposDoc.id, asegurados.id_tipo_doc))
      .where(eq(asegurados.id, idAsegurado));
    return row;
  },

  /** The case's third parties in their order (`limit` 1: the first one, as the inspection detail shows). */
  terceros(db: DbOrTx, idCaso: number, limit = 5): Promise<Tercero[]> {
    return db
      .select(TERCERO_COLUMNS)
      .from(terceros)
      .leftJoin(tiposDoc, eq(tiposDoc.id, terceros.id_tipo_doc))
      .where(eq(terceros.id_caso, idCaso))
      .orderBy(asc(terceros.orden))
      .limit(limit);
  },
};
