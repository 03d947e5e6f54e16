import { useEffect } from 'react';

/** Where focus never goes back to: dialogs, and menus, toasts and dropdowns (Mantine portals). */
const OVERLAY = '[data-portal], [role="dialog"]';

/**
 * Two focus rules for every screen (WCAG 2.4.3), kept in one place:
 * - a dialog that closes gives focus back to what had it before. Mantine's `returnFocus` does
 *   this only when `opened` turns false; our dialogs are mostly unmounted instead, which drops
 *   focus on <body>, so this puts it back once the dialog leaves the page;
 * - a form submitted with invalid fields moves focus to the first of them (aria-invalid, set
 *   by Mantine inputs with an error), instead of leaving it on the button.
 */
export function useFocusManagement() {
  useEffect(() => {
    let lastOutside: HTMLElement | null = null;
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && !event.target.closest(OVERLAY)) lastOutside = event.target;
    };
    const observer = new MutationObserver((records) => {
      const isFocusLost = document.activeElement === null || document.activeElement === document.body;
      if (!isFocusLost || !lastOutside?.isConnected) return;
      const wasDialogRemoved = records.some((record) =>
        Array.from(record.removedNodes).some(
          (node) => node instanceof Element && (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]')),
        ),
      );
      if (wasDialogRemoved) lastOutside.focus();
    });
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      // After React has rendered the errors the submit handler set.
      setTimeout(() => {
        const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (invalid && document.activeElement?.getAttribute('aria-invalid') !== 'true') invalid.focus();
      }, 0);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('submit', onSubmit, true);
    // Portals share one node under <body> (Mantine 9), so the dialog leaves from deeper down.
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('submit', onSubmit, true);
      observer.disconnect();
    };
  }, []);
}
