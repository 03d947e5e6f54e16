/** User types (spec §1): Admin 1, User 2, Inspector 3. */
export const ROL = { ADMIN: 1, USER: 2, INSPECTOR: 3 } as const;
export type Rol = (typeof ROL)[keyof typeof ROL];
export const ROLES: readonly Rol[] = [ROL.ADMIN, ROL.USER, ROL.INSPECTOR];
export const ROL_NOMBRES: Record<Rol, string> = {
  [ROL.ADMIN]: 'Admin',
  [ROL.USER]: 'User',
  [ROL.INSPECTOR]: 'Inspector',
};

export const SESSION_HOURS = 4;
export const LOGOUT_DELAY_MS = 400;

export const AUTH_MESSAGES = {
  badCredentials: 'Usuario o contraseña incorrectos',
  captchaFailed: 'El captcha no es válido o ya fue utilizado',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere unos minutos e intente nuevamente.',
  unauthenticated: 'Debe iniciar sesión',
  forbidden: 'No tiene permiso para realizar esta acción',
  loginFailed: 'Credenciales incorrectas. Intente nuevamente.',
  loginException: 'Ocurrió un error al intentar iniciar sesión. Por favor, intente más tarde.',
  network: 'Error de red o problema desconocido',
  logoutException: 'Ocurrió un error al cerrar sesión.',
  logoutError: 'Error al cerrar sesión',
  sessionExpired: 'La sesión expiró',
  sessionsRevoked: 'Sesiones cerradas',
  confirmRevokeSessions: '¿Desea cerrar todas las sesiones de este usuario?',
  totpRequired: 'Ingrese el código de verificación de su aplicación de autenticación',
  totpInvalid: 'El código de verificación no es válido',
  totpSetupRequired: 'Debe activar la verificación en dos pasos antes de continuar',
} as const;

/** Optional second factor: TOTP of RFC 6238 with the parameters every authenticator app uses. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', secretBytes: 20, acceptedSteps: 1 } as const;

export const TOTP_MESSAGES = {
  started: 'Escanee el código con su aplicación de autenticación e ingrese el código que muestra',
  enabled: 'Verificación en dos pasos activada',
  disabled: 'Verificación en dos pasos desactivada',
  notStarted: 'Primero genere un nuevo secreto de verificación',
  alreadyEnabled: 'La verificación en dos pasos ya está activa',
  notEnabled: 'La verificación en dos pasos no está activa',
  mandatory: 'La verificación en dos pasos es obligatoria para los administradores',
  reset: 'Verificación en dos pasos eliminada',
  confirmReset: '¿Desea quitar la verificación en dos pasos de este usuario?',
} as const;
