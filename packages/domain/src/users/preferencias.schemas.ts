// zod/mini: the shell reads the preferences as the app starts, so this module is in the first script;
// with users.schemas (full zod, the common-password list) it pulled both in (docs/decisions/066, 101).
import * as z from 'zod/mini';

/**
 * The signed-in user's own look of the app (issue 44 item 6, docs/decisions/101): the colour scheme
 * (Mantine's 'light' / 'dark' / 'auto', the system's) and the density of the lists' rows.
 */
export const ESQUEMAS_COLOR = ['light', 'dark', 'auto'] as const;
export type EsquemaColor = (typeof ESQUEMAS_COLOR)[number];
export const DENSIDADES = ['comoda', 'compacta'] as const;
export type Densidad = (typeof DENSIDADES)[number];

export const PREFERENCIAS_TEXTS = {
  esquema: { light: 'Claro', dark: 'Oscuro', auto: 'Automático' } satisfies Record<EsquemaColor, string>,
  densidad: { comoda: 'Cómodas', compacta: 'Compactas' } satisfies Record<Densidad, string>,
  esquemaInvalido: 'El modo de color debe ser claro, oscuro o automático.',
  densidadInvalida: 'La densidad de las filas debe ser cómodas o compactas.',
  nada: 'Indique el modo de color o la densidad de las filas.',
  guardadas: 'Preferencias guardadas',
} as const;

const esquemaColor = z.enum(ESQUEMAS_COLOR, { error: PREFERENCIAS_TEXTS.esquemaInvalido });
const densidad = z.enum(DENSIDADES, { error: PREFERENCIAS_TEXTS.densidadInvalida });

/** What a user who never chose gets: the screens as the spec draws them (light, comfortable rows). */
export const PREFERENCIAS_DEFAULT = { esquema: 'light', densidad: 'comoda' } as const satisfies { esquema: EsquemaColor; densidad: Densidad };

/** GET /preferencias. */
export const preferenciasResponse = z.object({ esquema: esquemaColor, densidad });
export type Preferencias = z.infer<typeof preferenciasResponse>;

/** PATCH /preferencias: either or both; a field left out keeps its stored value (two tabs changing one each do not undo each other). */
export const preferenciasUpdateSchema = z
  .strictObject({ esquema: z.optional(esquemaColor), densidad: z.optional(densidad) })
  .check(z.refine((value) => value.esquema !== undefined || value.densidad !== undefined, PREFERENCIAS_TEXTS.nada));
export type PreferenciasUpdate = z.infer<typeof preferenciasUpdateSchema>;
