import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import {
  CASO_MESSAGES,
  CONVENIO_TEMPLATES,
  ESTADO,
  formatPesos,
  INSPECCION_ESTADOS,
  INSPECCION_MESSAGES,
  PAGO_MESSAGES,
  type CasoDetalle,
  type Inspeccion,
  type Pago,
} from '@siniestros/domain';
import { queryKeys } from '../../../lib/query-keys';
import { renderInApp } from '../../../test/render';
import { detalle, detalleAt } from '../hooks/detalle.fixture';
import { CasoDetalleScreen } from './CasoDetalleScreen';
import { ConveniosDialog } from './ConveniosDialog';

/**
 * TanStack Query runs the callbacks given to `mutate()` only while the component that called it is
 * still mounted. A write whose re-read removes that component (a panel shown only in one status,
 * a dialog that closes at once) must still tell its outcome: these toasts come from the mutation
 * hooks. The server is stood in for at `fetch`, answering after a while as a real one does; the
 * screens are the real ones.
 */

const TERCERO = { ...detalle.terceros[0]!, version: 1 };
const INSPECCION: Inspeccion = {
  id: 11,
  version: 1,
  id_caso: 7,
  id_inspector: 2,
  fecha_inspeccion: '2026-12-01',
  hora_inspeccion: null,
  direccion: 'Av. Rivadavia 5000',
  detalle: 'Paragolpes trasero',
  resultado: null,
  monto_inspeccion: null,
  fecha_cierre: null,
  estado: INSPECCION_ESTADOS.COORDINADA,
  inspector_apellido: 'Suárez',
  inspector_nombre: 'Raúl',
};

const PAGO: Pago = {
  id: 21,
  id_caso: 7,
  id_tercero: 4,
  beneficiario: 'tercero',
  beneficiario_nombre: 'Pérez',
  cbu: '2850590940090418135201',
  monto: '100000.00',
  fecha_solicitud: '2026-11-25',
  estado: 'ordenado',
  fecha_pago: null,
  id_documento: null,
  documento: null,
  creado_por: 'ana@oficina.com',
  version: 1,
  motivo_anulacion: null,
};



const later = <T,>(ms: number, answer: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(answer()), ms));

let caso: CasoDetalle;
let answers: Record<string, () => Response>;
let aprobacionReads: number;

beforeAll(() => {
  // What jsdom lacks and the zip's download uses.
  Object.assign(URL, { createObjectURL: () => 'blob:convenios', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterAll(() => vi.restoreAllMocks());

beforeEach(() => {
  answers = {};
  aprobacionReads = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const answer = answers[`${method} ${url}`];
    if (answer) return later(30, answer);
    if (url === '/api/casos/7') return Response.json(caso);
    // The re-read of the case's other parts arrives after the case itself: by then the panel that asked is gone.
    if (url === '/api/aprobaciones/caso/7')
      return later(aprobacionReads++ === 0 ? 0 : 60, () => Response.json({ pendiente: null, limite: null }));
    if (url === '/api/users/auth')
      return Response.json({
        usr: 'ana@oficina.com',
        rol: 2,
        id_inspect: null,
        nombre: 'Ana',
        apellido: 'Pérez',
        totp: false,
        totp_required: false,
        id_analista: 5,
      });
    if (url === '/api/documentacion/listado/7') return Response.json([]);
    if (url === '/api/casos/7/pagos')
      return Response.json({
        acordado: '100000.00',
        pagado: '0.00',
        ordenado: '100000.00',
        pendiente: '100000.00',
        por_ordenar: '0.00',
        pagos: [PAGO],
      });
    throw new Error(`unexpected ${method} ${url}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});


describe('a write whose re-read removes the component that made it', () => {
  it('tells the refusal to delete an inspection the inspector closed meanwhile, though the case read again shows no inspection panel', async () => {
    caso = detalleAt(ESTADO.INSPECCION, 'Coordinar Inspección', [INSPECCION]);
    answers['DELETE /api/inspeccion/11'] = () => {
      // The inspector closed it in the field: the case is in Análisis now.
      caso = detalleAt(ESTADO.ANALISIS, 'Análisis', [
        { ...INSPECCION, estado: INSPECCION_ESTADOS.FINALIZADA, resultado: 'Daños leves', monto_inspeccion: '90000' },
      ]);
      return Response.json({ message: INSPECCION_MESSAGES.cannotDelete }, { status: 409 });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<CasoDetalleScreen idCaso={7} />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Inspeccion' }));
    await user.click(await screen.findByRole('button', { name: 'SI' }));

    // The case read again: in Análisis, so no inspections panel, and the refusal on screen all the same.
    await waitFor(() => expect(screen.getByTestId('caso-estado').textContent).toBe('Análisis'));
    expect(screen.queryByRole('region', { name: 'Inspeccion' })).toBeNull();
    expect(await screen.findByText(INSPECCION_MESSAGES.cannotDelete)).toBeTruthy();
  });

  it('tells that a payment was annulled though the case, moved back meanwhile, no longer shows its payments', async () => {
    caso = detalleAt(ESTADO.A_FINALIZAR, 'A Finalizar', [], { valor_ofertado: '100000.00', valor_acordado: '100000.00' });
    answers['PATCH /api/casos/7/pagos/21/anular'] = () => {
      // Another person sent the case back to inspection meanwhile.
      caso = detalleAt(ESTADO.INSPECCION, 'Coordinar Inspección', [], { valor_ofertado: '100000.00', valor_acordado: '100000.00' });
      return Response.json({
        message: PAGO_MESSAGES.anulado,
        data: { ...PAGO, estado: 'anulado', version: 2, motivo_anulacion: 'Datos mal cargados' },
      });
    };
    const user = userEvent.setup({ delay: null });
    renderInApp(<CasoDetalleScreen idCaso={7} />);
    await user.click(await screen.findByRole('button', { name: `Anular pago de ${formatPesos(PAGO.monto)}` }));
    await user.type(await screen.findByRole('textbox', { name: /Motivo de la anulación/ }), 'Datos mal cargados');
    await user.click(screen.getByRole('button', { name: 'Anular pago' }));

    await waitFor(() => expect(screen.getByTestId('caso-estado').textContent).toBe('Coordinar Inspección'));
    expect(screen.queryByRole('region', { name: 'Pagos' })).toBeNull();
    expect(await screen.findByText(PAGO_MESSAGES.anulado)).toBeTruthy();
  });

  it("tells the refusal of a CBU typed in 'Seleccionar Convenios', which has closed by the time the server answers", async () => {
    answers['POST /api/documentacion/c/7'] = () => new Response(new Blob(['zip']));
    answers['PATCH /api/terceros/t/7'] = () => Response.json({ message: CASO_MESSAGES.stale.tercero }, { status: 409 });
    function Convenios() {
      const [isOpen, setOpen] = useState(true);
      return isOpen ? <ConveniosDialog idCaso={7} terceros={[TERCERO]} onClose={() => setOpen(false)} /> : null;
    }
    const user = userEvent.setup({ delay: null });
    renderInApp(<Convenios />);
    await user.click(screen.getByRole('checkbox', { name: CONVENIO_TEMPLATES[0].nombre }));
    await user.type(screen.getByRole('textbox', { name: /CBU del tercero/ }), '2850590940090418135201');
    await user.click(screen.getByRole('button', { name: 'Descargar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Seleccionar Convenios' })).toBeNull());
    expect(await screen.findByText(CASO_MESSAGES.stale.tercero)).toBeTruthy();
  });
});

describe('a re-read of the case that fails', () => {
  it('keeps the case on screen with what the person was typing, under a notice', async () => {
    caso = detalleAt(ESTADO.ANALISIS, 'Análisis');
    const user = userEvent.setup({ delay: null });
    const queryClient = renderInApp(<CasoDetalleScreen idCaso={7} />);
    const gestor = await screen.findByRole('textbox', { name: /Gestor/ });
    await user.clear(gestor);
    await user.type(gestor, 'Texto sin grabar');
    answers['GET /api/casos/7'] = () => Response.json({ message: CASO_MESSAGES.loadError }, { status: 500 });
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.caso(7) }));

    expect(await screen.findByText(CASO_MESSAGES.loadError)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Gestor/ }) as HTMLInputElement).value).toBe('Texto sin grabar');
  });
});
