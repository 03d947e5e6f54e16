import { ESTADOS, formatDate, formatDateTime, type LineaItem } from '@siniestros/domain';

const nombreEstado = (id: unknown) => ESTADOS.find((estado) => estado.id === id)?.nombre ?? String(id ?? '-');

const valor = (value: unknown) => (value === null || value === undefined || value === '' ? '(vacío)' : typeof value === 'boolean' ? (value ? 'Sí' : 'No') : String(value));

/** One audit change in words: 'Estado: Pendiente Documentación → Coordinar Inspección', 'gestor: A → B'. */
export function describirCambio({ campo, antes, despues }: LineaItem['cambios'][number]): string {
  if (campo === 'id_estado') return `Estado: ${nombreEstado(antes)} → ${nombreEstado(despues)}`;
  return `${campo}: ${valor(antes)} → ${valor(despues)}`;
}

/** When: a day for what is dated by day (inspections without an hour, injured people of old). */
export const cuandoFue = (item: LineaItem) => (item.solo_fecha ? formatDate(item.fecha) : formatDateTime(item.fecha));

/** Where each kind's item leads (null: shown in place, as a status or field change is). */
export function enlaceDe(item: LineaItem, idCaso: number): string | null {
  switch (item.tipo) {
    case 'inspeccion':
      return `/inspecciones/viewinspeccion/${item.id}`;
    case 'audiencia':
      return `/audiencias/${idCaso}`;
    case 'lesionado':
      return `/lesionados/${idCaso}`;
    case 'tarea':
      return '/tareas';
    default:
      return null;
  }
}
