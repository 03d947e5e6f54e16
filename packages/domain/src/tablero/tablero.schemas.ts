import { z } from 'zod';

/** Issue 18 item 1 (docs/decisions/049): the Tablero, home of Admin and User. */

/** An inspection still pending this many days after its date counts as 'atrasada'. */
export const TABLERO_INSPECCION_ATRASADA_DIAS = 7;
/**
 * The Tablero's Plazo figures are counted this often (docs/decisions/052): a clock turns red with
 * time passing, so no trigger can keep them, and counting them per request grows with the cases.
 */
export const TABLERO_PLAZOS_RECUENTO_MIN = 5;
/** Hearings of the next this-many days (today included). */
export const TABLERO_AUDIENCIAS_DIAS = 7;

/** Age buckets of an open case, in days (the last has no upper bound). */
export const TABLERO_TRAMOS = [
  { key: 'd0_7', label: '0 a 7 días', desde: 0, hasta: 7 },
  { key: 'd8_30', label: '8 a 30 días', desde: 8, hasta: 30 },
  { key: 'd31_90', label: '31 a 90 días', desde: 31, hasta: 90 },
  { key: 'd90_mas', label: 'Más de 90 días', desde: 91, hasta: null },
] as const;
export type TableroTramo = (typeof TABLERO_TRAMOS)[number]['key'];

const tramos = z.object({ d0_7: z.number(), d8_30: z.number(), d31_90: z.number(), d90_mas: z.number() });
export type TableroTramos = z.infer<typeof tramos>;
const tareasCuenta = z.object({ vencidas: z.number(), hoy: z.number(), semana: z.number() });

export const tableroResponse = z.object({
  /** Argentina's date the figures were counted on (YYYY-MM-DD). */
  hoy: z.string(),
  casos: z.object({
    abiertos: z.number(),
    porEstado: z.array(z.object({ id_estado: z.number(), estado: z.string(), total: z.number() })),
    antiguedadAlta: tramos,
    antiguedadEstado: tramos,
    /** The signed-in user's own open cases, when they are an analyst (docs/decisions/083); null when not. */
    mios: z
      .object({
        id_analista: z.number(),
        abiertos: z.number(),
        porEstado: z.array(z.object({ id_estado: z.number(), estado: z.string(), total: z.number() })),
      })
      .nullable(),
  }),
  tareas: z.object({ mias: tareasCuenta, equipo: tareasCuenta }),
  analistas: z.array(z.object({ id_analista: z.number().nullable(), analista: z.string(), abiertos: z.number() })),
  usuarios: z.array(z.object({ id_usuario: z.number(), usuario: z.string(), vencidas: z.number() })),
  inspecciones: z.object({
    pendientes: z.number(),
    atrasadas: z.number(),
    porInspector: z.array(z.object({ id_inspector: z.number(), inspector: z.string(), pendientes: z.number(), atrasadas: z.number() })),
  }),
  audiencias: z.object({ proximas: z.number(), hasta: z.string() }),
  /** Counted every TABLERO_PLAZOS_RECUENTO_MIN minutes, not per request: `calculado` says when (ISO instant). */
  plazos: z.object({ porVencer: z.number(), vencidos: z.number(), calculado: z.string() }),
  /** 'Documentos recibidos sin revisar': what claimants sent through the portal and nobody reviewed (docs/decisions/084). */
  portal: z.object({ recibidosSinRevisar: z.number() }),
});
export type Tablero = z.infer<typeof tableroResponse>;

/** The Tablero's row for the open cases with no analyst. */
export const SIN_ANALISTA_NOMBRE = 'Sin analista';
