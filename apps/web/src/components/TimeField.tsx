import { TimePicker, type TimePickerProps } from '@mantine/dates';
import { FechasEs } from './FechasEs';

/**
 * A time of day, always 24-hour whatever the browser's language (a native time input shows
 * 12-hour in an en-US browser): hours and minutes fields named for assistive technology, and a
 * named clear button when clearable. The value travels as HH:MM ('' when empty).
 * The field's label points at the hours field, so that field is named by the label ('Hora del
 * Siniestro'): an aria-label 'Horas' there would be announced instead of it.
 */
export function TimeField(props: TimePickerProps) {
  return (
    <FechasEs>
      <TimePicker
        format="24h"
        hoursInputLabel={props.label ? undefined : 'Horas'}
        minutesInputLabel="Minutos"
        clearButtonProps={{ 'aria-label': 'Borrar hora' }}
        {...props}
      />
    </FechasEs>
  );
}
