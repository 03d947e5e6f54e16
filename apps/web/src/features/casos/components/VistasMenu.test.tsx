import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { casoFiltroSchema, type CasosList, type Vista, type Vistas } from '@siniestros/domain';
import { CasosScreen } from './CasosScreen';
import { EMPTY_FILTRO } from '../hooks/use-casos-search';
import { estadoParams, paginaDe } from '../hooks/use-filtros-url';

/**
 * The case list's state in the URL and its saved views (issue 44 item 1, docs/decisions/096). The
 * server is stood in for at `fetch`; the screen, its router and its hooks are the real ones.
 */

const LIST: CasosList = {
  cases: [],
  totalPages: 3,
  totalCount: 50,
  totalCloseCount: 4,
  analistas: [{ id: 5, nombre: 'Marina', apellido: 'Sosa' }],
  estados: [{ id: 4, nombre: 'Ofrecimiento' }],
  productos: [],
  companias: [{ id: 2, nombre: 'La Segunda' }],
};
const vista = (id: number, nombre: string, filtro: Partial<Vista['filtro']>, extra: Partial<Vista> = {}): Vista => ({
  id,
  nombre,
  compartida: false,
  propia: true,
  autor: 'Pérez Ana',
  predeterminada: false,
  filtro: { ...EMPTY_FILTRO, ...filtro },
  ...extra,
});

let vistas: Vistas;
let calls: { method: string; url: string; body: unknown }[];
const bodies = (prefix: string, method = 'POST') =>
  calls.filter((call) => call.method === method && call.url.startsWith(prefix)).map((call) => call.body);

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vistas = { vistas: [], puedeCompartir: false, compartir: 'admin' };
  vi.stubGlobal('scrollTo', () => undefined);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const path = `${method} ${url.split('?')[0]}`;
    if (path === 'GET /api/casos/') return Response.json(LIST);
    if (path === 'POST /api/casos/filtro/') return Response.json({ cases: [], totalPages: 2, totalRows: 30, totalCapped: false });
    if (path === 'GET /api/vistas') return Response.json(vistas);
    if (path === 'POST /api/vistas') return Response.json({ message: 'Vista guardada', data: vista(9, 'Nueva', {}) }, { status: 201 });
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

let location = '';
let navigate: NavigateFunction;
/** Reports the router's location and hands out its navigate (back/forward). */
function Probe() {
  const current = useLocation();
  const go = useNavigate();
  useEffect(() => {
    location = `${current.pathname}${current.search}`;
    navigate = go;
  });
  return null;
}

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={['/inicio', url]} initialIndex={1}>
          <CasosScreen />
          <Probe />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('the list state as search params', () => {
  it('writes the fields that differ from empty, Condición whenever filtered, and the page past 1', () => {
    expect(estadoParams({ ...EMPTY_FILTRO, estado: '4', busquedaRapida: 'AE 123' }, 1, EMPTY_FILTRO).toString()).toBe(
      'estado=4&condCasos=0&busquedaRapida=AE+123',
    );
    expect(estadoParams({ ...EMPTY_FILTRO }, 1, EMPTY_FILTRO).toString()).toBe('condCasos=0');
    expect(estadoParams(null, 3, EMPTY_FILTRO).toString()).toBe('pagina=3');
    expect(paginaDe(new URLSearchParams('pagina=2'))).toBe(2);
    for (const bad of ['pagina=0', 'pagina=-2', 'pagina=1.5', 'pagina=x', '']) expect(paginaDe(new URLSearchParams(bad))).toBe(1);
    // What it writes, the list's schema reads back.
    const params = estadoParams({ ...EMPTY_FILTRO, plazo: 'vencido', condCasos: '1' }, 1, EMPTY_FILTRO);
    expect(casoFiltroSchema.safeParse(Object.fromEntries(params)).success).toBe(true);
  });
});

describe('the case list in the URL (docs/decisions/096)', () => {
  it('a filter and a page go to the URL; back returns to the previous state, panel included', async () => {
    renderAt('/casos');
    await waitFor(() => expect(screen.getByTestId('contador-vigentes').textContent).toBe('50'));
    await userEvent.type(screen.getByLabelText('Búsqueda rápida'), 'fernandez{Enter}');
    await waitFor(() => expect(location).toBe('/casos?condCasos=0&busquedaRapida=fernandez'));
    await userEvent.click(await screen.findByRole('button', { name: '2' }));
    await waitFor(() => expect(location).toBe('/casos?condCasos=0&busquedaRapida=fernandez&pagina=2'));
    expect(calls.filter((call) => call.url.startsWith('/api/casos/filtro/')).map((call) => call.url.split('?')[1])).toEqual([
      'page=1&pageSize=20',
      'page=2&pageSize=20',
    ]);
    act(() => navigate(-1));
    act(() => navigate(-1));
    await waitFor(() => expect(location).toBe('/casos'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Búsqueda rápida').value).toBe(''));
    act(() => navigate(1));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Búsqueda rápida').value).toBe('fernandez'));
  });

  it('opens the default view when the URL names nothing, in place of the entry', async () => {
    vistas.vistas = [vista(3, 'Vencidos', { plazo: 'vencido', compania: '2' }, { predeterminada: true })];
    renderAt('/casos');
    await waitFor(() => expect(bodies('/api/casos/filtro/')).toHaveLength(1));
    expect(bodies('/api/casos/filtro/')[0]).toMatchObject({ plazo: 'vencido', compania: '2' });
    expect(location).toBe('/casos?compania=2&condCasos=0&plazo=vencido');
    act(() => navigate(-1));
    await waitFor(() => expect(location).toBe('/inicio'));
  });

  it('keeps the URL filter of a link over the default view', async () => {
    vistas.vistas = [vista(3, 'Vencidos', { plazo: 'vencido' }, { predeterminada: true })];
    renderAt('/casos?estado=4&condCasos=1');
    await waitFor(() => expect(bodies('/api/casos/filtro/')).toHaveLength(1));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/vistas')).toBe(true));
    expect(bodies('/api/casos/filtro/')[0]).toMatchObject({ estado: '4', condCasos: '1', plazo: '' });
    expect(location).toBe('/casos?estado=4&condCasos=1');
  });

  it("picks a view from 'Vistas' (mine and the team's), and saves the list on screen as a view", async () => {
    vistas.vistas = [
      vista(3, 'Mis vencidos', { plazo: 'vencido' }),
      vista(4, 'Ofrecimientos', { estado: '4' }, { propia: false, compartida: true, autor: 'Sosa Marina' }),
    ];
    renderAt('/casos');
    await waitFor(() => expect(screen.getByTestId('contador-vigentes').textContent).toBe('50'));
    await userEvent.click(screen.getByRole('button', { name: 'Vistas' }));
    expect(screen.getByRole('menuitem', { name: 'Mis vencidos' })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Ofrecimientos Sosa Marina' }));
    await waitFor(() => expect(location).toBe('/casos?estado=4&condCasos=0'));
    expect(bodies('/api/casos/filtro/').at(-1)).toMatchObject({ estado: '4' });

    await userEvent.click(screen.getByRole('button', { name: 'Vistas' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Guardar vista actual…' }));
    // Sharing is the Admin's unless the setting lets everyone share.
    expect(screen.queryByLabelText('Compartir con el equipo')).toBeNull();
    await userEvent.type(screen.getByLabelText(/Nombre de la vista/), 'Solo ofrecimientos');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(bodies('/api/vistas')).toHaveLength(1));
    expect(bodies('/api/vistas')[0]).toEqual({ nombre: 'Solo ofrecimientos', compartida: false, filtro: { ...EMPTY_FILTRO, estado: '4' } });
  });
});
