/** User types (spec §1): Admin 1, User 2, Inspector 3; the screens call the User 'Usuario'. */
export const ROL = { ADMIN: 1, USER: 2, INSPECTOR: 3 } as const;
export type Rol = (typeof ROL)[keyof typeof ROL];
export const ROLES: readonly Rol[] = [ROL.ADMIN, ROL.USER, ROL.INSPECTOR];
export const ROL_NOMBRES: Record<Rol, string> = {
  [ROL.ADMIN]: 'Admin',
  [ROL.USER]: 'Usuario',
  [ROL.INSPECTOR]: 'Inspector',
};

export const SESSION_HOURS = 4;
export const LOGOUT_DELAY_MS = 400;

/** The inspector's app without network (docs/decisions/088). */
export const SIN_CONEXION = {
  /** The banner over the screens while the device has no network. */
  aviso: 'Sin conexión. Se muestran los datos guardados en este dispositivo; para guardar cambios hace falta internet.',
  /** Any call that cannot reach the server while the device is offline (a save, a download, the logout). */
  accion: 'Sin conexión: esta acción necesita internet.',
} as const;

export const AUTH_MESSAGES = {
  /** Spec §8's login text: the server's 401 for a wrong user or password, and the screen's fallback. */
  badCredentials: 'Credenciales incorrectas. Intente nuevamente.',
  captchaFailed: 'El captcha no es válido o ya fue utilizado',
  tooManyAttempts: 'Demasiados intentos fallidos. Espere unos minutos e intente nuevamente.',
  /** A username past the failure limit: its captcha is harder, the form solves it again (docs/decisions/079). */
  captchaStepUp: 'Hubo varios intentos fallidos con este usuario. Por seguridad, la verificación tarda un poco más; espere a que se complete.',
  /** The unlock link by e-mail (SMTP set, docs/decisions/079); the same answer whether or not the user exists. */
  unlockAsk: 'Recibir un enlace de desbloqueo por correo',
  unlockSent: 'Si el usuario existe y tiene intentos fallidos, le enviamos un correo con un enlace para desbloquearlo. El enlace vence en 30 minutos.',
  unlockUnavailable: 'El desbloqueo por correo no está disponible: espere unos minutos e intente nuevamente.',
  unlockInvalid: 'El enlace de desbloqueo no es válido, ya fue usado o venció.',
  unlocked: 'Su usuario fue desbloqueado. Ya puede iniciar sesión.',
  unauthenticated: 'Debe iniciar sesión',
  forbidden: 'No tiene permiso para realizar esta acción',
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

/**
 * Which roles must have a second factor (REQUIRE_TOTP, docs/decisions/028): none, the Admins, or
 * every role. Someone who must and has none signs in with the password and can only enrol.
 */
export const TOTP_REQUIREMENT = { off: 'off', admins: 'admins', all: 'all' } as const;
export type TotpRequirement = (typeof TOTP_REQUIREMENT)[keyof typeof TOTP_REQUIREMENT];

export function totpRequiredRoles(requirement: TotpRequirement): readonly Rol[] {
  if (requirement === TOTP_REQUIREMENT.all) return ROLES;
  if (requirement === TOTP_REQUIREMENT.admins) return [ROL.ADMIN];
  return [];
}

/** Optional second factor: TOTP of RFC 6238 with the parameters every authenticator app uses. */
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', secretBytes: 20, acceptedSteps: 1 } as const;

export const TOTP_MESSAGES = {
  started: 'Escanee el código con su aplicación de autenticación e ingrese el código que muestra',
  enabled: 'Verificación en dos pasos activada',
  disabled: 'Verificación en dos pasos desactivada',
  notStarted: 'Primero genere un nuevo secreto de verificación',
  alreadyEnabled: 'La verificación en dos pasos ya está activa',
  notEnabled: 'La verificación en dos pasos no está activa',
  mandatory: 'La verificación en dos pasos es obligatoria para su tipo de usuario',
  reauthRequired: 'Ingrese un código de verificación o su contraseña actual',
  adminCodeRequired: 'Un administrador debe ingresar un código de verificación para desactivarla',
  /** DELETE /users/{id}/totp on oneself would skip the code (docs/decisions/028). */
  ownInAccount: 'Para quitar su propio segundo factor use Mi cuenta',
  reset: 'Verificación en dos pasos eliminada',
  confirmReset: '¿Desea quitar la verificación en dos pasos de este usuario?',
} as const;
