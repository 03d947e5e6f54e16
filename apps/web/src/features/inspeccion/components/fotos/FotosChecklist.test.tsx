import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FotoChecklistItem } from '@siniestros/domain';
import { renderInApp } from '../../../../test/render';
import { FotosChecklist } from './FotosChecklist';
import { metaDe, type FotoTomada } from './preparar-foto';

/**
 * The close screen's photo checklist (issue 43 item 4) in jsdom: rows, thumbnails, retake, remove,
 * several for 'Daños', extras, the count, and the position only when allowed. jsdom has no canvas:
 * the compression is given (the browser journey, e2e/inspeccion-fotos.e2e.ts, runs the real one).
 */
const ITEMS: FotoChecklistItem[] = [
  { id: 1, nombre: 'Frente', orden: 10, multiple: false, activo: true },
  { id: 5, nombre: 'Daños', orden: 50, multiple: true, activo: true },
];
const CAPTURADA = '2026-11-25T17:04:00.000Z';

let urls = 0;
beforeEach(() => {
  urls = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:foto-${++urls}`, revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

function montar(ubicar = vi.fn(async (): Promise<{ latitud: number; longitud: number } | null> => ({ latitud: -34.6, longitud: -58.38 }))) {
  const preparar = vi.fn(async (original: File) => ({ archivo: new File([original], 'foto.jpg', { type: 'image/jpeg' }), capturadaEn: CAPTURADA }));
  const estado: { fotos: FotoTomada[] } = { fotos: [] };
  function Pantalla() {
    const [fotos, setFotos] = useState<FotoTomada[]>([]);
    const [ubicacion, setUbicacion] = useState(false);
    estado.fotos = fotos;
    return <FotosChecklist items={ITEMS} fotos={fotos} setFotos={setFotos} guardarUbicacion={ubicacion} onGuardarUbicacion={setUbicacion} preparar={preparar} ubicar={ubicar} />;
  }
  renderInApp(<Pantalla />);
  return { preparar, ubicar, estado };
}

/** Chooses a file as the camera would hand it, through the input behind the row's button. */
function tomar(fila: string, nombre = 'IMG_0001.jpg') {
  const input = screen.getByTestId(`fotos-${fila}`).querySelector<HTMLInputElement>('input[type=file]')!;
  expect(input.accept).toBe('image/*');
  expect(input.getAttribute('capture')).toBe('environment');
  fireEvent.change(input, { target: { files: [new File(['jpeg'], nombre, { type: 'image/jpeg' })] } });
}

describe('the photo checklist of the close', () => {
  it('marks each item with its thumbnail, takes several for Daños, extras too, and counts the items done', async () => {
    const { preparar, ubicar, estado } = montar();
    expect(screen.getByText('0 de 2 fotos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tomar foto: Frente' })).toBeTruthy();

    tomar('item-1');
    expect(await screen.findByRole('img', { name: 'Foto: Frente' })).toBeTruthy();
    expect(screen.getByText('1 de 2 fotos')).toBeTruthy();
    // One photo only for Frente: no more camera button, a retake instead.
    expect(screen.queryByRole('button', { name: 'Tomar foto: Frente' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Volver a tomar: Frente' })).toBeTruthy();

    tomar('item-5');
    await screen.findByRole('img', { name: 'Foto: Daños' });
    tomar('item-5');
    await screen.findByRole('img', { name: 'Foto: Daños 2' });
    expect(screen.getByRole('img', { name: 'Foto: Daños 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Otra foto: Daños' })).toBeTruthy();
    expect(screen.getByText('2 de 2 fotos')).toBeTruthy();

    tomar('extras');
    await screen.findByRole('img', { name: 'Foto: Otras fotos' });
    expect(estado.fotos.map((foto) => foto.idChecklist)).toEqual([1, 5, 5, null]);
    expect(preparar).toHaveBeenCalledTimes(4);
    // The position is not asked unless the inspector allows it.
    expect(ubicar).not.toHaveBeenCalled();
    expect(metaDe(estado.fotos[0]!)).toEqual({ id_checklist: 1, capturada_en: CAPTURADA, latitud: null, longitud: null });

    fireEvent.click(screen.getByRole('button', { name: 'Quitar: Frente' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Foto: Frente' })).toBeNull());
    expect(screen.getByText('1 de 2 fotos')).toBeTruthy();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:foto-1');
    expect(screen.getByRole('button', { name: 'Tomar foto: Frente' })).toBeTruthy();
  });

  it('keeps the position with each photo once "Guardar ubicación de las fotos" is ticked, and a retake replaces the photo', async () => {
    const { ubicar, estado } = montar();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Guardar ubicación de las fotos' }));
    tomar('item-1');
    await screen.findByRole('img', { name: 'Foto: Frente' });
    expect(ubicar).toHaveBeenCalledTimes(1);
    expect(metaDe(estado.fotos[0]!)).toEqual({ id_checklist: 1, capturada_en: CAPTURADA, latitud: -34.6, longitud: -58.38 });

    const retake = within(screen.getByTestId('fotos-item-1')).getAllByRole('button', { name: 'Volver a tomar: Frente' })[0]!;
    expect(retake).toBeTruthy();
    const input = screen.getByTestId('fotos-item-1').querySelectorAll<HTMLInputElement>('input[type=file]');
    fireEvent.change(input[input.length - 1]!, { target: { files: [new File(['otra'], 'IMG_0002.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByRole('img', { name: 'Foto: Frente' }).getAttribute('src')).toBe('blob:foto-2'));
    expect(estado.fotos).toHaveLength(1);
  });

  it('says so when the position cannot be had, and keeps the photo without it', async () => {
    const { estado } = montar(vi.fn(async (): Promise<{ latitud: number; longitud: number } | null> => null));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Guardar ubicación de las fotos' }));
    tomar('item-1');
    expect(await screen.findByText('No se pudo obtener la ubicación: las fotos se guardan sin ella')).toBeTruthy();
    await screen.findByRole('img', { name: 'Foto: Frente' });
    expect(estado.fotos[0]).toMatchObject({ latitud: null, longitud: null });
  });
});
