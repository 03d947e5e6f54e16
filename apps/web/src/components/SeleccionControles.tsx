import { Button, Checkbox } from '@mantine/core';

/** A row's checkbox for a bulk action: a click ticks it, Shift+click the range from the last one ticked (docs/decisions/097). */
export function SeleccionCheckbox({ label, checked, onToggle }: { label: string; checked: boolean; onToggle: (withShift: boolean) => void }) {
  return <Checkbox size="xs" aria-label={label} checked={checked} onChange={(event) => onToggle((event.nativeEvent as MouseEvent).shiftKey === true)} />;
}

/** The header's checkbox: every row of the page. */
export function SeleccionPaginaCheckbox({ label, seleccion }: { label: string; seleccion: { isPageSelected: boolean; isPagePartly: boolean; togglePage: () => void } }) {
  return <Checkbox size="xs" aria-label={label} checked={seleccion.isPageSelected} indeterminate={seleccion.isPagePartly} onChange={seleccion.togglePage} />;
}

export function QuitarSeleccion({ onClick }: { onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="default" onClick={onClick}>
      Quitar selección
    </Button>
  );
}
