import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import {
  INFORME_DURACION_TRAMOS,
  INFORME_ETAPAS,
  INFORME_RATIO_TRAMOS,
  ROL,
  TABLERO_TRAMOS,
  type Informe,
  type InformeEtapa,
} from '@siniestros/domain';
import { fakeApi } from '../../../test/fake-api';
import { queryKeys } from '../../../lib/query-keys';
import { InformesScreen } from './InformesScreen';

/**
 * The Informes screen against a stand-in server (fetch): the period and company come from the URL
 * and go to the API and to the downloads, each figure links to its list with the server's filter,
 * a chart's 'Ver tabla' shows its rows, and only the Admin edits the e-mail recipients.
 */

const meses = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`);
const etapasVacias = Object.fromEntries(INFORME_ETAPAS.map((etapa) => [etapa.key, null])) as Record<InformeEtapa, null>;

const INFORME: Informe = {
  compania: { id: 2, nombre: 'La Segunda' },
  desde: '2026-10',
  hasta: '2026-10',
  fechaDesde: '2026-10-01',
  fechaHasta: '2026-10-31',
  generado: '2026-11-28T15:00:00.000Z',
  recibidos: { total: 14, filtro: { compania: '2', fechaDesde: '2026-10-01', fechaHasta: '2026-10-31' } },
  cerrados: {
    total: 5,
    filtro: { compania: '2', cierreDesde: '2026-10-01', cierreHasta: '2026-10-31' },
    porMotivo: [
      { id_estado: 8, motivo: 'Pagado', total: 4, filtro: { compania: '2', estado: '8' } },
      { id_estado: 9, motivo: 'Rechazado', total: 1, filtro: null },
    ],
  },
  abiertos: {
    al: '2026-10-31',
    total: 31,
    // A past month: the cases open at its end (abiertoAl), in a status then (estadoAl), by F Alta from that day.
    filtro: { compania: '2', abiertoAl: '2026-10-31' },
    porEstado: [{ id_estado: 3, estado: 'Análisis', total: 31, filtro: { compania: '2', abiertoAl: '2026-10-31', estadoAl: '3' } }],
    porAntiguedad: TABLERO_TRAMOS.map((tramo, index) => ({
      key: tramo.key,
      label: tramo.label,
      total: index + 1,
      filtro: index === 0 ? { compania: '2', fechaDesde: '2026-10-24', abiertoAl: '2026-10-31' } : null,
    })),
  },
  etapas: INFORME_ETAPAS.map((etapa) => ({
    etapa: etapa.key,
    label: etapa.label,
    casos: 3,
    mediana: 12,
    p90: 40,
    distribucion: INFORME_DURACION_TRAMOS.map((tramo) => ({ ...tramo, total: 1 })),
  })),
  porAnalista: [
    {
      id_analista: 5,
      analista: 'Sosa Marina',
      etapas: INFORME_ETAPAS.map((etapa) => ({ etapa: etapa.key, label: etapa.label, casos: 2, mediana: 9, p90: 21 })),
    },
  ],
  porInspector: [
    { id_inspector: 3, inspector: 'Gómez Ramiro', etapas: [{ etapa: 'inspeccion', label: 'Inspección', casos: 2, mediana: 6, p90: 8 }] },
  ],
  montos: {
    casos: 4,
    ofrecido: 1_000_000,
    acordado: 900_000,
    inspeccionado: 1_200_000,
    filtro: null,
    conInspeccion: { casos: 3, ofrecido: 800_000, acordado: 900_000, inspeccionado: 1_200_000 },
    ratios: { acordadoOfrecido: 0.9, acordadoInspeccionado: 0.75, ofrecidoInspeccionado: null },
    distribucion: INFORME_RATIO_TRAMOS.map((tramo) => ({ ...tramo, total: 0 })),
    porCaso: [
      { id: 11, ofrecido: 300_000, acordado: 250_000, inspeccionado: 400_000 },
      { id: 12, ofrecido: 200_000, acordado: 220_000, inspeccionado: null },
      { id: 13, ofrecido: null, acordado: 100_000, inspeccionado: 300_000 },
      { id: 14, ofrecido: 300_000, acordado: 330_000, inspeccionado: 500_000 },
    ],
  },
  pagos: { cantidad: 3, total: 500_000, casos: 2, filtro: { compania: '2', pagadoDesde: '2026-10-01', pagadoHasta: '2026-10-31' } },
  plazosVencidos: {
    total: 1,
    casos: 1,
    filtro: { compania: '2', plazoVencidoDesde: '2026-10-01', plazoVencidoHasta: '2026-10-31' },
    porPlazo: [{ codigo: 'art56', nombre: 'Art. 56', total: 1 }],
  },
  tendencia: meses.map((mes, index) => ({
    mes,
    recibidos: index,
    cerrados: 1,
    abiertos: 20 + index,
    medianas: etapasVacias,
    p90: etapasVacias,
    ofrecido: 0,
    acordado: 0,
    inspeccionado: 0,
    pagado: 0,
    plazosVencidos: 0,
  })),
};

const api = fakeApi((method, url) => {
  if (method === 'GET' && url.startsWith('/api/informes?')) return Response.json(INFORME);
  if (method === 'GET' && url === '/api/companias')
    return Response.json([
      { id: 2, nombre: 'La Segunda' },
      { id: 7, nombre: 'Mercantil Cuyana' },
    ]);
  if (method === 'GET' && url === '/api/informes/enviados') return Response.json([]);
  if (method === 'GET' && url === '/api/informes/destinatarios')
    return Response.json([{ id_compania: 2, compania: 'La Segunda', destinatarios: ['gerencia@lasegunda.test'] }]);
  return undefined;
});

function Ubicacion() {
  return <output data-testid="ubicacion">{useLocation().search}</output>;
}

function renderScreen(search: string, rol: number = ROL.USER) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.session, { rol, usr: 'lucia', nombre: 'Lucía', apellido: 'Pérez' });
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Notifications />
        <MemoryRouter initialEntries={[`/informes${search}`]}>
          <InformesScreen />
          <Ubicacion />
        </MemoryRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
}

const informeCalls = () => api.calls.filter((call) => call.url.startsWith('/api/informes?')).map((call) => call.url);

describe('Informes screen', () => {
  beforeEach(() => {
    document.title = '';
  });

  it('asks the API for the URL’s company and period, links each figure to its list and offers the same report as PDF and Excel', async () => {
    renderScreen('?compania=2&desde=2026-10&hasta=2026-10');
    const movimiento = await screen.findByRole('region', { name: 'Casos del período' });
    expect(informeCalls()).toEqual(['/api/informes?compania=2&desde=2026-10&hasta=2026-10']);
    expect(screen.getByText('La Segunda · octubre de 2026')).toBeTruthy();

    const recibidos = within(movimiento).getByRole('link', { name: /^Recibidos/ });
    expect(recibidos.getAttribute('href')).toBe('/casos?compania=2&fechaDesde=2026-10-01&fechaHasta=2026-10-31');
    expect(recibidos.textContent).toContain('14');
    const motivos = screen.getByRole('region', { name: 'Cerrados por motivo' });
    expect(
      within(motivos)
        .getByRole('link', { name: /^Pagado/ })
        .getAttribute('href'),
    ).toBe('/casos?compania=2&estado=8');
    // No list shows exactly the cases of a figure without a filter: it is plain text.
    expect(within(motivos).queryByRole('link', { name: /^Rechazado/ })).toBeNull();
    expect(within(motivos).getByText('Rechazado')).toBeTruthy();
    expect(within(movimiento).getByRole('link', { name: /^Abiertos al/ }).getAttribute('href')).toBe('/casos?compania=2&abiertoAl=2026-10-31');
    expect(
      within(screen.getByRole('region', { name: 'Abiertos al 31/10/2026 por estado' }))
        .getByRole('link', { name: /^Análisis/ })
        .getAttribute('href'),
    ).toBe('/casos?compania=2&abiertoAl=2026-10-31&estadoAl=3');
    expect(
      within(screen.getByRole('region', { name: 'Antigüedad de los abiertos (desde el alta)' }))
        .getByRole('link', { name: /^0 a 7 días/ })
        .getAttribute('href'),
    ).toBe('/casos?compania=2&fechaDesde=2026-10-24&abiertoAl=2026-10-31');
    // Payments and expired clocks: the count of each is plain text, the cases they fall on open the list.
    const pagos = screen.getByRole('region', { name: 'Pagos del período' });
    expect(within(pagos).queryByRole('link', { name: /^Pagos realizados/ })).toBeNull();
    const casosConPagos = within(pagos).getByRole('link', { name: /^Casos con pagos/ });
    expect(casosConPagos.getAttribute('href')).toBe('/casos?compania=2&pagadoDesde=2026-10-01&pagadoHasta=2026-10-31');
    expect(casosConPagos.textContent).toContain('2');
    expect(within(movimiento).queryByRole('link', { name: /^Plazos legales vencidos/ })).toBeNull();
    expect(
      within(movimiento)
        .getByRole('link', { name: /^Casos con plazos vencidos/ })
        .getAttribute('href'),
    ).toBe('/casos?compania=2&plazoVencidoDesde=2026-10-01&plazoVencidoHasta=2026-10-31');
    const montos = screen.getByRole('region', { name: 'Ofrecido, acordado e inspeccionado' });
    expect(within(montos).getByText(/^75\s?%$/)).toBeTruthy();
    // Each ratio says which cases it compares.
    expect(within(montos).getByText('Acordado ÷ inspeccionado (sobre 3 casos con inspección)')).toBeTruthy();
    expect(within(montos).getByText('Acordado ÷ ofrecido (sobre 4 casos con valor acordado)')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href')).toBe(
      '/api/informes.pdf?compania=2&desde=2026-10&hasta=2026-10',
    );
    expect(screen.getByRole('link', { name: 'Descargar Excel' }).getAttribute('href')).toBe(
      '/api/informes.xlsx?compania=2&desde=2026-10&hasta=2026-10',
    );
    expect(document.title).toBe('Informes · Siniestros');
  });

  it('opens the last whole month of every company when the URL names no valid period', async () => {
    renderScreen('?desde=2026-12&hasta=2026-01');
    await screen.findByRole('region', { name: 'Casos del período' });
    const [url] = informeCalls();
    expect(url).toMatch(/^\/api\/informes\?desde=\d{4}-\d{2}&hasta=\d{4}-\d{2}$/);
    const [, desde, hasta] = /desde=([\d-]+)&hasta=([\d-]+)/.exec(url!)!;
    expect(desde).toBe(hasta);
  });

  it('the offered vs agreed chart per case: its name reads what it draws, its table lists each case with a link to it', async () => {
    renderScreen('?compania=2&desde=2026-10&hasta=2026-10');
    const grafico = await screen.findByRole('region', { name: 'Ofrecido y acordado por caso' }, { timeout: 10_000 });
    expect(within(grafico).getByRole('img').getAttribute('aria-label')).toContain(
      '4 casos; con ambos montos 3, de ellos 2 con el acordado igual o mayor al ofrecido.',
    );
    await userEvent.click(within(grafico).getByRole('switch', { name: 'Ver tabla' }));
    const tabla = within(grafico).getByRole('table', { name: 'Ofrecido y acordado por caso' });
    expect(within(tabla).getAllByRole('row')).toHaveLength(5);
    expect(within(tabla).getByRole('link', { name: '13' }).getAttribute('href')).toBe('/casos/detalleCaso/13');
    const sinOfrecido = within(tabla).getByRole('row', { name: /^13/ });
    expect(within(sinOfrecido).getAllByRole('cell')[1]!.textContent).toBe('-');
  });

  it('the offered vs agreed chart of a period without agreed amounts says so instead of an empty frame', async () => {
    const url = '/api/informes?compania=2&desde=2026-09&hasta=2026-09';
    const sinMontos = { casos: 0, ofrecido: 0, acordado: 0, inspeccionado: 0 };
    api.answers[`GET ${url}`] = () =>
      Response.json({
        ...INFORME,
        desde: '2026-09',
        hasta: '2026-09',
        montos: { ...INFORME.montos, ...sinMontos, conInspeccion: sinMontos, porCaso: [] },
      });
    renderScreen('?compania=2&desde=2026-09&hasta=2026-09');
    const grafico = await screen.findByRole('region', { name: 'Ofrecido y acordado por caso' }, { timeout: 10_000 });
    expect(within(grafico).getByText('Ningún caso se cerró en el período con valor acordado.')).toBeTruthy();
    expect(within(grafico).queryByRole('img')).toBeNull();
    expect(grafico.querySelector('svg')).toBeNull();
    // Nothing to show as a table either.
    expect(within(grafico).queryByRole('switch', { name: 'Ver tabla' })).toBeNull();
    expect(informeCalls()).toEqual([url]);
  });

  it('agreed amounts without an offered one: no point to draw, said so; their table still opens', async () => {
    const url = '/api/informes?compania=2&desde=2026-08&hasta=2026-08';
    const porCaso = [{ id: 21, ofrecido: null, acordado: 150_000, inspeccionado: null }];
    api.answers[`GET ${url}`] = () => Response.json({ ...INFORME, montos: { ...INFORME.montos, casos: 1, porCaso } });
    renderScreen('?compania=2&desde=2026-08&hasta=2026-08');
    const grafico = await screen.findByRole('region', { name: 'Ofrecido y acordado por caso' }, { timeout: 10_000 });
    expect(within(grafico).getByText('Ningún caso cerrado en el período con valor acordado tiene valor ofrecido.')).toBeTruthy();
    await userEvent.click(within(grafico).getByRole('switch', { name: 'Ver tabla' }));
    expect(within(within(grafico).getByRole('table')).getByRole('link', { name: '21' })).toBeTruthy();
  });

  it('a chart’s “Ver tabla” shows its data as a table, and the chart again when turned off', async () => {
    renderScreen('?compania=2&desde=2026-10&hasta=2026-10');
    const grafico = await screen.findByRole('region', { name: 'Tendencia de 12 meses' }, { timeout: 10_000 });
    expect(within(grafico).getByRole('img').getAttribute('aria-label')).toContain('octubre de 2026: 9 recibidos, 1 cerrados, 29 abiertos');
    await userEvent.click(within(grafico).getByRole('switch', { name: 'Ver tabla' }));
    const tabla = within(grafico).getByRole('table', { name: 'Tendencia de 12 meses' });
    expect(within(tabla).getAllByRole('row')).toHaveLength(13);
    const octubre = within(tabla).getByRole('row', { name: /octubre de 2026/ });
    expect(
      within(octubre)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['octubre de 2026', '9', '1', '29']);
    expect(within(grafico).queryByRole('img')).toBeNull();
    await userEvent.click(within(grafico).getByRole('switch', { name: 'Ver tabla' }));
    expect(within(grafico).getByRole('img')).toBeTruthy();

    const duracion = screen.getByRole('region', { name: 'Duración de cada etapa' });
    await userEvent.click(within(duracion).getByRole('switch', { name: 'Ver tabla' }));
    const filas = within(within(duracion).getByRole('table')).getAllByRole('row');
    expect(filas.map((fila) => fila.firstElementChild!.textContent)).toEqual([
      'Días en la etapa',
      '0 a 7',
      '8 a 15',
      '16 a 30',
      '31 a 60',
      '61 a 90',
      '91 a 180',
      '181 o más',
    ]);
  });

  it('a company picked in the select goes to the URL and to the API', async () => {
    renderScreen('?desde=2026-10&hasta=2026-10');
    await screen.findByRole('region', { name: 'Casos del período' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Compañía' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Mercantil Cuyana' }));
    await waitFor(() => expect(screen.getByTestId('ubicacion').textContent).toBe('?compania=7&desde=2026-10&hasta=2026-10'));
    await waitFor(() => expect(informeCalls()).toContain('/api/informes?compania=7&desde=2026-10&hasta=2026-10'));
  });

  it('the Admin edits the company’s recipients: a wrong address is said beside the field, a good list is saved whole', async () => {
    api.answers['PUT /api/informes/destinatarios/2'] = () => Response.json({ message: 'Destinatarios guardados' });
    api.answers['DELETE /api/informes/destinatarios/2'] = () => Response.json({ message: 'Destinatarios guardados' });
    renderScreen('?compania=2&desde=2026-10&hasta=2026-10', ROL.ADMIN);
    const editor = await screen.findByRole('region', { name: 'Destinatarios del envío mensual: La Segunda' });
    await within(editor).findByText('gerencia@lasegunda.test');
    const campo = within(editor).getByRole('combobox', { name: 'Correos' });
    await userEvent.type(campo, 'no-es-correo{Enter}');
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar destinatarios' }));
    expect(await within(editor).findByText('Correo inválido')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    // Backspace in the empty field takes the last address away.
    await userEvent.type(campo, '{Backspace}Siniestros@LaSegunda.test{Enter}');
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar destinatarios' }));
    await screen.findByText('Destinatarios guardados');
    expect(api.calls.find((call) => call.method === 'PUT')!.body).toEqual({
      destinatarios: ['gerencia@lasegunda.test', 'siniestros@lasegunda.test'],
    });
    // The list is asked again after the save.
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/api/informes/destinatarios')).toHaveLength(2));

    // Every address taken away: the company's e-mail stops (DELETE), no empty list is sent.
    await userEvent.type(campo, '{Backspace}{Backspace}');
    await userEvent.click(within(editor).getByRole('button', { name: 'Guardar destinatarios' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'DELETE' && call.url === '/api/informes/destinatarios/2')).toBe(true),
    );
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('a User sees the copies sent but no recipients editor', async () => {
    renderScreen('?compania=2&desde=2026-10&hasta=2026-10');
    await screen.findByRole('region', { name: 'Informes enviados por correo' });
    expect(await screen.findByText('Todavía no se envió ningún informe.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Destinatarios/ })).toBeNull();
    expect(api.calls.some((call) => call.url === '/api/informes/destinatarios')).toBe(false);
  });
});
