import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, TextInput } from '@mantine/core';
import { DateField } from './DateField';
import { FilterPanel } from './FilterPanel';

function renderPanel(props: { hasActions?: boolean } = {}) {
  const onApply = vi.fn();
  const onReset = vi.fn();
  render(
    <MantineProvider>
      <FilterPanel cols={2} onApply={onApply} onReset={onReset} {...props}>
        <TextInput label="Nro Caso" />
        <DateField label="Fecha Desde" />
      </FilterPanel>
    </MantineProvider>,
  );
  return { onApply, onReset };
}

/** Spec §2: a list's filters apply with Filtrar or Enter in a field; Volver goes back to the whole list. */
describe('FilterPanel', () => {
  it('filters with Filtrar and with Enter in a text or a date field, and goes back with Volver', async () => {
    const { onApply, onReset } = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    await userEvent.type(screen.getByLabelText('Nro Caso'), '12{Enter}');
    expect(onApply).toHaveBeenCalledTimes(2);
    await userEvent.type(screen.getByLabelText('Fecha Desde'), '01/02/2026{Enter}');
    expect(onApply).toHaveBeenCalledTimes(3);
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledTimes(3);
  });

  it('shows Filtrar and Volver only when told (the hearings: once a filter is touched)', () => {
    renderPanel({ hasActions: false });
    expect(screen.queryByRole('button', { name: 'Filtrar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Volver' })).toBeNull();
  });
});
