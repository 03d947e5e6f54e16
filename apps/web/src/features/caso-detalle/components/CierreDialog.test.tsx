import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CICLO_MESSAGES } from '@siniestros/domain';
import { useToastCarriedOverReload } from '../../../lib/notify';
import { CierreDialog } from './CierreDialog';

/**
 * Closing a case right after other actions: three toasts are on screen and the page reloads 1.5 s
 * later (spec §8). The confirmation must be seen anyway: at once, and again after the reload.
 * The server is stood in for at `fetch`; the dialog and the toasts are the real ones.
 */

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('fetch', async () => Response.json({ message: CICLO_MESSAGES.closed, id_estado: 9 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

function Toasts() {
  useToastCarriedOverReload();
  return <Notifications limit={3} />;
}

describe('the closing confirmation', () => {
  it('is shown at once, in front of the toasts already on screen, and again after the reload', async () => {
    const user = userEvent.setup({ delay: null });
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <Toasts />
          <CierreDialog idCaso={7} onClose={() => undefined} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    act(() => {
      for (const message of ['Caso actualizado exitosamente', 'Mensaje guardado', 'Documento subido']) notifications.show({ message, autoClose: 4000 });
    });
    await screen.findByText('Documento subido');
    await user.click(screen.getAllByRole('radio')[0]!);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText(CICLO_MESSAGES.closed, undefined, { timeout: 1000 });

    // The reload: a new page, no toasts, the same tab's storage.
    cleanup();
    act(() => notifications.clean());
    render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    await screen.findByText(CICLO_MESSAGES.closed);
  });
});
