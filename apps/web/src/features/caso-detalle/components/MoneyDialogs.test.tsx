import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AceptarOfrecimientoDialog } from './AceptarOfrecimientoDialog';
import { AnalisisDialog } from './AnalisisDialog';
import { ReconsiderarDialog } from './ReconsiderarDialog';

/**
 * The amounts of the case's dialogs are read and shown as es-AR ('1.003.439,21'), as the dialog's
 * own 'Valor ofertado: $ 1.003.439,21' shows them, and still sent as plain decimals. The server is
 * stood in for at `fetch`; the dialogs are the real ones.
 */

let bodies: unknown[];
beforeEach(() => {
  bodies = [];
  vi.stubGlobal('fetch', async (_input: string, init?: RequestInit) => {
    if (init?.body) bodies.push(JSON.parse(String(init.body)));
    return Response.json({ message: 'ok', id_estado: 5 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderIn(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>{node}</MantineProvider>
    </QueryClientProvider>,
  );
}

describe('money inputs read and show es-AR', () => {
  it('Acepta Ofrecimiento prefills the offer as 1.003.439,21 and sends it as 1003439.21', async () => {
    const user = userEvent.setup({ delay: null });
    renderIn(<AceptarOfrecimientoDialog idCaso={7} valorOfertado="1003439.21" onClose={() => undefined} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /Valor Acordado/ });
    expect(input.value).toBe('1.003.439,21');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(bodies).toEqual([{ id_estado: 4, valor_acordado: '1003439.21' }]));
  });

  it('an amount typed with a comma for the decimals is sent as a plain decimal', async () => {
    const user = userEvent.setup({ delay: null });
    renderIn(<AceptarOfrecimientoDialog idCaso={7} valorOfertado="1003439.21" onClose={() => undefined} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /Valor Acordado/ });
    await user.clear(input);
    await user.type(input, '950000,5');
    expect(input.value).toBe('950.000,5');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(bodies).toEqual([{ id_estado: 4, valor_acordado: '950000.5' }]));
  });

  it("an amount typed as es-AR, '.' for thousands, is read as such", async () => {
    const user = userEvent.setup({ delay: null });
    renderIn(<AceptarOfrecimientoDialog idCaso={7} valorOfertado={null} onClose={() => undefined} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: /Valor Acordado/ });
    await user.type(input, '1.003.439,21');
    expect(input.value).toBe('1.003.439,21');
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(bodies).toEqual([{ id_estado: 4, valor_acordado: '1003439.21' }]));
  });

  it('Reconsiderar and Analisis y Ofrecimiento show what is typed grouped in thousands', async () => {
    const user = userEvent.setup({ delay: null });
    renderIn(
      <>
        <ReconsiderarDialog idCaso={7} valorActual="1000" onClose={() => undefined} />
        <AnalisisDialog idCaso={7} responsabilidades={[]} onClose={() => undefined} />
      </>,
    );
    for (const name of [/Nuevo Valor Ofertado/, /^Valor Ofertado/]) {
      const input = screen.getByRole<HTMLInputElement>('textbox', { name });
      await user.type(input, '1234567,89');
      expect(input.value).toBe('1.234.567,89');
    }
  });
});
