import { useEffect, useRef, useState } from 'react';
import { isTyping } from './atajos';

/** Esc leaves the mode, unless it belongs to a field, a dropdown or a dialog first (a ticked box keeps the focus: that one counts as the list). */
function isEscParaLaLista(event: KeyboardEvent) {
  if (event.key !== 'Escape' || event.defaultPrevented) return false;
  const isCasilla = event.target instanceof HTMLInputElement && event.target.type === 'checkbox';
  return isCasilla ? document.querySelector('[role="dialog"][aria-modal="true"]') === null : !isTyping(event);
}

/**
 * Selection as a mode (issue 44: the spec's screens stay as they are for anyone who does not use
 * the power tools; docs/decisions/104): the checkbox column and the bulk bar show only
 * after 'Seleccionar'; 'Cancelar selección' or Esc hides them and empties the selection (`onSalir`).
 */
export function useModoSeleccion(onSalir: () => void) {
  const [isActive, setActive] = useState(false);
  const salirRef = useRef(onSalir);
  useEffect(() => {
    salirRef.current = onSalir;
  });

  useEffect(() => {
    if (!isActive) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isEscParaLaLista(event)) return;
      salirRef.current();
      setActive(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isActive]);

  return {
    isActive,
    entrar: () => setActive(true),
    salir: () => {
      onSalir();
      setActive(false);
    },
  };
}

export type ModoSeleccion = ReturnType<typeof useModoSeleccion>;
