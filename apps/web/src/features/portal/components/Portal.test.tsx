import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { CICLO_MESSAGES, ESTADO, PORTAL_MESSAGES, PORTAL_MOTIVOS_RECHAZO, type CasoDetalle, type Recibido } from '@siniestros/domain';
import { renderInApp } from '../../../test/render';
import { detalleAt } from '../../caso-detalle/hooks/detalle.fixture';
import { BandejaRecibidosScreen } from './BandejaRecibidosScreen';
import { PedirDocumentacionDialog } from './PedirDocumentacionDialog';
import { PortalPanel } from './PortalPanel';
import { aplicable, enlaceVivo, item, tercero } from './portal.fixture';
import { fakeApi } from '../../../test/fake-api';

/**
 * The staff's side of the claimant portal (issue 42): what 'Pedir documentación' pre-selects and
 * sends, and the review of a received item. The server is stood in for at `fetch`, recording what
 * each call sent; the dialog, the Bandeja and the case's panel are the real ones.
 */

afterEach(() => {
  act(() => notifications.clean());
});
const api = fakeApi((_method, url) =>
  url === '/api/config'
    ? Response.json({ orgAcronym: 'EO', orgName: 'Estudio Ortiz', captcha: 'off', pageSize: 20, desbloqueo: false })
    : undefined,
);


const checkbox = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

describe("'Pedir documentación'", () => {
  const PEDIDO = {
    message: PORTAL_MESSAGES.pedidoEnviado,
    enlace: 'https://oficina.example/portal#t=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg',
    expira: '2026-12-28T02:30:00.000Z',
    whatsapp: 'https://wa.me/5491155551234?text=Hola',
    email: 'enviado' as const,
  };

  it('pre-selects what applies and is missing, follows the conditions, and shows the link once with WhatsApp', async () => {
    api.answers['POST /api/casos/7/portal/pedidos'] = () => Response.json(PEDIDO);
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <PedirDocumentacionDialog
        idCaso={7}
        reclamo="123456"
        compania="La Segunda"
        terceros={[
          tercero({
            aplicables: [
              aplicable(1, 'DNI del reclamante'),
              aplicable(2, 'Cédula verde', { pedido: true, id_item: 12, estado: 'aceptado' }),
              aplicable(3, 'Registro de conducir', { pedido: true, id_item: 13, estado: 'recibido' }),
              aplicable(4, 'Denuncia', { pedido: true, id_item: 14, estado: 'rechazado' }),
              aplicable(5, 'Foto del frente', { pedido: true, id_item: 15, estado: 'pendiente' }),
              aplicable(6, 'Título del automotor', { condicion: 'destruccion_total', aplica: false }),
              aplicable(7, 'Documentación médica', { condicion: 'lesionado' }),
              aplicable(8, 'Poder', { condicion: 'letrado', aplica: false }),
            ],
          }),
        ]}
        onClose={() => undefined}
      />,
    );

    // Missing: never asked, pending or rejected, and applying by the case (lesionado yes, letrado no).
    const marcados = () =>
      [
        'DNI del reclamante',
        'Cédula verde',
        'Registro de conducir',
        'Denuncia',
        'Foto del frente',
        'Título del automotor',
        'Documentación médica',
        'Poder',
      ].filter((nombre) => checkbox(nombre).checked);
    expect(marcados()).toEqual(['DNI del reclamante', 'Denuncia', 'Foto del frente', 'Documentación médica']);
    expect(checkbox('Enviar por correo').checked).toBe(true);

    // Stating a total loss adds its papers; withdrawing it takes them out again.
    await user.click(checkbox('Destrucción total'));
    expect(checkbox('Título del automotor').checked).toBe(true);
    await user.click(checkbox('Destrucción total'));
    expect(checkbox('Título del automotor').checked).toBe(false);
    await user.click(checkbox('Destrucción total'));
    // The handler may still add or drop any item by hand.
    await user.click(checkbox('Foto del frente'));
    await user.click(checkbox('Enviar por WhatsApp'));
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));

    await screen.findByRole('button', { name: 'Copiar enlace' });
    const pedido = api.calls.find((call) => call.method === 'POST')!;
    expect(pedido.body).toEqual({
      id_tercero: 4,
      requisitos: [1, 4, 6, 7],
      destruccion_total: true,
      no_titular: false,
      email: true,
      canales: ['whatsapp'],
    });
    expect((screen.getByRole('textbox', { name: 'Enlace para el reclamante' }) as HTMLInputElement).value).toBe(PEDIDO.enlace);
    // 02:30 UTC on the 28th is still the 27th in Argentina.
    expect(screen.getByText(/El enlace vence el 27\/12\/2026/)).toBeTruthy();
    const whatsapp = screen.getByRole('link', { name: /Enviar por WhatsApp/ });
    expect(whatsapp.getAttribute('href')).toBe(PEDIDO.whatsapp);
    expect(whatsapp.getAttribute('target')).toBe('_blank');
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Imprimir carta' })).toBeTruthy();
  });

  it('cannot be sent empty, nor by e-mail to a third party without an address', async () => {
    const user = userEvent.setup({ delay: null });
    renderInApp(
      <PedirDocumentacionDialog
        idCaso={7}
        reclamo="123456"
        compania="La Segunda"
        terceros={[tercero({ mail: null, aplicables: [aplicable(2, 'Cédula verde', { pedido: true, id_item: 12, estado: 'aceptado' })] })]}
        onClose={() => undefined}
      />,
    );
    expect(checkbox('Enviar por correo').disabled).toBe(true);
    expect(checkbox('Cédula verde').checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByText(PORTAL_MESSAGES.sinItems)).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('reviewing a received item', () => {
  const RECIBIDO: Recibido = {
    ...item(31, 'DNI del reclamante', {
      estado: 'recibido',
      recibido: '2026-11-21T15:00:00.000Z',
      version: 3,
      documentos: ['DNI_Perez.jpg'],
    }),
    id_caso: 7,
    reclamo_nro: '123456',
    tercero: 'Pérez Juan',
  };

  it("rejects from the Bandeja with a reason from the list and free text, sending the item's version; the row leaves", async () => {
    let rows = [RECIBIDO];
    api.answers['GET /api/portal-admin/recibidos?page=1&pageSize=25'] = () => Response.json({ rows, total: rows.length });
    api.answers['PATCH /api/casos/7/portal/items/31'] = () => {
      rows = [];
      return Response.json({
        message: PORTAL_MESSAGES.itemRechazado,
        data: { ...RECIBIDO, estado: 'rechazado', version: 4 },
        completa: false,
      });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<BandejaRecibidosScreen />);
    const table = await screen.findByRole('table', { name: 'Bandeja de recibidos' });
    expect((await within(table).findByRole('link', { name: 'Siniestro 123456' })).getAttribute('href')).toBe('/casos/detalleCaso/7');
    await user.click(within(table).getByRole('button', { name: 'Rechazar DNI del reclamante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar documento' });
    // Neither a reason nor text: refused on the spot.
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));
    expect(await within(dialog).findByText(PORTAL_MESSAGES.motivoRequerido)).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: PORTAL_MOTIVOS_RECHAZO[0] }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Otro motivo o detalle' }), 'Saque la foto con más luz');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar' }));

    expect(await screen.findByText(PORTAL_MESSAGES.itemRechazado)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      decision: 'rechazar',
      motivo: `${PORTAL_MOTIVOS_RECHAZO[0]}. Saque la foto con más luz`,
      version: 3,
    });
    expect(await within(table).findByText('No hay documentos recibidos sin revisar.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rechazar documento' })).toBeNull());
  });

  it('tells a review someone else made meanwhile (409) and keeps the item to review', async () => {
    api.answers['GET /api/portal-admin/recibidos?page=1&pageSize=25'] = () => Response.json({ rows: [RECIBIDO], total: 1 });
    api.answers['PATCH /api/casos/7/portal/items/31'] = () => Response.json({ message: PORTAL_MESSAGES.stale }, { status: 409 });
    const user = userEvent.setup({ delay: null });
    renderInApp(<BandejaRecibidosScreen />);
    const table = await screen.findByRole('table', { name: 'Bandeja de recibidos' });
    await user.click(await within(table).findByRole('button', { name: 'Aceptar DNI del reclamante' }));
    expect(await screen.findByText(PORTAL_MESSAGES.stale)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PATCH')!.body).toEqual({ decision: 'aceptar', version: 3 });
    expect(within(table).getByRole('button', { name: 'Aceptar DNI del reclamante' })).toBeTruthy();
  });

  it("accepting the last item in the case shows 'Documentación completa' and, at status 1, advances the case", async () => {
    let idEstado: number = ESTADO.INICIAL;
    const caso = (): CasoDetalle => detalleAt(idEstado, 'Pendiente Documentación');
    let items = [item(30, 'Cédula verde', { estado: 'aceptado', documentos: ['Cedula_Verde.jpg'] }), { ...RECIBIDO }];
    const portal = () => ({
      terceros: [
        tercero({
          items,
          completa: items.every((candidato) => candidato.estado === 'aceptado'),
          enlace: enlaceVivo,
        }),
      ],
    });
    api.answers['GET /api/casos/7'] = () => Response.json(caso());
    api.answers['GET /api/casos/7/portal'] = () => Response.json(portal());
    api.answers['PATCH /api/casos/7/portal/items/31'] = () => {
      items = items.map((candidato) => ({ ...candidato, estado: 'aceptado' as const }));
      return Response.json({ message: PORTAL_MESSAGES.itemAceptado, data: items[1], completa: true });
    };
    api.answers['PATCH /api/casos/avanza/7'] = () => {
      idEstado = ESTADO.INSPECCION;
      return Response.json({ message: CICLO_MESSAGES.advanced, id_estado: ESTADO.INSPECCION });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<PortalPanel idCaso={7} />);
    const panel = await screen.findByRole('region', { name: 'Portal del reclamante' });
    expect(await within(panel).findByText('Enlace vigente, vence 20/12/2026')).toBeTruthy();
    expect(within(panel).getByText('Recibido (a revisar)')).toBeTruthy();
    expect(within(panel).queryByText(PORTAL_MESSAGES.documentacionCompleta)).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Aceptar DNI del reclamante' }));
    const avanzar = await within(panel).findByRole('button', { name: 'Avanzar a Coordinar Inspección' });
    expect(within(panel).getAllByText(PORTAL_MESSAGES.documentacionCompleta).length).toBeGreaterThan(0);
    await user.click(avanzar);
    expect(await screen.findByText(CICLO_MESSAGES.advanced)).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/api/casos/avanza/7')!.body).toEqual({ id_estado: ESTADO.INICIAL });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Avanzar a Coordinar Inspección' })).toBeNull());
  });
});
