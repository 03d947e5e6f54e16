import type { CasoForm } from '../hooks/use-caso-form';

/** A Select bound to a form string: '' reads as "nothing selected" (no clear button, placeholder shown). */
export function selectProps(form: CasoForm, path: string) {
  const props = form.getInputProps(path);
  return { ...props, value: props.value ? String(props.value) : null, onChange: (value: string | null) => props.onChange(value ?? '') };
}
