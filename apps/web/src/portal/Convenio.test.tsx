import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PORTAL_CONVENIO,
  PORTAL_CONVENIO_MESSAGES,
  PORTAL_CONVENIO_PAGINA,
  PORTAL_ITEM_ESTADOS_RECLAMANTE,
  PORTAL_MESSAGES,
  type PortalEstado,
} from '@siniestros/domain';
import { fakeApi } from '../test/fake-api';

/**
 * The claimant's page with a convenio to sign (issue 42 item 7): the published files, the item
 * 'Convenio firmado' among the documents, and the electronic signature with its refusals next to
 * their fields. The server is stood in for at `fetch`; the page is the real one, loaded afresh for
 * each test (it keeps its start-up in the module).
 */

const api = fakeApi((method, url) => (method === 'GET' && url === '/api/portal/estado' ? Response.json(estado) : undefined));
let estado: PortalEstado;

const FIRMADO_ITEM: PortalEstado['items'][number] = {
  id: 40,
  nombre: PORTAL_CONVENIO.itemNombre,
  explicacion: PORTAL_CONVENIO.itemExplicacion,
  estado: 'pendiente',
  estado_texto: PORTAL_ITEM_ESTADOS_RECLAMANTE.pendiente,
  motivo: null,
  archivos: 0,
  tiene_ejemplo: false,
};

const estadoCon = (convenio: Partial<NonNullable<PortalEstado['convenio']>> = {}): PortalEstado => ({
  oficina: 'Estudio Ortiz',
  reclamo: { numero: '123456', compania: 'La Segunda', nombre: 'Pérez Juan' },
  etapa: 'convenio',
  etapa_texto: '',
  items: [FIRMADO_ITEM],
  mensajes: [],
  expira: '2026-12-20T13:00:00.000Z',
  convenio: {
    archivos: [{ id: 3, nombre: 'Convenio_Caso_7.pdf', mime: 'application/pdf', bytes: 87_000 }],
    id_item: 40,
    firma_electronica: false,
    destino: 'j•••@example.com',
    firmado: null,
    ...convenio,
  },
});

async function abrirPagina() {
  vi.resetModules();
  const { PortalApp } = await import('./PortalApp');
  render(<PortalApp />);
  return screen.findByRole('region', { name: PORTAL_CONVENIO_PAGINA.titulo });
}

const posts = () => api.calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ url, body }));

describe("the claimant's 'Convenio para firmar'", () => {
  it('links each published file and leaves the signed copy to the item in the documents list', async () => {
    estado = estadoCon();
    const seccion = await abrirPagina();
    const archivo = within(seccion).getByRole('link', { name: 'Ver el convenio (PDF, 85 KB)' });
    expect(archivo.getAttribute('href')).toBe('/api/portal/convenio/3');
    expect(archivo.getAttribute('target')).toBe('_blank');
    expect(within(seccion).queryByRole('heading', { name: PORTAL_CONVENIO_PAGINA.firmaTitulo })).toBeNull();
    const documentos = screen.getByRole('region', { name: 'Documentos que necesitamos' });
    expect(within(documentos).getByRole('heading', { name: PORTAL_CONVENIO.itemNombre })).toBeTruthy();
    expect(within(documentos).getByText(PORTAL_CONVENIO.itemExplicacion)).toBeTruthy();
  });

  it('names each of several files, a .docx as a download', async () => {
    estado = estadoCon({
      archivos: [
        { id: 3, nombre: 'Convenio_Caso_7.pdf', mime: 'application/pdf', bytes: 1_300_000 },
        {
          id: 4,
          nombre: 'Convenio_Caso_7_02.docx',
          mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          bytes: 300,
        },
      ],
    });
    const seccion = await abrirPagina();
    expect(within(seccion).getByRole('link', { name: 'Ver Convenio_Caso_7.pdf (PDF, 1,2 MB)' })).toBeTruthy();
    const docx = within(seccion).getByRole('link', { name: 'Descargar Convenio_Caso_7_02.docx (Word, 1 KB)' });
    expect(docx.getAttribute('download')).toBe('Convenio_Caso_7_02.docx');
    expect(docx.getAttribute('target')).toBeNull();
  });

  it('signs electronically: acceptance, the code, a wait the server asks, a wrong DNI and a wrong code next to their fields, then signed', async () => {
    estado = estadoCon({ firma_electronica: true });
    let codigos = 0;
    api.answers['POST /api/portal/convenio/codigo'] = () =>
      codigos++ === 0
        ? Response.json(
            { message: PORTAL_CONVENIO_MESSAGES.codigoEnviado('j•••@example.com'), destino: 'j•••@example.com' },
            { status: 202 },
          )
        : Response.json({ message: PORTAL_CONVENIO_MESSAGES.codigoEspera }, { status: 429, headers: { 'Retry-After': '42' } });
    const firmas: Array<() => Response> = [
      // As the server api.answers them: the field named.
      () =>
        Response.json(
          { message: PORTAL_MESSAGES.dniIncorrecto, errors: [{ path: 'dni', message: PORTAL_MESSAGES.dniIncorrecto }] },
          { status: 422 },
        ),
      () =>
        Response.json(
          {
            message: PORTAL_CONVENIO_MESSAGES.codigoInvalido,
            errors: [{ path: 'codigo', message: PORTAL_CONVENIO_MESSAGES.codigoInvalido }],
          },
          { status: 422 },
        ),
      () => {
        estado = {
          ...estadoCon({ firma_electronica: true, firmado: '2026-12-03T15:00:00.000Z' }),
          items: [{ ...FIRMADO_ITEM, estado: 'recibido', estado_texto: PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido, archivos: 1 }],
        };
        return Response.json({ message: PORTAL_CONVENIO_MESSAGES.firmado, item: estado.items[0] }, { status: 201 });
      },
    ];
    api.answers['POST /api/portal/convenio/firma'] = () => firmas.shift()!();
    const user = userEvent.setup({ delay: null });
    const seccion = await abrirPagina();
    const firma = within(seccion).getByRole('form', { name: PORTAL_CONVENIO_PAGINA.firmaTitulo });
    expect(within(firma).getByText(PORTAL_CONVENIO_PAGINA.codigoA('j•••@example.com'))).toBeTruthy();

    // Not accepted yet: said next to the box, nothing sent.
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.enviarCodigo }));
    const acepto = within(firma).getByRole('checkbox', { name: PORTAL_CONVENIO_PAGINA.acepto });
    expect(within(firma).getByRole('alert').textContent).toBe(PORTAL_CONVENIO_PAGINA.aceptarRequerido);
    expect(acepto.getAttribute('aria-describedby')).toBe(within(firma).getByRole('alert').id);
    expect(posts()).toEqual([]);
    expect(within(firma).queryByRole('textbox', { name: PORTAL_CONVENIO_PAGINA.codigoEtiqueta })).toBeNull();

    await user.click(acepto);
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.enviarCodigo }));
    expect(await within(firma).findByText(PORTAL_CONVENIO_MESSAGES.codigoEnviado('j•••@example.com'))).toBeTruthy();

    // Another code at once: the server's wait keeps the button off.
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.enviarOtroCodigo }));
    const esperando = await within(firma).findByRole('button', { name: PORTAL_CONVENIO_PAGINA.esperar(42) });
    expect(esperando.hasAttribute('disabled')).toBe(true);
    expect(within(firma).getByRole('alert').textContent).toBe(PORTAL_CONVENIO_MESSAGES.codigoEspera);

    const dni = within(firma).getByRole('textbox', { name: PORTAL_CONVENIO_PAGINA.dniEtiqueta });
    const codigo = within(firma).getByRole('textbox', { name: PORTAL_CONVENIO_PAGINA.codigoEtiqueta });
    // A code that is not 6 numbers is refused on the spot.
    await user.type(dni, '30.111.223');
    await user.type(codigo, '12345');
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }));
    expect(within(firma).getByRole('alert').textContent).toBe(PORTAL_CONVENIO_PAGINA.codigoSeisNumeros);
    expect(codigo.getAttribute('aria-invalid')).toBe('true');

    await user.type(codigo, '6');
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }));
    expect((await within(firma).findByRole('alert')).textContent).toBe(PORTAL_MESSAGES.dniIncorrecto);
    expect(dni.getAttribute('aria-invalid')).toBe('true');
    expect(dni.getAttribute('aria-describedby')).toContain(within(firma).getByRole('alert').id);

    await user.clear(dni);
    await user.type(dni, '30111222');
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }));
    expect((await within(firma).findByRole('alert')).textContent).toBe(PORTAL_CONVENIO_MESSAGES.codigoInvalido);
    expect(codigo.getAttribute('aria-invalid')).toBe('true');
    expect(dni.getAttribute('aria-invalid')).toBeNull();

    await user.clear(codigo);
    await user.type(codigo, '654321');
    await user.click(within(firma).getByRole('button', { name: PORTAL_CONVENIO_PAGINA.firmar }));
    // 12:00 in Argentina.
    expect(await within(seccion).findByText(`✓ ${PORTAL_CONVENIO_PAGINA.firmado('03/12/2026 12:00')}`)).toBeTruthy();
    expect(within(seccion).getByText(PORTAL_CONVENIO_MESSAGES.firmado)).toBeTruthy();
    expect(within(seccion).queryByRole('form', { name: PORTAL_CONVENIO_PAGINA.firmaTitulo })).toBeNull();
    expect(screen.getByText(PORTAL_ITEM_ESTADOS_RECLAMANTE.recibido)).toBeTruthy();
    expect(posts()).toEqual([
      { url: '/api/portal/convenio/codigo', body: {} },
      { url: '/api/portal/convenio/codigo', body: {} },
      { url: '/api/portal/convenio/firma', body: { dni: '30111223', codigo: '123456', acepto: true } },
      { url: '/api/portal/convenio/firma', body: { dni: '30111222', codigo: '123456', acepto: true } },
      { url: '/api/portal/convenio/firma', body: { dni: '30111222', codigo: '654321', acepto: true } },
    ]);
  });

  it('once signed, says when and offers no signing', async () => {
    estado = estadoCon({ firma_electronica: true, firmado: '2026-12-03T15:00:00.000Z' });
    const seccion = await abrirPagina();
    expect(within(seccion).getByText(`✓ ${PORTAL_CONVENIO_PAGINA.firmado('03/12/2026 12:00')}`)).toBeTruthy();
    expect(within(seccion).queryByText(PORTAL_CONVENIO_PAGINA.instrucciones)).toBeNull();
    expect(within(seccion).queryByRole('checkbox')).toBeNull();
  });
});
