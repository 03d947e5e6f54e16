import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useAtajosLista } from './use-atajos-lista';

function Lista({ withDialog = false }: { withDialog?: boolean }) {
  useAtajosLista();
  return (
    <>
      <input aria-label="Búsqueda rápida" />
      <input aria-label="Otro campo" />
      <table aria-label="Casos">
        {[11, 12, 13].map((id) => (
          <tbody key={id} data-caso={id}>
            <tr>
              <td>
                <a href={`/casos/detalleCaso/${id}`}>{id}</a>
              </td>
            </tr>
          </tbody>
        ))}
      </table>
      {withDialog && <div role="dialog" aria-modal="true" />}
    </>
  );
}

const key = (target: Element, key: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key, ...init });
const focusedCase = () => document.activeElement?.textContent;

afterEach(cleanup);

describe("the case list's shortcuts (docs/decisions/100)", () => {
  it('j and k move the focus down and up the rows, stopping at the ends', () => {
    render(<Lista />);
    key(document.body, 'k');
    expect(focusedCase()).toBe('11');
    key(document.activeElement!, 'j');
    key(document.activeElement!, 'j');
    expect(focusedCase()).toBe('13');
    key(document.activeElement!, 'j');
    expect(focusedCase()).toBe('13');
    key(document.activeElement!, 'k');
    expect(focusedCase()).toBe('12');
  });

  it("'/' goes to the quick search, also as Shift+7 (a Spanish keyboard)", () => {
    render(<Lista />);
    key(document.body, '/', { shiftKey: true });
    expect(document.activeElement).toBe(screen.getByLabelText('Búsqueda rápida'));
  });

  it('does nothing while typing, with Ctrl or ⌘, with Shift on j/k, or with a dialog open', () => {
    render(<Lista />);
    const otro = screen.getByLabelText('Otro campo');
    otro.focus();
    key(otro, 'j');
    key(otro, '/');
    expect(document.activeElement).toBe(otro);
    otro.blur();
    key(document.body, 'j', { ctrlKey: true });
    key(document.body, 'j', { metaKey: true });
    key(document.body, 'J', { shiftKey: true });
    expect(document.activeElement).toBe(document.body);
    cleanup();
    render(<Lista withDialog />);
    key(document.body, 'j');
    key(document.body, '/');
    expect(document.activeElement).toBe(document.body);
  });
});
