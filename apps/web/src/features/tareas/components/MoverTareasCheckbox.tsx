import { Checkbox } from '@mantine/core';
import { useTareasCaso } from '../api/get-tareas';

export const moverTareasLabel = (n: number) => `Mover también sus ${n} ${n === 1 ? 'tarea abierta' : 'tareas abiertas'} al nuevo analista`;

/**
 * A case changing analyst: when it has open tasks, whether they follow it to the new analyst's
 * user (docs/decisions/083). Nothing shows without open tasks.
 */
export function MoverTareasCheckbox({ idCaso, checked, onChange }: { idCaso: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const abiertas = useTareasCaso(idCaso).data?.length ?? 0;
  if (abiertas === 0) return null;
  return <Checkbox mt="sm" label={moverTareasLabel(abiertas)} checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />;
}
