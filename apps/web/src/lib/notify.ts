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
