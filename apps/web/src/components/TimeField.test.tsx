import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { TimeField } from './TimeField';

/** A time field is announced by its own label ('Hora del Siniestro'), not the picker's 'Horas'. */
describe('TimeField', () => {
  it('names its hours field by the label and its minutes field as minutes', () => {
    render(
      <MantineProvider>
        <TimeField label="Hora del Siniestro" clearable />
      </MantineProvider>,
    );
    const hours = screen.getByLabelText('Hora del Siniestro');
    expect(screen.getAllByRole(hours.getAttribute('role') ?? 'textbox')).toHaveLength(2);
    expect(screen.getByRole(hours.getAttribute('role') ?? 'textbox', { name: 'Hora del Siniestro' })).toBe(hours);
    expect(screen.getByRole(hours.getAttribute('role') ?? 'textbox', { name: 'Minutos' })).not.toBe(hours);
  });
});
