import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../../app/providers';
import { useAltaForm } from '../hooks/use-alta-form';
import { CasoSection } from './AltaSections';

/**
 * Crear Caso submitted empty: focus goes to the first invalid field, Compañia. Its list of
 * companies must not open by itself there: an open list that scrolls has nothing focusable in it
 * (axe scrollable-region-focusable), and it covers the fields the errors point at.
 */

const companias = Array.from({ length: 30 }, (_, index) => ({ value: String(index + 1), label: `Compañia ${index + 1}` }));

function Form() {
  const form = useAltaForm('1');
  return (
    <form onSubmit={form.onSubmit(() => undefined)} noValidate>
      <CasoSection form={form} companias={companias} />
      <button type="submit">Crear</button>
    </form>
  );
}

describe('Crear Caso submitted with errors', () => {
  it('focuses Compañia without opening its list; typing or a click still opens it', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Providers>
        <Form />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    const compania = screen.getByRole('combobox', { name: /Compañia/ });
    await waitFor(() => expect(document.activeElement).toBe(compania));
    expect(compania.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(compania, 'Compañia 2');
    await waitFor(() => expect(compania.getAttribute('aria-expanded')).toBe('true'));
  });
});
