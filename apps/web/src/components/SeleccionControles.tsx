import { Button, Checkbox } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';

/** A row's checkbox for a bulk action: a click ticks it, Shift+click the range from the last one ticked (docs/decisions/097). */
export function SeleccionCheckbox({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: (withShift: boolean) => void }) {
  return <Checkbox size="xs" aria-label={label} checked={checked} onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)} />;
}

/** The header's checkbox: every row of the page. */
export function SeleccionPaginaCheckbox({ label, seleccion }: { label: string; seleccion: { isPageSelected: boolean; isPagePartly: boolean; togglePage: () => void } }) {
  return <Checkbox size="xs" aria-label={label} checked={seleccion.isPageSelected} indeterminate={seleccion.isPagePartly} onChange={seleccion.togglePage} />;
}

/** Enters the selection mode (lib/use-modo-seleccion.ts): the list's checkboxes and its bulk bar. */
export function EntrarSeleccion({ onClick, visibleFrom }: { onClick: () => void; visibleFrom?: 'sm' }) {
  return (
    <Button size="compact-sm" variant="default" leftSection={<IconListCheck size={16} />} onClick={onClick} visibleFrom={visibleFrom}>
      Seleccionar
    </Button>
  );
}

/** Leaves the selection mode, emptying the selection (as Esc does). */
export function CancelarSeleccion({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="default" onClick={onClick} title="Esc">
      Cancelar selección
    </Button>
  );
}
