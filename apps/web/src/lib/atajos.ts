/**
 * The keyboard shortcuts (issue 44 item 5, docs/decisions/100): one list, which the '?' sheet
 * shows and the handlers name. None fires while the person types (`isTyping`).
 */
export const ATAJOS = {
  paleta: { teclas: ['Ctrl', 'K'], texto: 'Abrir la paleta de comandos (⌘ K en Mac)' },
  ayuda: { teclas: ['?'], texto: 'Ver los atajos de teclado' },
  siguiente: { teclas: ['j'], texto: 'Lista de casos: bajar a la fila siguiente' },
  anterior: { teclas: ['k'], texto: 'Lista de casos: subir a la fila anterior' },
  abrir: { teclas: ['Enter'], texto: 'Lista de casos: abrir el caso de la fila' },
  buscar: { teclas: ['/'], texto: 'Lista de casos: ir a la búsqueda rápida' },
} as const;

/**
 * The key was typed into something that takes text (an input, a text area, a select, an editable
 * element), came with Ctrl, ⌘ or Alt, or a dialog is open over the page: no single-key shortcut then.
 */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target instanceof HTMLElement ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"]')) return true;
  return document.querySelector('[role="dialog"][aria-modal="true"]') !== null;
}
