import { eq, sql } from 'drizzle-orm';
import { PREFERENCIAS_DEFAULT, type Preferencias, type PreferenciasUpdate } from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { preferenciasUsuario } from '../../db/tables/preferencias';

const columns = { esquema: preferenciasUsuario.esquema, densidad: preferenciasUsuario.densidad };

export const preferenciasRepository = {
  async de(db: DbOrTx, idUsuario: number): Promise<Preferencias> {
    const [row] = await db.select(columns).from(preferenciasUsuario).where(eq(preferenciasUsuario.id_usuario, idUsuario));
    return (row as Preferencias | undefined) ?? PREFERENCIAS_DEFAULT;
  },

  /** One statement: only the given fields change, so two saves of different fields both stay. */
  async guardar(db: DbOrTx, idUsuario: number, values: PreferenciasUpdate): Promise<Preferencias> {
    const set = { ...values, actualizado: sql`now()` };
    const [row] = await db
      .insert(preferenciasUsuario)
      .values({ id_usuario: idUsuario, ...values })
      .onConflictDoUpdate({ target: preferenciasUsuario.id_usuario, set })
      .returning(columns);
    return row as Preferencias;
  },
};
