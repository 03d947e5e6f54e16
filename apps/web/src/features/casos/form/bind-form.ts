import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';

/** One part of a case form (the case, the insured party, a third party) as its fields see it. */
export type FieldBinder = {
  input: (field: string) => GetInputPropsReturnType;
  /** A Select bound to an id string: '' or null reads as "nothing selected". */
  select: (field: string) => GetInputPropsReturnType & { value: string | null; onChange: (value: string | null) => void };
  /** Sets a field to what a filter made of the typed text (digits only). */
  filtered: (field: string, filter: (text: string) => string) => GetInputPropsReturnType;
  value: (field: string) => string;
};

/**
 * Binds the fields under `prefix` ('caso', 'asegurado', 'terceros.2') of a Mantine form, so the
 * creation form and the detail form render the same field components. `emptySelect` is what a
 * cleared Select writes: creation keeps null, the detail ''.
 */
export function bindForm<V>(form: UseFormReturnType<V>, prefix: string, emptySelect: '' | null): FieldBinder {
  const path = (field: string) => `${prefix}.${field}`;
  const input = (field: string) => form.getInputProps(path(field));
  return {
    input,
    select(field) {
      const props = input(field);
      return { ...props, value: props.value ? String(props.value) : null, onChange: (value: string | null) => props.onChange(value ?? emptySelect) };
    },
    filtered(field, filter) {
      const props = input(field);
      return { ...props, onChange: (event: { currentTarget: { value: string } }) => props.onChange(filter(event.currentTarget.value)) };
    },
    value: (field) => String(input(field).value ?? ''),
  };
}

export const digitsOnly = (text: string) => text.replace(/\D/g, '');
