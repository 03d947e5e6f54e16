import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { FLAG_KEYS, FLAGS, type CasoListRow, type CasosFiltrados, type CasosList } from '@siniestros/domain';
import { CasosScreen } from './CasosScreen';

/**
 * The case list opened with a filter in its URL (a link, a Tablero figure): the counters and the
 * selects' options come only with the unfiltered list's answer (GET /casos), which that first load
 * does not ask for by itself. The server is stood in for at `fetch`; the screen is the real one.
 */

const ROW: CasoListRow = {
  id: 41,
  fecha_creado: '2026-10-02',
  t_apellido: 'Fernández',
  t_nombre: 'Julieta',
  id_compania: 2,
  t_dominio: 'AE123CD',
  fecha_siniestro: '2026-10-01',
  id_estado: 4,
  id_producto: 3,
  lesionado: false,
  id_letrado: null,
  mediacion: false,
  id_analista: 5,
  reclamo_nro: '1030902974',
  ...(Object.fromEntries(FLAG_KEYS.map((key) => [key, false])) as Record<(typeof FLAG_KEYS)[number], boolean>),
  nombre_compania: 'La Segunda',
  estado: 'Ofrecimiento',
  producto: 'Cristales',
  an_apellido: 'Sosa',
  an_nombre: 'Marina',
};

const LIST: CasosList = {
  cases: [ROW],
  totalPages: 1,
  totalCount: 812,
  totalCloseCount: 96,
  analistas: [
    { id: 5, nombre: 'Marina', apellido: 'Sosa' },
    { id: 6, nombre: 'Tomás', apellido: 'Acosta' },
  ],
  estados: [
    { id: 1, nombre: 'Pendiente Documentación' },
    { id: 4, nombre: 'Ofrecimiento' },
  ],
  productos: [
    { id: 1, nombre: 'Daños Materiales' },
    { id: 3, nombre: 'Cristales' },
  ],
  companias: [
    { id: 2, nombre: 'La Segunda' },
    { id: 7, nombre: 'Mercantil Cuyana' },
  ],
};

const FILTRADOS: CasosFiltrados = { cases: [{ ...ROW, totalCount: 1 }], totalPages: 1, totalRows: 1, totalCapped: false };

/** The server's answers, by method and path. */
const ANSWERS: Record<string, unknown> = {
  'GET /api/casos/': LIST,
  'POST /api/casos/filtro/': FILTRADOS,
  'POST /api/plazos/estados': [],
};

/** Every request the screen made, as `METHOD path?query`. */
let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${input}`);
    const body = ANSWERS[`${method} ${input.split('?')[0]}`];
    return body === undefined ? new Response('{}', { status: 404 }) : Response.json(body);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <MemoryRouter initialEntries={[url]}>
          <CasosScreen />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const counter = (name: string) => screen.getByTestId(`contador-${name}`).textContent;
const select = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' }).value;

describe('the case list opened with a filter in its URL', () => {
  it('shows the real Vigentes and Cerrados counters beside Filtrados', async () => {
    renderAt('/casos?estado=4');
    await waitFor(() => expect(counter('filtrados')).toBe('1'));
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(counter('cerrados')).toBe('96');
    // The filtered page, plus one case of the unfiltered list for its counters and options.
    expect(requests.filter((request) => request.startsWith('GET /api/casos/'))).toEqual(['GET /api/casos/?page=1&pageSize=1']);
  });

  it('shows the label of every select the URL names (Estado, Compañia, Analista, Producto, and the fixed lists)', async () => {
    renderAt('/casos?estado=4&compania=2&analista=5&producto=3&flag=2&plazo=vencido&condCasos=1');
    await waitFor(() => expect(select('Estado')).toBe('Ofrecimiento'));
    expect(select('Compañia')).toBe('La Segunda');
    expect(select('Analista')).toBe('Sosa Marina');
    expect(select('Producto')).toBe('Cristales');
    expect(select('Etiqueta')).toBe(FLAGS.find((flag) => flag.nro === 2)!.label);
    expect(select('Plazo')).toBe('Vencido');
    expect(select('Condición')).toBe('Vigentes');
  });

  it("shows 'Sin Analista' for the analyst filter of the cases without one", async () => {
    renderAt('/casos?analista=sin');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(select('Analista')).toBe('Sin Analista');
  });

  it('opened without a filter, asks only for its page: the counters come with it', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(counter('cerrados')).toBe('96');
    expect(requests.filter((request) => request.includes('/api/casos/'))).toEqual(['GET /api/casos/?page=1&pageSize=20']);
  });

  it('filtered on screen after the whole list loaded, keeps its counters without asking again', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    await userEvent.type(screen.getByLabelText('Búsqueda rápida'), 'fernandez{Enter}');
    await waitFor(() => expect(counter('filtrados')).toBe('1'));
    expect(counter('vigentes')).toBe('812');
    expect(requests.filter((request) => request.includes('/api/casos/'))).toEqual([
      'GET /api/casos/?page=1&pageSize=20',
      'POST /api/casos/filtro/?page=1&pageSize=20',
    ]);
  });

  it('asks the server again each time the same filter is applied again', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    const box = screen.getByLabelText('Búsqueda rápida');
    await userEvent.type(box, 'fernandez{Enter}');
    await waitFor(() => expect(counter('filtrados')).toBe('1'));
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(requests.filter((request) => request.startsWith('POST /api/casos/filtro/'))).toHaveLength(2));
  });
});

describe("'Mis casos' (issue 41 item 2, docs/decisions/083)", () => {
  const filterBodies = () => {
    const calls = vi.mocked(fetch).mock.calls as [string, RequestInit | undefined][];
    return calls.filter(([url]) => url.startsWith('/api/casos/filtro/')).map(([, init]) => JSON.parse(String(init?.body)));
  };

  it("an analyst's list opens on their open cases; 'Todos' clears the analyst and the condition", async () => {
    ANSWERS['GET /api/users/auth'] = { usr: 'ana@oficina.com', rol: 2, id_inspect: null, nombre: 'Ana', apellido: 'Pérez', totp: false, totp_required: false, id_analista: 3 };
    vi.stubGlobal('fetch', vi.fn(fetch));
    try {
      renderAt('/casos');
      await waitFor(() => expect(filterBodies()).toHaveLength(1));
      expect(filterBodies()[0]).toMatchObject({ analista: '3', condCasos: '1' });
      expect(screen.getByLabelText<HTMLInputElement>('Mis casos').checked).toBe(true);
      const lists = () => requests.filter((request) => request.startsWith('GET /api/casos/')).length;
      const before = lists();
      await userEvent.click(screen.getByRole('radio', { name: 'Todos' }));
      // Nothing else filtered: the whole list again.
      await waitFor(() => expect(lists()).toBeGreaterThan(before));
      expect(filterBodies()).toHaveLength(1);
      expect(select('Analista')).toBe('');
    } finally {
      delete ANSWERS['GET /api/users/auth'];
    }
  });

  it('a user who is no analyst sees the whole list and no toggle', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(screen.queryByText('Mis casos')).toBeNull();
  });
});

describe('the folded filter panel and its chips (issue 44 item 0, docs/decisions/090)', () => {
  const filterBodies = () => {
    const calls = vi.mocked(fetch).mock.calls as [string, RequestInit | undefined][];
    return calls.filter(([url]) => url.startsWith('/api/casos/filtro/')).map(([, init]) => JSON.parse(String(init?.body)));
  };
  const toggle = () => screen.getByRole('button', { name: /^\+ Filtros|^Ocultar filtros$/ });

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', vi.fn(fetch));
  });

  it('two filters applied, folded: one chip each; removing one filters again without it', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).not.toBeNull();

    await userEvent.click(screen.getByLabelText('Compañia', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'La Segunda' }));
    await userEvent.type(screen.getByLabelText('Dominio'), 'AE123CD');
    await userEvent.click(screen.getByRole('button', { name: 'Filtrar' }));
    await waitFor(() => expect(filterBodies()).toHaveLength(1));
    expect(filterBodies()[0]).toMatchObject({ compania: '2', dominio: 'AE123CD' });

    await userEvent.click(screen.getByRole('button', { name: 'Ocultar filtros' }));
    expect(toggle().textContent).toBe('+ Filtros (2)');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    const chips = screen.getByRole('list', { name: 'Filtros aplicados' });
    expect(Array.from(chips.querySelectorAll('li')).map((chip) => chip.textContent)).toEqual(['Dominio: AE123CD', 'Compañia: La Segunda']);

    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtro Compañia' }));
    await waitFor(() => expect(filterBodies()).toHaveLength(2));
    expect(filterBodies()[1]).toMatchObject({ compania: '', dominio: 'AE123CD' });
    await waitFor(() => expect(toggle().textContent).toBe('+ Filtros (1)'));
    expect(screen.queryByRole('button', { name: 'Quitar filtro Compañia' })).toBeNull();

    // The last chip removed: the whole list again, as Limpiar Filtros.
    const lists = () => requests.filter((request) => request.startsWith('GET /api/casos/')).length;
    const before = lists();
    await userEvent.click(screen.getByRole('button', { name: 'Quitar filtro Dominio' }));
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    expect(filterBodies()).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Filtros aplicados' })).toBeNull();
    expect(toggle().textContent).toBe('+ Filtros');
  });

  it('names a date as dd/mm/yyyy and the select values by their names', async () => {
    renderAt('/casos?fechaDesde=2026-11-01&analista=sin&condCasos=1&flag=2');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    // Opened from a link: the panel open, as before; folded, the link's filter as chips.
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar filtros' }));
    const chips = screen.getByRole('list', { name: 'Filtros aplicados' });
    expect(Array.from(chips.querySelectorAll('li')).map((chip) => chip.textContent)).toEqual([
      'Condición: Vigentes',
      'Analista: Sin Analista',
      `Etiqueta: ${FLAGS.find((flag) => flag.nro === 2)!.label}`,
      'Fecha Desde: 01/11/2026',
    ]);
  });

  it('remembers the open panel in this browser', async () => {
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    await userEvent.click(toggle());
    cleanup();
    renderAt('/casos');
    await waitFor(() => expect(counter('vigentes')).toBe('812'));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle());
    cleanup();
    renderAt('/casos');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
  });
});
