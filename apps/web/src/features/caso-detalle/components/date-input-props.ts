import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Dates are shown as dd/mm/yyyy and travel as YYYY-MM-DD (spec, introduction). */
export const dateInputProps = {
  valueFormat: 'DD/MM/YYYY',
  dateParser: (input: string) => {
    const parsed = dayjs(input.trim(), ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'], true);
    return parsed.isValid() ? parsed.format('YYYY-MM-DD') : null;
  },
  clearable: false,
} as const;
