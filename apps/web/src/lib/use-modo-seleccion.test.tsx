import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useModoSeleccion } from './use-modo-seleccion';
import { useSeleccionIds } from './use-seleccion-ids';

const IDS = [1, 2, 3, 4];

function Lista({ withDialog = false }: { withDialog?: boolean }) {
  const seleccion = useSeleccionIds(IDS);
  const modo = useModoSeleccion(seleccion.clear);
  return (
    <>
      <input aria-label="Búsqueda rápida" />
      {modo.isActive ? (
        <button type="button" onClick={modo.salir}>
          Cancelar selección
        </button>
      ) : (
        <button type="button" onClick={modo.entrar}>
          Seleccionar
        </button>
      )}
      <output aria-label="marcados">{[...seleccion.ids].join(',')}</output>
      {modo.isActive &&
        IDS.map((id) => (
          <input key={id} type="checkbox" aria-label={`caso ${id}`} checked={seleccion.isSelected(id)} onChange={(event) => seleccion.toggle(id, (event.nativeEvent as MouseEvent).shiftKey === true)} />
        ))}
      {withDialog && <div role="dialog" aria-modal="true" />}
    </>
  );
}

const marcados = () => screen.getByLabelText('marcados').textContent;
const casillas = () => screen.queryAllByRole('checkbox').length;
const entrar = () => fireEvent.click(screen.getByRole('button', { name: 'Seleccionar' }));

afterEach(cleanup);

describe('the selection mode (docs/decisions/097)', () => {
  it('shows no checkboxes until Seleccionar; Cancelar selección hides them and empties the selection', () => {
    render(<Lista />);
    expect(casillas()).toBe(0);
    entrar();
    expect(casillas()).toBe(4);
    fireEvent.click(screen.getByLabelText('caso 1'));
    fireEvent.click(screen.getByLabelText('caso 3'), { shiftKey: true });
    expect(marcados()).toBe('1,2,3');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar selección' }));
    expect(casillas()).toBe(0);
    expect(marcados()).toBe('');
    entrar();
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it('Esc leaves the mode from the page or from a ticked box, not from a text field or under a dialog', () => {
    const { rerender } = render(<Lista />);
    entrar();
    fireEvent.click(screen.getByLabelText('caso 2'));
    fireEvent.keyDown(screen.getByLabelText('Búsqueda rápida'), { key: 'Escape' });
    expect(casillas()).toBe(4);
    rerender(<Lista withDialog />);
    fireEvent.keyDown(screen.getByLabelText('caso 2'), { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(casillas()).toBe(4);
    rerender(<Lista />);
    fireEvent.keyDown(screen.getByLabelText('caso 2'), { key: 'Escape' });
    expect(casillas()).toBe(0);
    expect(marcados()).toBe('');
    entrar();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(casillas()).toBe(0);
  });

  it('an Esc another handler already took (a dropdown closing) is not the list’s', () => {
    render(<Lista />);
    entrar();
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    event.preventDefault();
    document.body.dispatchEvent(event);
    expect(casillas()).toBe(4);
  });
});
