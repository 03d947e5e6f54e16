import { TimePicker, type TimePickerProps } from '@mantine/dates';

/**
 * A time of day, always 24-hour whatever the browser's language (a native time input shows
 * 12-hour in an en-US browser): hours and minutes fields named for assistive technology, and a
 * named clear button when clearable. The value travels as HH:MM ('' when empty).
 */
export function TimeField(props: TimePickerProps) {
  return (
    <TimePicker
      format="24h"
      hoursInputLabel="Horas"
      minutesInputLabel="Minutos"
      clearButtonProps={{ 'aria-label': 'Borrar hora' }}
      {...props}
    />
  );
}
