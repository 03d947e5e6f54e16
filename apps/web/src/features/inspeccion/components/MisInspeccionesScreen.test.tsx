import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { INSPECCION_AGENDA_TEXTS, INSPECCION_MESSAGES, ROL, type InspeccionAgendaItem } from '@siniestros/domain';
import { MisInspeccionesScreen } from './MisInspeccionesScreen';

/**
 * Issue 43 item 1 (docs/decisions/086): the Inspector's agenda. The server is stood in for at
 * `fetch` (its order is the server's, tested there); the clock is fixed at 23:30 of Sunday 29/11
 * in Buenos Aires, already Monday 30/11 in UTC: 'Hoy' must be Argentina's day.
 */
const NOW = () => new Date('2026-11-30T02:30:00Z');

const visita = (id: number, fecha: string, hora: string | null, extra: Partial<InspeccionAgendaItem> = {}): InspeccionAgendaItem => ({
  id,
  id_caso: 100 + id,
  reclamo_nro: `55${id}000`,
  compania: 'La Segunda',
  fecha_inspeccion: fecha,
  hora_inspeccion: hora,
  direccion: `Av. Cabildo ${id}00, CABA`,
  detalle: 'Paragolpes trasero',
  estado: 'Coordinada',
  fecha_cierre: null,
  tercero: { apellido: 'Pérez', nombre: 'Juan', telefono: '+54 9 11 5555-0101', marca_modelo: 'Fiat Cronos', dominio: 'AC100ZZ' },
  ...extra,
});

const PENDIENTES = [
  visita(1, '2026-11-28', '18:00'),
  visita(2, '2026-11-29', '09:00', { tercero: { apellido: 'Sosa', nombre: null, telefono: 'sin datos', marca_modelo: null, dominio: 'AA000AA' } }),
  visita(3, '2026-11-29', '16:30', { tercero: null }),
  visita(4, '2026-11-30', null),
  visita(5, '2026-12-01', '10:00', { estado: 'Licitando' }),
];
const FINALIZADA = visita(9, '2026-11-20', '11:00', { estado: 'Finalizada', fecha_cierre: '2026-11-21' });

let rol: number;
let idInspect: number | null;
let agenda: Record<string, InspeccionAgendaItem[]>;
let urls: string[];

beforeEach(() => {
  rol = ROL.INSPECTOR;
  idInspect = 4;
  agenda = { pendientes: PENDIENTES, finalizadas: [FINALIZADA] };
  urls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (url === '/api/users/auth')
      return Response.json({ usr: 'ramiro@oficina.com', rol, id_inspect: idInspect, nombre: 'Ramiro', apellido: 'Gómez', totp: false, totp_required: false, id_analista: null });
    const match = /^\/api\/inspeccion\/agenda\?vista=(\w+)&page=1&pageSize=\d+$/.exec(url);
    if (match) return Response.json({ data: agenda[match[1]!], totalPages: 1, totalCount: agenda[match[1]!]!.length });
    if (url.startsWith('/api/inspeccion/i/4')) return Response.json({ data: [], totalPages: 0, totalCount: 0 });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <MisInspeccionesScreen now={NOW} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const cards = (list: HTMLElement) => within(list).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'));

describe("MisInspeccionesScreen: the Inspector's agenda", () => {
  it("groups the pending visits under Atrasadas, Hoy (Argentina's day) and Próximas by day, each card with its links", async () => {
    renderScreen();
    const hoy = await screen.findByRole('region', { name: INSPECCION_AGENDA_TEXTS.hoy });
    const regions = screen.getAllByRole('region').map((region) => within(region).getAllByRole('heading')[0]!.textContent);
    expect(regions).toEqual([INSPECCION_AGENDA_TEXTS.atrasadas, INSPECCION_AGENDA_TEXTS.hoy, INSPECCION_AGENDA_TEXTS.proximas]);
    expect(within(hoy).getByText('29/11/2026')).toBeTruthy();

    expect(cards(screen.getByRole('list', { name: INSPECCION_AGENDA_TEXTS.atrasadas }))).toEqual(['Caso 101']);
    expect(cards(within(hoy).getByRole('list'))).toEqual(['Caso 102', 'Caso 103']);
    const proximas = screen.getByRole('region', { name: INSPECCION_AGENDA_TEXTS.proximas });
    expect(within(proximas).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Lunes 30/11', 'Martes 01/12']);
    expect(cards(screen.getByRole('list', { name: 'Lunes 30/11' }))).toEqual(['Caso 104']);

    // An overdue visit shows its date; today's their hour; one without an hour says so.
    const atrasada = screen.getByRole('listitem', { name: 'Caso 101' });
    expect(within(atrasada).getByTestId('visita-hora').textContent).toBe('28/11/2026 · 18:00');
    expect(within(screen.getByRole('listitem', { name: 'Caso 102' })).getByTestId('visita-hora').textContent).toBe('09:00');
    expect(within(screen.getByRole('listitem', { name: 'Caso 104' })).getByTestId('visita-hora').textContent).toBe(INSPECCION_AGENDA_TEXTS.sinHora);

    // The address opens the maps app by a plain URL; the phone is a call with digits and + only.
    const map = within(atrasada).getByRole('link', { name: /Av\. Cabildo 100, CABA/ });
    expect(map.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Av.%20Cabildo%20100%2C%20CABA');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toBe('noopener');
    expect(within(atrasada).getByRole('link', { name: /5555-0101/ }).getAttribute('href')).toBe('tel:+5491155550101');
    expect(within(atrasada).getByText('Siniestro 551000 · Caso 101')).toBeTruthy();
    expect(within(atrasada).getByText('Fiat Cronos · AC100ZZ')).toBeTruthy();
    expect(within(atrasada).getByRole('link', { name: 'Ver inspeccion 1' }).getAttribute('href')).toBe('/inspecciones/detalleInspeccion/1');

    // A phone with no digit is no link; a case without a third party shows the visit alone.
    const sinTelefono = screen.getByRole('listitem', { name: 'Caso 102' });
    expect(within(sinTelefono).queryByRole('link', { name: /sin datos/ })).toBeNull();
    expect(within(sinTelefono).getByText(INSPECCION_AGENDA_TEXTS.sinTelefono)).toBeTruthy();
    expect(within(sinTelefono).getByText('AA000AA')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Caso 103' })).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      expect.stringMatching(/^https:\/\/www\.google\.com\/maps\//),
      '/inspecciones/detalleInspeccion/3',
    ]);
    expect(urls).toContain('/api/inspeccion/agenda?vista=pendientes&page=1&pageSize=100');
  });

  it('lists the finalized ones on their own tab, without the open-detail action', async () => {
    renderScreen();
    await screen.findByRole('region', { name: INSPECCION_AGENDA_TEXTS.hoy });
    await userEvent.click(screen.getByRole('tab', { name: 'Finalizadas' }));
    const card = await screen.findByRole('listitem', { name: 'Caso 109' });
    expect(within(card).getByText('Finalizada')).toBeTruthy();
    expect(within(card).getByText('21/11/2026')).toBeTruthy();
    expect(within(card).queryByRole('link', { name: /Ver inspeccion/ })).toBeNull();
    expect(screen.queryByRole('region', { name: INSPECCION_AGENDA_TEXTS.hoy })).toBeNull();
    expect(urls).toContain('/api/inspeccion/agenda?vista=finalizadas&page=1&pageSize=20');
  });

  it('says so when there is nothing: no visit pending, none today, none finalized', async () => {
    agenda = { pendientes: [], finalizadas: [] };
    renderScreen();
    expect(await screen.findByText(INSPECCION_AGENDA_TEXTS.emptyPendientes)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Finalizadas' }));
    expect(await screen.findByText(INSPECCION_AGENDA_TEXTS.emptyFinalizadas)).toBeTruthy();
  });

  it("shows 'Hoy' with its empty text when the visits are on other days", async () => {
    agenda.pendientes = [PENDIENTES[0]!, PENDIENTES[4]!];
    renderScreen();
    const hoy = await screen.findByRole('region', { name: INSPECCION_AGENDA_TEXTS.hoy });
    expect(within(hoy).getByText(INSPECCION_AGENDA_TEXTS.emptyHoy)).toBeTruthy();
    expect(cards(screen.getByRole('list', { name: 'Martes 01/12' }))).toEqual(['Caso 105']);
  });

  it('keeps the spec’s table for an office role, even one with an inspector record', async () => {
    rol = ROL.USER;
    renderScreen();
    expect(await screen.findByText(INSPECCION_MESSAGES.empty)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(urls.some((url) => url.startsWith('/api/inspeccion/agenda'))).toBe(false);
    expect(urls.some((url) => url.startsWith('/api/inspeccion/i/4'))).toBe(true);
  });
});
