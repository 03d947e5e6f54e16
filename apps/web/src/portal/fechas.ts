const ZONA = 'America/Argentina/Buenos_Aires';
const DIA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** dd/mm/yyyy of a day (YYYY-MM-DD) or of a moment (ISO), in Argentina. */
export function fechaCorta(valor: string): string {
  const dia = DIA.exec(valor);
  if (dia) return `${dia[3]}/${dia[2]}/${dia[1]}`;
  const fecha = new Date(valor);
  if (Number.isNaN(fecha.getTime())) return valor;
  return fecha.toLocaleDateString('es-AR', { timeZone: ZONA, day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** dd/mm/yyyy hh:mm of a moment, in Argentina. */
export function fechaHora(valor: string): string {
  const fecha = new Date(valor);
  if (Number.isNaN(fecha.getTime())) return valor;
  const hora = fecha.toLocaleTimeString('es-AR', { timeZone: ZONA, hour: '2-digit', minute: '2-digit', hour12: false });
  return `${fechaCorta(valor)} ${hora}`;
}
