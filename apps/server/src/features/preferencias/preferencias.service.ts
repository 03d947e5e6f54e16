import type { Preferencias, PreferenciasUpdate } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { preferenciasRepository } from './preferencias.repository';

export type PreferenciasService = ReturnType<typeof createPreferenciasService>;

/** Each user's own look of the app (issue 44 item 6, docs/decisions/101): read at sign-in, saved on each change. */
export function createPreferenciasService(deps: { db: Db }) {
  const { db } = deps;
  return {
    de: (idUsuario: number): Promise<Preferencias> => preferenciasRepository.de(db, idUsuario),
    guardar: (idUsuario: number, values: PreferenciasUpdate): Promise<Preferencias> => preferenciasRepository.guardar(db, idUsuario, values),
  };
}
