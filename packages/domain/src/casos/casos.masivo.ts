import { z } from 'zod';
import { FLAGS } from './casos.constants';
import { casoFiltroSchema } from './casos.schemas';
import { positiveId } from '../shared/fields';

/** At most this many cases per bulk action (docs/decisions/097). */
export const MASIVO_MAX_CASOS = 10_000;
/** At most this many tasks per bulk reassignment in 'Mis tareas' (docs/decisions/097). */
export const MASIVO_MAX_TAREAS = 500;

/** 10.000 as an Argentine reads it. */
const formatNumber = (n: number) => n.toLocaleString('es-AR');
const casosLabel = (n: number) => `${formatNumber(n)} ${n === 1 ? 'caso' : 'casos'}`;

export const MASIVO_MESSAGES = {
  tooMany: `Se pueden modificar hasta ${formatNumber(MASIVO_MAX_CASOS)} casos por vez. Acote el filtro o la selección.`,
  tooManyTareas: `Se pueden reasignar hasta ${formatNumber(MASIVO_MAX_TAREAS)} tareas por vez.`,
  empty: 'No hay casos seleccionados',
  /** Some of the chosen cases cannot be changed: nothing was written (docs/decisions/097). */
  noPermitidos: (n: number) => `${casosLabel(n)} de la selección no ${n === 1 ? 'existe' : 'existen'} o no se ${n === 1 ? 'puede' : 'pueden'} modificar. No se modificó ningún caso.`,
  tareasNoPermitidas: (n: number) => `${n} ${n === 1 ? 'tarea' : 'tareas'} de la selección no ${n === 1 ? 'existe o ya está hecha' : 'existen o ya están hechas'}. No se reasignó ninguna tarea.`,
  analistaDone: (n: number) => `Analista actualizado en ${casosLabel(n)}`,
  flagDone: (label: string, valor: boolean, n: number) => `Etiqueta ${label} ${valor ? 'marcada' : 'quitada'} en ${casosLabel(n)}`,
  tareasDone: (n: number) => `${n} ${n === 1 ? 'tarea reasignada' : 'tareas reasignadas'}`,
  history: {
    flagSet: (label: string) => `Se marca la etiqueta ${label}`,
    flagCleared: (label: string) => `Se quita la etiqueta ${label}`,
  },
  confirm: {
    analista: (n: number, analista: string) => `Se asignará el analista ${analista} a ${casosLabel(n)}. ¿Continuar?`,
    flag: (n: number, label: string, valor: boolean) => `Se ${valor ? 'marcará' : 'quitará'} la etiqueta ${label} ${valor ? 'en' : 'de'} ${casosLabel(n)}. ¿Continuar?`,
    tareas: (n: number, usuario: string) => `Se reasignarán ${n} ${n === 1 ? 'tarea' : 'tareas'} a ${usuario}. ¿Continuar?`,
  },
  casosLabel,
} as const;

/**
 * Which cases a bulk action takes: the ids the person ticked, or every case matching the list's
 * filter (the same schema the list reads), never a raw string.
 */
export const casosSeleccionSchema = z
  .strictObject({
    ids: z
      .array(positiveId)
      .min(1, MASIVO_MESSAGES.empty)
      .max(MASIVO_MAX_CASOS, MASIVO_MESSAGES.tooMany)
      .refine((ids) => new Set(ids).size === ids.length, 'Un caso figura dos veces en la selección')
      .optional(),
    filtro: casoFiltroSchema.optional(),
  })
  .refine((seleccion) => (seleccion.ids === undefined) !== (seleccion.filtro === undefined), 'Elija los casos o un filtro, no ambos');
export type CasosSeleccion = z.infer<typeof casosSeleccionSchema>;

/** POST /casos/masivo/analista. */
export const masivoAnalistaSchema = z.strictObject({ seleccion: casosSeleccionSchema, id_analista: positiveId });
export type MasivoAnalistaInput = z.infer<typeof masivoAnalistaSchema>;

/** POST /casos/masivo/flag: set (valor true) or clear one flag. */
export const masivoFlagSchema = z.strictObject({
  seleccion: casosSeleccionSchema,
  flag: z.coerce.number().int().min(1, 'Etiqueta invalida').max(FLAGS.length, 'Etiqueta invalida'),
  valor: z.boolean(),
});
export type MasivoFlagInput = z.infer<typeof masivoFlagSchema>;

/** POST /casos/masivo/export. */
export const masivoExportSchema = z.strictObject({ seleccion: casosSeleccionSchema });

/** POST /tareas/masivo/asignar. */
export const masivoTareasSchema = z.strictObject({
  ids: z
    .array(positiveId)
    .min(1, 'No hay tareas seleccionadas')
    .max(MASIVO_MAX_TAREAS, MASIVO_MESSAGES.tooManyTareas)
    .refine((ids) => new Set(ids).size === ids.length, 'Una tarea figura dos veces en la selección'),
  id_usuario: positiveId,
});

/** What a bulk action answers: its message and how many cases (or tasks) it changed. */
export const masivoResponse = z.object({ message: z.string(), cantidad: z.number().int() });
export type MasivoResponse = z.infer<typeof masivoResponse>;
