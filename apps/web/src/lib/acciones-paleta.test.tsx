import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { accionesDePantalla, useAccionesDePantalla, useAccionesDePaleta } from './acciones-paleta';

/** What the palette lists: it is drawn once and must follow the screens mounted beside it. */
function Paleta() {
  const acciones = useAccionesDePantalla();
  return <output aria-label="acciones">{acciones.map((accion) => accion.label).join(' | ')}</output>;
}

function Caso({ isUrgente, onRun }: { isUrgente: boolean; onRun: () => void }) {
  useAccionesDePaleta([{ id: 'urgente', label: `${isUrgente ? 'Quitar' : 'Marcar'} etiqueta Urgente`, run: onRun }]);
  return null;
}

function App() {
  const [isCasoAbierto, setCasoAbierto] = useState(false);
  const [isUrgente, setUrgente] = useState(false);
  const [, setDibujo] = useState(0);
  return (
    <>
      <Paleta />
      <button type="button" onClick={() => setDibujo((dibujo) => dibujo + 1)}>
        abrir paleta
      </button>
      <button type="button" onClick={() => setCasoAbierto((abierto) => !abierto)}>
        caso
      </button>
      {isCasoAbierto && <Caso isUrgente={isUrgente} onRun={() => setUrgente(true)} />}
    </>
  );
}

const listadas = () => screen.getByLabelText('acciones').textContent;

afterEach(cleanup);

describe("the open screen's actions in the palette (docs/decisions/100)", () => {
  it('show as the screen mounts under a palette already drawn, and go as it unmounts', () => {
    render(<App />);
    expect(listadas()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'caso' }));
    expect(listadas()).toBe('Marcar etiqueta Urgente');
    fireEvent.click(screen.getByRole('button', { name: 'caso' }));
    expect(listadas()).toBe('');
  });

  it("the palette's next drawing reads the screen's latest action, and running it is the screen's own handler", () => {
    render(<App />);
    fireEvent.click(screen.getByRole('button', { name: 'caso' }));
    act(() => accionesDePantalla()[0]!.run());
    fireEvent.click(screen.getByRole('button', { name: 'abrir paleta' }));
    expect(listadas()).toBe('Quitar etiqueta Urgente');
  });
});
