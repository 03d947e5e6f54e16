import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { ApiError } from './api';

/** Toasts (spec §9): 4 s by default, top right, 3 visible (set on the provider). */
export const TOAST_MS = 4000;
export const VALIDATION_TOAST_MS = 5000;
export const SERVER_ERROR_TOAST_MS = 10_000;

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: TOAST_MS });
}

export function notifyError(message: string, autoClose = TOAST_MS) {
  notifications.show({ message, color: 'red', autoClose });
}

/** The server's message when it sent one, otherwise the screen's generic text (spec §8). */
export function notifyApiError(error: unknown, fallback: string, autoClose = TOAST_MS) {
  notifyError(error instanceof ApiError && error.message ? error.message : fallback, autoClose);
}

const CARRIED_OVER_RELOAD = 'siniestros.toast-after-reload';

/**
 * A confirmation followed by a page reload (spec §8, Cierre): shown at once, ahead of any toasts
 * still waiting their turn (the reload wipes those anyway), and again after the reload, so a
 * handler who has just done other things still sees it.
 */
export function notifySuccessAcrossReload(message: string) {
  notifications.clean();
  notifySuccess(message);
  try {
    sessionStorage.setItem(CARRIED_OVER_RELOAD, message);
  } catch {
    // Storage refused (private mode, quota): the toast before the reload is all there is.
  }
}

/** Shows, once, the confirmation a reload interrupted (mounted with the toasts). */
export function useToastCarriedOverReload() {
  useEffect(() => {
    let message: string | null = null;
    try {
      message = sessionStorage.getItem(CARRIED_OVER_RELOAD);
      sessionStorage.removeItem(CARRIED_OVER_RELOAD);
    } catch {
      return;
    }
    if (message) notifySuccess(message);
  }, []);
}
