import { formatDate, todayIso } from '@siniestros/domain';

/** A moment (an ISO timestamp) as Argentina's dd/mm/yyyy: a link made at 22:00 on the 28th expires on the 28th there, not the 29th of UTC. */
export function fechaAr(moment: string): string {
  const time = Date.parse(moment);
  return Number.isNaN(time) ? formatDate(moment) : formatDate(todayIso(new Date(time)));
}
