import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { VISOR_LATERAL_ID } from '../lib/visor-lateral';
import { VisorDocumento, type DocumentoVisible } from './VisorDocumento';

function documento(nombre: string, cargar: () => Promise<Blob>) {
  return { nombre, cargar: vi.fn(cargar), descargar: vi.fn<() => void>() } satisfies DocumentoVisible;
}

const foto = () => Promise.resolve(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));

function renderVisor(documentos: DocumentoVisible[], inicial = 0) {
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <VisorDocumento documentos={documentos} inicial={inicial} onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
}

/** The picture loaded at its natural size (jsdom decodes no image). */
function loadPicture(img: HTMLElement, width: number, height: number) {
  Object.defineProperty(img, 'naturalWidth', { value: width });
  Object.defineProperty(img, 'naturalHeight', { value: height });
  fireEvent.load(img);
}

// jsdom has no object URLs; the viewer only hands them to <img>.
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:visor');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

/** Issue 44 item 4: one viewer for pictures and PDFs, with zoom, rotation and the previous/next document. */
describe('VisorDocumento', () => {
  it('shows a picture with zoom and a quarter turn, and goes through the documents with the buttons and the arrows', async () => {
    const pendiente = new Promise<Blob>(() => undefined);
    const documentos = [documento('DNI frente.png', foto), documento('Denuncia.pdf', () => pendiente), documento('Convenio.docx', foto)];
    const onClose = renderVisor(documentos);

    expect(screen.getByRole('dialog', { name: 'DNI frente.png' })).toBeTruthy();
    expect(documentos[0]!.cargar).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Anterior' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('1 de 3')).toBeTruthy();
    const img = await screen.findByRole('img', { name: 'Documento DNI frente.png' });
    loadPicture(img, 300, 200);
    await userEvent.click(screen.getByRole('button', { name: '100 %' }));
    expect(screen.getByTestId('visor-zoom').textContent).toBe('100 %');
    expect(screen.getByRole('button', { name: '100 %' }).getAttribute('aria-pressed')).toBe('true');
    const picture = () => screen.getByRole('img', { name: 'Documento DNI frente.png' });
    expect([picture().parentElement!.style.width, picture().parentElement!.style.height]).toEqual(['300px', '200px']);
    await userEvent.click(screen.getByRole('button', { name: 'Ampliar' }));
    expect(screen.getByTestId('visor-zoom').textContent).toBe('125 %');
    await userEvent.click(screen.getByRole('button', { name: 'Reducir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reducir' }));
    expect(screen.getByTestId('visor-zoom').textContent).toBe('80 %');
    await userEvent.click(screen.getByRole('button', { name: '100 %' }));
    // A quarter turn: the frame the picture takes turns with it.
    await userEvent.click(screen.getByRole('button', { name: 'Girar 90°' }));
    expect(picture().style.transform).toContain('rotate(90deg)');
    expect([picture().parentElement!.style.width, picture().parentElement!.style.height]).toEqual(['200px', '300px']);

    // A PDF asks for its bytes and shows it is loading (pdf.js draws only in a browser: e2e/portal-oficina.e2e.ts).
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByRole('dialog', { name: 'Denuncia.pdf' })).toBeTruthy();
    expect(documentos[1]!.cargar).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Cargando el documento')).toBeTruthy();
    expect(screen.getByText('2 de 3')).toBeTruthy();

    // Any other type: not read at all, only the download.
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Convenio.docx' })).toBeTruthy();
    expect(screen.getByText(/no se puede ver aquí/)).toBeTruthy();
    expect(documentos[2]!.cargar).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Siguiente' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Girar 90°' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Descargar' }));
    expect(documentos[2]!.descargar).toHaveBeenCalledTimes(1);
    expect(documentos[0]!.descargar).not.toHaveBeenCalled();

    // Back to the picture: it opens fitted and unturned again.
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'DNI frente.png' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Documento DNI frente.png' })).style.transform).toContain('rotate(0deg)');
    expect(screen.getByRole('button', { name: 'Ajustar' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens on the document asked for, alone without Anterior/Siguiente, and says so when it cannot be read', async () => {
    const documentos = [documento('Otro.png', foto), documento('Recibo.pdf', () => Promise.reject(new Error('404')))];
    renderVisor(documentos.slice(1));
    expect(screen.getByRole('dialog', { name: 'Recibo.pdf' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo mostrar el documento. Puede descargarlo.');
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Descargar' })).toBeTruthy();
    expect(documentos[0]!.cargar).not.toHaveBeenCalled();
  });

  it('from 900 px in the shell is a side panel: not modal, another document chosen in the list is shown, Esc from inside closes it and the focus goes back', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('min-width') })) as typeof window.matchMedia;
    const columna = document.createElement('aside');
    columna.id = VISOR_LATERAL_ID;
    document.body.append(columna);
    const documentos = [documento('Uno.png', foto), documento('Dos.png', foto)];
    const onClose = vi.fn();
    function Pagina() {
      const [visto, setVisto] = useState<number | null>(null);
      return (
        <MantineProvider env="test">
          <button type="button" onClick={() => setVisto(0)}>
            Ver Uno
          </button>
          <button type="button" onClick={() => setVisto(1)}>
            Ver Dos
          </button>
          {visto !== null && (
            <VisorDocumento
              documentos={documentos}
              inicial={visto}
              onClose={() => {
                onClose();
                setVisto(null);
              }}
            />
          )}
        </MantineProvider>
      );
    }
    try {
      render(<Pagina />);
      await userEvent.click(screen.getByRole('button', { name: 'Ver Uno' }));
      const panel = screen.getByRole('dialog', { name: 'Uno.png' });
      expect(columna.contains(panel)).toBe(true);
      expect(panel.getAttribute('aria-modal')).toBe('false');
      expect(document.activeElement).toBe(panel);
      // The page beside it stays usable: another document from the list.
      await userEvent.click(screen.getByRole('button', { name: 'Ver Dos' }));
      expect(screen.getByRole('dialog', { name: 'Dos.png' })).toBeTruthy();
      expect(screen.getByText('2 de 2')).toBeTruthy();
      // Arrows outside the panel are the page's.
      fireEvent.keyDown(screen.getByRole('button', { name: 'Ver Uno' }), { key: 'ArrowLeft' });
      expect(screen.getByRole('dialog', { name: 'Dos.png' })).toBeTruthy();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Anterior' }), { key: 'ArrowLeft' });
      expect(screen.getByRole('dialog', { name: 'Uno.png' })).toBeTruthy();
      fireEvent.keyDown(screen.getByRole('button', { name: 'Ver Uno' }), { key: 'Escape' });
      expect(onClose).not.toHaveBeenCalled();
      screen.getByRole('button', { name: 'Cerrar la vista previa' }).focus();
      await userEvent.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();
      // Back where the panel was opened from.
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ver Uno' }));
    } finally {
      window.matchMedia = original;
      columna.remove();
    }
  });
});
