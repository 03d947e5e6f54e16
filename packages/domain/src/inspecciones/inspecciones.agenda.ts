import { z } from 'zod';
import { formatDate } from '../shared/format';
import { weekdayIso } from '../shared/dias-habiles';
import { pagingQuery } from '../shared/fields';
import { INSPECCION_ESTADOS } from './inspecciones.schemas';

/**
 * 'Mis Inspecciones' as the inspector's agenda (issue 43 item 1, docs/decisions/086): GET
 * /inspeccion/agenda reads the signed-in user's own visits (the session's id_inspect, never one
 * the client names), pending ones by date and hour, finalized ones newest closing first.
 */
import { INSPECCION_AGENDA_VISTAS, type InspeccionAgendaVista } from './inspecciones.agenda.constants';

export * from './inspecciones.agenda.constants';

export const INSPECCION_AGENDA_TEXTS = {
  atrasadas: 'Atrasadas',
  hoy: 'Hoy',
  proximas: 'Próximas',
  sinHora: 'Sin hora',
  sinTelefono: 'Sin teléfono',
  emptyPendientes: 'No tiene inspecciones pendientes',
  emptyHoy: 'No tiene visitas para hoy',
  emptyFinalizadas: 'No tiene inspecciones finalizadas',
  vistaInvalida: 'La vista debe ser pendientes o finalizadas',
} as const;

/** GET /inspeccion/agenda?vista=pendientes|finalizadas&page&pageSize. */
export const inspeccionAgendaQuery = pagingQuery.extend({
  vista: z
    .enum(Object.keys(INSPECCION_AGENDA_VISTAS) as [InspeccionAgendaVista, ...InspeccionAgendaVista[]], { error: INSPECCION_AGENDA_TEXTS.vistaInvalida })
    .default('pendientes'),
});
export type InspeccionAgendaQuery = z.infer<typeof inspeccionAgendaQuery>;

/** The third party whose vehicle is inspected: the case's first one (as the inspection detail shows). */
export const inspeccionAgendaTerceroResponse = z.object({
  apellido: z.string(),
  nombre: z.string().nullable(),
  /** The mobile, else the landline, as typed; null when neither. */
  telefono: z.string().nullable(),
  marca_modelo: z.string().nullable(),
  dominio: z.string().nullable(),
});

export const inspeccionAgendaItemResponse = z.object({
  id: z.number(),
  id_caso: z.number(),
  reclamo_nro: z.string(),
  compania: z.string(),
  fecha_inspeccion: z.string(),
  /** HH:MM:SS, or null when no hour was agreed. */
  hora_inspeccion: z.string().nullable(),
  direccion: z.string(),
  detalle: z.string(),
  estado: z.enum([INSPECCION_ESTADOS.COORDINADA, INSPECCION_ESTADOS.LICITANDO, INSPECCION_ESTADOS.FINALIZADA]),
  fecha_cierre: z.string().nullable(),
  tercero: inspeccionAgendaTerceroResponse.nullable(),
});
export type InspeccionAgendaItem = z.infer<typeof inspeccionAgendaItemResponse>;

export const inspeccionAgendaResponse = z.object({ data: z.array(inspeccionAgendaItemResponse), totalPages: z.number(), totalCount: z.number() });
export type InspeccionAgenda = z.infer<typeof inspeccionAgendaResponse>;

/** A phone number as a `tel:` link (digits and a leading + only), or null when it holds no digit. */
export function telHref(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
}

/** A plain maps URL for an address: the phone opens its maps app, a computer the web map. */
export const mapsSearchUrl = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

const DIAS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;

/** A day of the agenda as its heading: 'Lunes 30/11'. */
export const formatAgendaDay = (iso: string) => `${DIAS[weekdayIso(iso)]} ${formatDate(iso).slice(0, 5)}`;

export type AgendaDia<T> = { fecha: string; items: T[] };
export type AgendaGrupos<T> = { atrasadas: T[]; hoy: T[]; proximas: AgendaDia<T>[] };

/**
 * Pending visits (already in date and hour order) under 'Atrasadas' (a past date: still to do),
 * 'Hoy' and 'Próximas', each coming date a group of its own. `today`: todayIso() in Argentina.
 */
export function agendaGrupos<T extends { fecha_inspeccion: string }>(items: readonly T[], today: string): AgendaGrupos<T> {
  const grupos: AgendaGrupos<T> = { atrasadas: [], hoy: [], proximas: [] };
  for (const item of items) {
    const fecha = item.fecha_inspeccion.slice(0, 10);
    if (fecha < today) grupos.atrasadas.push(item);
    else if (fecha === today) grupos.hoy.push(item);
    else {
      const last = grupos.proximas.at(-1);
      if (last?.fecha === fecha) last.items.push(item);
      else grupos.proximas.push({ fecha, items: [item] });
    }
  }
  return grupos;
}
