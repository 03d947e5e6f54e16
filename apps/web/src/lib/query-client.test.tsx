import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lesionadoListResponse } from '@siniestros/domain';
import { api } from './api';
import { useCompanias } from './lookups';
import { queryClient } from './query-client';

/** One place turns a failed read into a toast: once per failed fetch, only for the queries that ask for it. */

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  act(() => notifications.clean());
});

/** A read that asks for its failure to be told, as the screens' hooks do. */
function Lesionados() {
  useQuery({
    queryKey: ['lesionados', 7],
    queryFn: () => api.get(lesionadoListResponse, '/lesionados/7'),
    meta: { errorMessage: 'Error al obtener los lesionados' },
  });
  return null;
}
function Companias() {
  useCompanias();
  return null;
}

describe('queryClient', () => {
  it("tells a failed read once, with the server's message, however many components read it", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'El caso no existe' }), { status: 404, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider>
          <Notifications />
          <Lesionados />
          <Lesionados />
          <Companias />
        </MantineProvider>
      </QueryClientProvider>,
    );
    await screen.findByText('El caso no existe');
    // The companies' read failed too (same answer) but asked for no toast.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(screen.getAllByText('El caso no existe')).toHaveLength(1);
  });
});
