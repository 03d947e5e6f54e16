/**
 * A test app's clock (buildApp's `now`): it reads `day` at `time` in Argentina when made and runs on
 * from there, so a file's "today" is the same whatever day, hour or weekday the suite runs on.
 * Noon leaves twelve hours either side before a slow file could cross a midnight.
 */
export function clockAt(day: string, time = '12:00'): () => Date {
  const start = Date.parse(`${day}T${time}:00-03:00`);
  if (Number.isNaN(start)) throw new Error(`clockAt: not a day and time: ${day} ${time}`);
  const made = Date.now();
  return () => new Date(start + (Date.now() - made));
}

/**
 * A Wednesday with no holiday in its week or the next (Argentina): 'Esta semana' holds days after
 * today, the next working day is tomorrow, and no month ends within a fortnight.
 */
export const MIERCOLES = '2026-03-11';

/** `clockAt` whose `dias` a test sets to move the app's clock that many days forward (0: back to `day`). */
export function movableClock(day: string, time = '12:00') {
  const base = clockAt(day, time);
  const clock = { dias: 0, now: () => new Date(base().getTime() + clock.dias * 86_400_000) };
  return clock;
}
