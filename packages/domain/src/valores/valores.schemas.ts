import { z } from 'zod';
import { optionalFilterDate, optionalFilterId } from '../shared/fields';

/** Spec §7, POST /casos/filtrovalores: company and a closing-date range (inclusive); empty means "any". */
export const valoresFiltroSchema = z.strictObject({
  compania: optionalFilterId,
  fechaDesde: optionalFilterDate,
  fechaHasta: optionalFilterDate,
});
export type ValoresFiltro = z.infer<typeof valoresFiltroSchema>;

/** One closed case of the values report (spec §2, Values report columns). */
export type ValoresRow = {
  id: number;
  id_estado: number;
  nombre_compania: string;
  /** Status name. */
  estado: string;
  producto: string | null;
  fecha_creado: string;
  fecha_cierre: string | null;
  /** Amount of the case's latest Finalizada inspection (numeric string), null if none. */
  monto_inspeccion: string | null;
  valor_ofertado: string | null;
};

/** GET /casos/valores/ and POST /casos/filtrovalores/ (spec §7). */
export type ValoresPage = { casos: ValoresRow[]; totalPages: number; totalCount: number };

/** Spec §2, values report: the counter labels and the empty list text. */
export const VALORES_MESSAGES = { filtrados: 'Filtrados', total: 'Cerrados', empty: 'No hay casos cerrados' } as const;
