import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BACKUP_MESSAGES, type BackupSummary } from '@siniestros/domain';
import { BackupsScreen } from './BackupsScreen';

/** 'Copias de seguridad': the list, and a backup taken from the button (the server stood in for at `fetch`). */

const OLD: BackupSummary = {
  nombre: '2026-11-27T06-00-00-000Z',
  fecha: '2026-11-27T06:00:05.000Z',
  metodo: 'pglite-datadir',
  base_bytes: 26_553_350,
  archivos: 1_204,
  archivos_bytes: 310_378_496,
};
const NEW: BackupSummary = { ...OLD, nombre: '2026-11-28T13-30-00-000Z', fecha: '2026-11-28T13:30:04.000Z' };

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

function renderScreen() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MantineProvider>
        <Notifications />
        <BackupsScreen />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('Copias de seguridad', () => {
  it('lists the backups, takes one from the button and shows it', async () => {
    let list = [OLD];
    const posted = vi.fn();
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url).endsWith('/api/backups') && init?.method === 'POST') {
        posted();
        list = [NEW, OLD];
        return Response.json({ ...NEW, message: BACKUP_MESSAGES.creada, eliminadas: [] }, { status: 201 });
      }
      return Response.json(list);
    });
    renderScreen();
    expect(await screen.findByText(OLD.nombre)).toBeTruthy();
    expect(screen.getByText('27/11/2026 03:00')).toBeTruthy();
    expect(screen.getByText('1.204 (296 MB)')).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: BACKUP_MESSAGES.crear }));
    expect(await screen.findByText(BACKUP_MESSAGES.creada)).toBeTruthy();
    expect(await screen.findByText(NEW.nombre)).toBeTruthy();
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it("shows the server's Spanish message when a backup is already running", async () => {
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) =>
      init?.method === 'POST' ? Response.json({ message: BACKUP_MESSAGES.enCurso }, { status: 409 }) : Response.json([]),
    );
    renderScreen();
    expect(await screen.findByText(BACKUP_MESSAGES.empty)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: BACKUP_MESSAGES.crear }));
    expect(await screen.findByText(BACKUP_MESSAGES.enCurso)).toBeTruthy();
  });
});
