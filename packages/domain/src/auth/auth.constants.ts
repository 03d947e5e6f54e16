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
} as const;
