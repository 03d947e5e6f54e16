import { z } from 'zod';

/**
 * Duplicates at intake (issue 41 item 4, docs/decisions/080): why an existing case may be the same
 * loss as the one being created. The comparison itself (case, spaces, dashes and dots ignored;
 * documents by their digits; 'S/D' and empty never match) is the SQL of drizzle/0039.
 */
export const DUPLICADO_MOTIVOS = ['reclamo', 'dominio', 'documento'] as const;
export type DuplicadoMotivo = (typeof DUPLICADO_MOTIVOS)[number];

/** At most this many matches are shown (newest first). */
export const MAX_DUPLICADOS = 10;

export const DUPLICADO_MESSAGES = {
  /** The 409 of POST /casos/alta without `confirmar_duplicado`. */
  posibles: 'Hay casos que podrían ser el mismo siniestro. Revíselos y confirme para crear el caso igualmente.',
  /** The new case's history row when it was created anyway. */
  history: (ids: readonly number[]) => `Caso creado pese a posibles duplicados: ${ids.length === 1 ? 'caso' : 'casos'} ${ids.join(', ')}`,
  /** What matched, in the dialog's words. */
  detalle: {
    reclamo: (reclamo: string) => `Misma compañía y Nro. Siniestro ${reclamo}`,
    dominio: (dominio: string, apellido: string) => `Tercero ${apellido} con dominio ${dominio} y la misma fecha del siniestro`,
    documento: (documento: string, apellido: string) => `Tercero ${apellido} con documento ${documento} y la misma fecha del siniestro`,
  },
  dialog: {
    title: 'Posibles casos duplicados',
    confirm: 'Crear igualmente',
    back: 'Volver',
  },
} as const;

/** One existing case that matched, and why (a case matching for two reasons appears twice). */
export const casoDuplicadoSchema = z.object({
  id: z.number(),
  reclamo_nro: z.string(),
  compania: z.string(),
  fecha_siniestro: z.string().nullable(),
  /** The status's name: a closed case matches too ('Duplicado' among them). */
  estado: z.string(),
  motivo: z.enum(DUPLICADO_MOTIVOS),
  detalle: z.string(),
});
export type CasoDuplicado = z.infer<typeof casoDuplicadoSchema>;

/** POST /casos/alta, 409: the possible duplicates; nothing was written. */
export const casoDuplicadosResponse = z.object({
  message: z.string(),
  duplicados: z.array(casoDuplicadoSchema).max(MAX_DUPLICADOS),
});
export type CasoDuplicadosResponse = z.infer<typeof casoDuplicadosResponse>;
