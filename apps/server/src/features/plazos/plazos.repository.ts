import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PlazoRegla, PlazoUpdateInput } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { casos } from '../../db/tables/casos';
import { casoPlazos, plazosLegales } from '../../db/tables/plazos';

const REGLA = {
  codigo: plazosLegales.codigo,
  nombre: plazosLegales.nombre,
  evento: plazosLegales.evento,
  cantidad: plazosLegales.cantidad,
  unidad: plazosLegales.unidad,
  aviso_dias: plazosLegales.aviso_dias,
  activo: plazosLegales.activo,
  fuente: plazosLegales.fuente,
};

export type ClockStart = { id_caso: number; evento: string; desde: string };

const START = { id_caso: casoPlazos.id_caso, evento: casoPlazos.evento, desde: casoPlazos.desde };

export const plazosRepository = {
  reglas(db: DbOrTx): Promise<PlazoRegla[]> {
    return db.select(REGLA).from(plazosLegales).orderBy(asc(plazosLegales.orden), asc(plazosLegales.codigo));
  },

  async regla(db: DbOrTx, codigo: string, forUpdate = false): Promise<PlazoRegla | undefined> {
    const query = db.select(REGLA).from(plazosLegales).where(eq(plazosLegales.codigo, codigo));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  async update(db: DbOrTx, codigo: string, input: PlazoUpdateInput): Promise<void> {
    await db
      .update(plazosLegales)
      .set({ nombre: input.nombre, cantidad: input.cantidad, unidad: input.unidad, aviso_dias: input.aviso_dias, activo: input.activo })
      .where(eq(plazosLegales.codigo, codigo));
  },

  /** The running clocks of some cases (the primary key's leading column). */
  running(db: DbOrTx, ids: number[]): Promise<ClockStart[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select(START)
      .from(casoPlazos)
      .where(and(inArray(casoPlazos.id_caso, ids), isNull(casoPlazos.hasta)));
  },

  /** Moves the start of a running clock; false when the case has none of that event. */
  async moveStart(db: DbOrTx, idCaso: number, evento: string, desde: string): Promise<ClockStart | undefined> {
    const [before] = await db
      .select(START)
      .from(casoPlazos)
      .where(and(eq(casoPlazos.id_caso, idCaso), eq(casoPlazos.evento, evento), isNull(casoPlazos.hasta)))
      .for('update');
    if (!before) return undefined;
    await db
      .update(casoPlazos)
      .set({ desde })
      .where(and(eq(casoPlazos.id_caso, idCaso), eq(casoPlazos.evento, evento)));
    return before;
  },

  async casoExists(db: DbOrTx, idCaso: number): Promise<boolean> {
    const [row] = await db.select({ id: casos.id }).from(casos).where(eq(casos.id, idCaso));
    return Boolean(row);
  },
};
