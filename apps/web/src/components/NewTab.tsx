import { VisuallyHidden } from '@mantine/core';

/** Said after the name of a link that opens a new tab, so a screen reader user expects it (WCAG 3.2.5). */
export const NEW_TAB = '(abre en una pestaña nueva)';

/** The new-tab notice for a link named by its visible text. */
export function NewTabHint() {
  return <VisuallyHidden> {NEW_TAB}</VisuallyHidden>;
}
