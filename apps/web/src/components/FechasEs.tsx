import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/es';

/**
 * Mantine's date pickers in Spanish, weeks from Monday: around each date field rather than in the
 * shell, so that dayjs and its locale load with the screens that have a date field and not with
 * every signed-in screen (the inspector's list has none; docs/decisions/105).
 */
export function FechasEs({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
