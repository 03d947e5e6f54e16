import { DateInput, type DateInputProps } from '@mantine/dates';
import { isoDate } from '@siniestros/domain';
import { FechasEs } from './FechasEs';
import classes from './DateField.module.css';

/** dd/mm/yyyy (what people type, spec §0) or YYYY-MM-DD → YYYY-MM-DD, else null. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : trimmed;
  return isoDate.safeParse(iso).success ? iso : null;
}

type Props = Omit<DateInputProps, 'value' | 'onChange'> & { value?: string; onChange?: (value: string) => void };

/** A date shown as dd/mm/yyyy whose value travels as YYYY-MM-DD ('' when empty). */
export function DateField({ value, onChange, ...props }: Props) {
  return (
    <FechasEs>
      <DateInput
        valueFormat="DD/MM/YYYY"
        placeholder="dd/mm/aaaa"
        dateParser={parseTypedDate}
        clearable
        previousLabel="Mes anterior"
        nextLabel="Mes siguiente"
        classNames={{ day: classes.day }}
        {...props}
        value={value || null}
        onChange={(next) => onChange?.(next ?? '')}
      />
    </FechasEs>
  );
}
