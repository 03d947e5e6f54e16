import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import {
  ADVANCE_LABELS,
  CICLO_MESSAGES,
  CONVENIO_DATOS_LABELS,
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_CONVENIO_OFICINA,
  ESTADO,
  formatDateTime,
  PORTAL_MESSAGES,
  type ConvenioPublicado,
  type PortalConvenio,
} from '@siniestros/domain';
import { renderInApp } from '../../../test/render';
import { detalle, detalleAt } from '../../caso-detalle/hooks/detalle.fixture';
import { ConveniosDialog } from '../../caso-detalle/components/ConveniosDialog';
import { PortalPanel } from './PortalPanel';
import { enlaceVivo, item, tercero } from './portal.fixture';
import { fakeApi } from '../../../test/fake-api';

/**
 * The staff's side of the convenio a distancia (issue 42 item 7): 'Publicar en el portal' in
 * 'Seleccionar Convenios' and what its answer tells, and the case's portal panel with the published
 * convenio, its signature and 'Se recibe Convenio'. The server is stood in for at `fetch`, recording
 * what each call sent; the dialog and the panel are the real ones.
 */

afterEach(() => {
  act(() => notifications.clean());
});
const api = fakeApi();


let saved: string[];
beforeAll(() => {
  // What jsdom lacks and a file's download uses.
  Object.assign(URL, { createObjectURL: () => 'blob:convenio', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterAll(() => vi.restoreAllMocks());
beforeEach(() => {
  saved = [];
});

const CBU = '2850590940090418135201';
const TERCERO = { ...detalle.terceros[0]!, cbu: CBU, version: 1 };
const OTRO_TERCERO = { ...TERCERO, id: 9, apellido: 'Gómez', dominio: 'AD200AA', cbu: null };

const CONVENIO: PortalConvenio = {
  id_item: 40,
  publicado: '2026-12-02T14:05:00.000Z',
  publicado_por: 'ana@oficina.com',
  archivos: [
    {
      id: 3,
      plantilla: CONVENIO_TEMPLATES[0].nombre,
      nombre: 'Convenio_Caso_7.pdf',
      mime: 'application/pdf',
      bytes: 87_000,
      sha256: 'ab'.repeat(32),
    },
  ],
  firma: null,
};

const publicado = (changes: Partial<ConvenioPublicado> = {}): ConvenioPublicado => ({
  message: PORTAL_CONVENIO_MESSAGES.publicado,
  convenio: CONVENIO,
  pdf: true,
  enlace: null,
  whatsapp: null,
  email: 'enviado',
  ...changes,
});

describe("'Publicar en el portal' in 'Seleccionar Convenios'", () => {
  it('sends what the download sends, for the chosen third party, and shows the new link once when there was none', async () => {
    const respuesta = publicado({
      enlace: 'https://oficina.example/portal#t=Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg',
      whatsapp: 'https://wa.me/5491155551234?text=Hola',
      email: 'sin_correo',
    });
    api.answers['POST /api/casos/7/portal/convenio'] = () => Response.json(respuesta, { status: 201 });
    const user = userEvent.setup({ delay: null });
    renderInApp(<ConveniosDialog idCaso={7} terceros={[TERCERO, OTRO_TERCERO]} idTercero={TERCERO.id} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Seleccionar Convenios' });
    const publicar = within(dialog).getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar });
    expect(publicar.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Daños No Titular sin Letrado' }));
    // The same validation as the download: the No Titular data are required.
    await user.click(publicar);
    expect(await within(dialog).findByText(CONVENIO_MESSAGES.required(CONVENIO_DATOS_LABELS.titular_nombre))).toBeTruthy();
    expect(api.calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Titular del vehículo/ }), 'Carla Ruiz');
    await user.type(within(dialog).getByRole('textbox', { name: /Documento del titular/ }), 'DNI 20.111.222');
    await user.type(within(dialog).getByRole('textbox', { name: /Carácter del reclamante/ }), 'conductor autorizado');
    await user.click(publicar);

    const resultado = await screen.findByRole('dialog', { name: PORTAL_CONVENIO_OFICINA.publicarTitulo });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/api/casos/7/portal/convenio',
        body: {
          convenioFile: ['Daños No Titular sin Letrado'],
          id_tercero: TERCERO.id,
          titular_nombre: 'Carla Ruiz',
          titular_documento: 'DNI 20.111.222',
          caracter: 'conductor autorizado',
          cbu: CBU,
        },
      },
    ]);
    expect(await screen.findByText(PORTAL_CONVENIO_MESSAGES.publicado, { selector: '.mantine-Notification-description' })).toBeTruthy();
    expect(within(resultado).getByText(PORTAL_CONVENIO_OFICINA.enlaceNuevo)).toBeTruthy();
    expect(within(resultado).getByText(PORTAL_MESSAGES.pedidoSinCorreo)).toBeTruthy();
    expect(within(within(resultado).getByRole('list', { name: 'Archivos publicados' })).getByText('Convenio_Caso_7.pdf')).toBeTruthy();
    expect((within(resultado).getByRole('textbox', { name: 'Enlace para el reclamante' }) as HTMLInputElement).value).toBe(
      respuesta.enlace,
    );
    expect(within(resultado).getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
    expect(
      within(resultado)
        .getByRole('link', { name: /Enviar por WhatsApp/ })
        .getAttribute('href'),
    ).toBe(respuesta.whatsapp);
  });

  it('with a live link says the claimant sees it there and was told by e-mail; a .docx published says so', async () => {
    api.answers['POST /api/casos/7/portal/convenio'] = () => Response.json(publicado({ pdf: false }), { status: 201 });
    const user = userEvent.setup({ delay: null });
    renderInApp(<ConveniosDialog idCaso={7} terceros={[TERCERO]} soloPublicar onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: PORTAL_CONVENIO_OFICINA.publicarTitulo });
    // Opened from the portal panel it only publishes.
    expect(within(dialog).queryByRole('button', { name: 'Descargar' })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: CONVENIO_TEMPLATES[0].nombre }));
    await user.click(within(dialog).getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar }));

    expect(await within(dialog).findByText(PORTAL_CONVENIO_OFICINA.enlaceVigente)).toBeTruthy();
    expect(within(dialog).getByText(PORTAL_CONVENIO_OFICINA.avisoEnviado)).toBeTruthy();
    expect(within(dialog).getByText(PORTAL_CONVENIO_OFICINA.sinPdf)).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Enlace para el reclamante' })).toBeNull();
    expect(api.calls.map((call) => call.body)).toEqual([
      { convenioFile: [CONVENIO_TEMPLATES[0].nombre], id_tercero: TERCERO.id, cbu: CBU },
    ]);
  });

  it("tells the server's refusal and stays on the choice", async () => {
    api.answers['POST /api/casos/7/portal/convenio'] = () =>
      Response.json({ message: PORTAL_CONVENIO_MESSAGES.yaAceptado }, { status: 409 });
    const user = userEvent.setup({ delay: null });
    renderInApp(<ConveniosDialog idCaso={7} terceros={[TERCERO]} soloPublicar onClose={() => undefined} />);
    await user.click(screen.getByRole('checkbox', { name: CONVENIO_TEMPLATES[0].nombre }));
    await user.click(screen.getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar }));
    expect(await screen.findByText(PORTAL_CONVENIO_MESSAGES.yaAceptado)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: CONVENIO_TEMPLATES[0].nombre })).toBeTruthy();
  });
});

describe("the convenio in the case's portal panel", () => {
  const FIRMADO = item(40, 'Convenio firmado', {
    id_requisito: null,
    tipo: 'Convenio',
    estado: 'recibido',
    recibido: '2026-12-03T15:00:00.000Z',
    version: 2,
    documentos: ['Convenio.pdf'],
  });

  it("lists the published files and the signature; once the signed copy is accepted at status 6, 'Se recibe Convenio' advances", async () => {
    let idEstado: number = ESTADO.ESPERA_CONVENIO;
    let firmado = FIRMADO;
    const firma = {
      firmado: '2026-12-03T15:00:00.000Z',
      direccion: '190.2.3.4',
      user_agent: 'Mozilla/5.0 (Android 14)',
      destino: 'j•••@example.com',
    };
    api.answers['GET /api/casos/7'] = () =>
      Response.json(detalleAt(idEstado, idEstado === ESTADO.ESPERA_CONVENIO ? 'Espera Convenio Firmado' : 'A Finalizar'));
    api.answers['GET /api/casos/7/portal'] = () =>
      Response.json({ terceros: [tercero({ items: [firmado], enlace: enlaceVivo, convenio: { ...CONVENIO, firma } })] });
    api.answers['GET /api/casos/7/portal/convenio/3'] = () =>
      new Response(new Blob(['%PDF-1.7']), { headers: { 'Content-Type': 'application/pdf' } });
    api.answers['PATCH /api/casos/7/portal/items/40'] = () => {
      firmado = { ...firmado, estado: 'aceptado', version: 3 };
      return Response.json({ message: PORTAL_MESSAGES.itemAceptado, data: firmado, completa: true });
    };
    api.answers['PATCH /api/casos/avanza/7'] = () => {
      idEstado = ESTADO.A_FINALIZAR;
      return Response.json({ message: CICLO_MESSAGES.advanced, id_estado: ESTADO.A_FINALIZAR });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<PortalPanel idCaso={7} />);
    const panel = await screen.findByRole('region', { name: 'Portal del reclamante' });
    const bloque = await within(panel).findByRole('group', { name: 'Convenio en el portal' });
    expect(within(bloque).getByText(PORTAL_CONVENIO_OFICINA.publicado(formatDateTime(CONVENIO.publicado), 'ana@oficina.com'))).toBeTruthy();
    expect(within(bloque).getByText(PORTAL_CONVENIO_OFICINA.firmado(formatDateTime(firma.firmado)))).toBeTruthy();
    expect(within(bloque).getByText(PORTAL_CONVENIO_OFICINA.firmaDetalle('190.2.3.4', 'j•••@example.com'))).toBeTruthy();
    // Not accepted yet: it may be published again, and there is no advance.
    expect(within(bloque).getByRole('button', { name: 'Publicar convenio para Pérez Juan' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] })).toBeNull();

    await user.click(within(bloque).getByRole('button', { name: 'Convenio_Caso_7.pdf' }));
    await waitFor(() => expect(saved).toEqual(['Convenio_Caso_7.pdf']));

    // The signed copy is reviewed as any item.
    await user.click(within(panel).getByRole('button', { name: 'Aceptar Convenio firmado' }));
    const recibir = await within(panel).findByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] });
    expect(within(panel).queryByRole('button', { name: 'Publicar convenio para Pérez Juan' })).toBeNull();
    await user.click(recibir);
    expect(await screen.findByText(CICLO_MESSAGES.advanced)).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/api/casos/avanza/7')!.body).toEqual({ id_estado: ESTADO.ESPERA_CONVENIO });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: ADVANCE_LABELS[ESTADO.ESPERA_CONVENIO] })).toBeNull());
  });

  it("at status 5 'Publicar convenio' opens the publishing dialog for that third party; the panel then shows what was published", async () => {
    let convenio: PortalConvenio | null = null;
    api.answers['GET /api/casos/7'] = () => Response.json(detalleAt(ESTADO.CONVENIO, 'Convenio', [], { valor_acordado: '5000' }));
    api.answers['GET /api/casos/7/portal'] = () => Response.json({ terceros: [tercero({ enlace: enlaceVivo, convenio })] });
    api.answers['POST /api/casos/7/portal/convenio'] = () => {
      convenio = CONVENIO;
      return Response.json(publicado(), { status: 201 });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<PortalPanel idCaso={7} />);
    const panel = await screen.findByRole('region', { name: 'Portal del reclamante' });
    const bloque = await within(panel).findByRole('group', { name: 'Convenio en el portal' });
    expect(within(bloque).getByText(PORTAL_CONVENIO_OFICINA.sinPublicar)).toBeTruthy();
    await user.click(within(bloque).getByRole('button', { name: 'Publicar convenio para Pérez Juan' }));
    const dialog = await screen.findByRole('dialog', { name: PORTAL_CONVENIO_OFICINA.publicarTitulo });
    await user.click(within(dialog).getByRole('checkbox', { name: CONVENIO_TEMPLATES[0].nombre }));
    await user.type(within(dialog).getByRole('textbox', { name: /CBU del tercero/ }), CBU);
    await user.click(within(dialog).getByRole('button', { name: PORTAL_CONVENIO_OFICINA.publicar }));
    expect(await within(dialog).findByText(PORTAL_CONVENIO_OFICINA.enlaceVigente)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({
      convenioFile: [CONVENIO_TEMPLATES[0].nombre],
      id_tercero: 4,
      cbu: CBU,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(await within(bloque).findByRole('button', { name: 'Convenio_Caso_7.pdf' })).toBeTruthy();
  });
});
