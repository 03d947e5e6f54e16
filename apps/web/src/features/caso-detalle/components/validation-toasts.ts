import { fieldErrorText } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { notifyApiError, notifyError, VALIDATION_TOAST_MS } from '../../../lib/notify';

/** Spec §8: each validation failure is its own toast '{message} - Caso/Asegurado/Tercero - {field}' for 5 s. */
export function notifyValidationErrors(errors: Record<string, unknown>, prefix = '') {
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message === 'string' || typeof message === 'number')
      notifyError(fieldErrorText(`${prefix}${path}`, String(message)), VALIDATION_TOAST_MS);
  }
}

/** A failed save: the server's field errors as validation toasts, otherwise its message. */
export function notifySaveError(error: unknown, fallback: string, prefix = '') {
  if (error instanceof ApiError && error.errors.length > 0) {
    notifyValidationErrors(Object.fromEntries(error.errors.map((item) => [item.path, item.message])), prefix);
    return;
  }
  notifyApiError(error, fallback);
}
