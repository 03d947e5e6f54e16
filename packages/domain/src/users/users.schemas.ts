import { z } from 'zod';
import { AUTH_MESSAGES, ROL, TOTP } from '../auth/auth.constants';
import { COMMON_PASSWORD_LIST } from './common-passwords';
import { limiteOfrecimiento } from '../aprobaciones/aprobaciones.schemas';
import { positiveId } from '../shared/fields';
import { decimalString } from '../shared/responses';

export const USER_MESSAGES = {
  name: { min: 'Debe tener al menos 3 caracteres', max: 'Debe tener maximo 50 caracteres' },
  username: 'El username debe ser un email',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres.',
  passwordMax: 'La contraseña debe tener maximo 128 caracteres.',
  passwordCommon: 'La contraseña es demasiado común',
  passwordBlank: 'La contraseña no puede tener solo espacios',
  passwordIsUsername: 'La contraseña no puede ser igual al nombre de usuario',
  passwordCurrentRequired: 'Ingrese su contraseña actual',
  passwordCurrentWrong: 'La contraseña actual no es correcta',
  passwordSameAsCurrent: 'La nueva contraseña debe ser distinta de la actual',
  /** An Admin sets their own password in 'Mi cuenta', with the current one (ASVS 6.2.3). */
  ownPasswordInAccount: 'Para cambiar su propia contraseña use Mi cuenta',
  /** Setting another user's password or removing their second factor (docs/decisions/079). */
  adminReauthRequired: 'Ingrese su contraseña o un código de verificación para confirmar',
  lastAdmin: 'No se puede deshabilitar ni cambiar el tipo de usuario del último administrador activo',
  rol: 'Debe seleccionar un tipo de usuario',
  mismatch: 'Las contraseñas no coinciden',
  created: 'Usuario creado exitosamente',
  updated: 'Usuario actualizado exitosamente',
  passwordUpdated: 'Contraseña actualizada exitosamente',
  duplicate: 'Ya existe un usuario con ese username',
  notFound: 'Usuario no encontrado',
  inspectorNotFound: 'El inspector indicado no existe',
} as const;

/** New passwords: 8 to 128 characters (decision 000). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The ~1,000 most common passwords, refused for new users and changes (ASVS 6.2.4). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** The password is the username, or the part of it before '@', ignoring case and outer spaces (ASVS 6.2.11). */
export function isPasswordLikeUsername(password: string, username: string | null | undefined): boolean {
  const candidate = password.trim().toLowerCase();
  const name = username?.trim().toLowerCase();
  if (!name) return false;
  return candidate === name || candidate === name.split('@')[0];
}

/**
 * The one rule for a new password, wherever one is set (user creation, an Admin's change, the
 * user's own change): 8-128 characters (decision 000), not only spaces, not the username, not a
 * common password (docs/decisions/021, 028). The reason it is refused, or null.
 */
export function passwordProblem(password: string, username?: string | null): string | null {
  if (password.length < PASSWORD_MIN) return USER_MESSAGES.passwordMin;
  if (password.length > PASSWORD_MAX) return USER_MESSAGES.passwordMax;
  if (password.trim() === '') return USER_MESSAGES.passwordBlank;
  if (isPasswordLikeUsername(password, username)) return USER_MESSAGES.passwordIsUsername;
  if (isCommonPassword(password)) return USER_MESSAGES.passwordCommon;
  return null;
}

const personName = z.string().trim().min(3, USER_MESSAGES.name.min).max(50, USER_MESSAGES.name.max);

/** A new password: `passwordProblem` without the username (the object schemas below add it). */
export const newPassword = z.string({ error: USER_MESSAGES.passwordMin }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

type WithPassword = { password?: string; password2?: string };
const passwordsMatch = (value: WithPassword) => value.password === undefined || value.password === value.password2;
const mismatch = { message: USER_MESSAGES.mismatch, path: ['password2'] };
const notUsername = (value: WithPassword & { username?: string }) =>
  value.password === undefined || !isPasswordLikeUsername(value.password, value.username);
const isUsername = { message: USER_MESSAGES.passwordIsUsername, path: ['password'] };

const rol = z.coerce
  .number({ error: USER_MESSAGES.rol })
  .int(USER_MESSAGES.rol)
  .refine((value) => value === ROL.ADMIN || value === ROL.USER || value === ROL.INSPECTOR, USER_MESSAGES.rol);

const idInspect = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce.number().int('Debe ser un número entero').min(1).max(2_147_483_647, 'Debe ser un número entero').nullish(),
);

const userFields = {
  apellido: personName,
  nombre: personName,
  username: z.string().trim().toLowerCase().email(USER_MESSAGES.username).max(150),
  rol,
  id_inspect: idInspect,
  /** The User's offer limit (docs/decisions/081); none: unlimited. */
  limite_ofrecimiento: limiteOfrecimiento,
  /** The analyst this user is (docs/decisions/083): an existing one; null: none. */
  id_analista: z.preprocess((value) => (value === '' ? null : value), positiveId.nullish()),
};

export const userCreateSchema = z
  .strictObject({
    ...userFields,
    /** Make them a new analyst with their name (instead of `id_analista`). */
    nuevo_analista: z.boolean().optional(),
    password: newPassword,
    password2: z.string(),
  })
  .refine(passwordsMatch, mismatch)
  .refine(notUsername, isUsername);
export type UserCreate = z.infer<typeof userCreateSchema>;

/**
 * The acting Admin's own current password or a current code of their second factor: asked before
 * they set another user's password or remove their second factor (docs/decisions/079).
 */
const adminReauthFields = {
  password_admin: z.string().min(1, USER_MESSAGES.adminReauthRequired).max(PASSWORD_MAX, USER_MESSAGES.passwordMax).optional(),
  totp_admin: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${TOTP.digits}}$`), AUTH_MESSAGES.totpInvalid)
    .optional(),
};

/** DELETE /users/{id}/totp: the acting Admin's password or code (one of the two). */
export const adminReauthSchema = z
  .strictObject(adminReauthFields)
  .refine((value) => value.password_admin !== undefined || value.totp_admin !== undefined, {
    message: USER_MESSAGES.adminReauthRequired,
    path: ['password_admin'],
  });
export type AdminReauth = z.infer<typeof adminReauthSchema>;

/**
 * PATCH /users/{id}: "checks apply only to supplied fields" (spec §5); password changes need both.
 * Without `username` in the body the server compares the password with the stored one.
 */
export const userUpdateSchema = z
  .strictObject({
    id: z.coerce.number().int().optional(),
    apellido: userFields.apellido.optional(),
    nombre: userFields.nombre.optional(),
    username: userFields.username.optional(),
    rol: rol.optional(),
    id_inspect: idInspect,
    limite_ofrecimiento: limiteOfrecimiento,
    id_analista: userFields.id_analista,
    activo: z.boolean().optional(),
    password: newPassword.optional(),
    password2: z.string().optional(),
    ...adminReauthFields,
  })
  .refine(passwordsMatch, mismatch)
  .refine(notUsername, isUsername);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** A new password typed twice for a known user (the Admin's 'Cambiar contraseña' form). */
export const passwordPairSchema = (username?: string) =>
  z
    .strictObject({ password: newPassword, password2: z.string() })
    .refine(passwordsMatch, mismatch)
    .refine((value) => notUsername({ ...value, username }), isUsername);

const currentPassword = z
  .string({ error: USER_MESSAGES.passwordCurrentRequired })
  .min(1, USER_MESSAGES.passwordCurrentRequired)
  .max(PASSWORD_MAX, USER_MESSAGES.passwordMax);

/**
 * POST /users/password: the signed-in user's own change, with the current password (ASVS 6.2.3).
 * The server also refuses the username (it knows it from the session; the form passes it here).
 */
export const passwordChangeSchema = (username?: string) =>
  z
    .strictObject({ password_actual: currentPassword, password: newPassword, password2: z.string() })
    .refine(passwordsMatch, mismatch)
    .refine((value) => notUsername({ ...value, username }), isUsername);
export type PasswordChange = z.infer<ReturnType<typeof passwordChangeSchema>>;

/** Re-authentication before enrolling a second factor (ASVS 7.5.1). */
export const reauthPasswordSchema = z.strictObject({ password: currentPassword });
export type ReauthPassword = z.infer<typeof reauthPasswordSchema>;

export const usuarioResponse = z.object({
  id: z.number(),
  apellido: z.string(),
  nombre: z.string(),
  username: z.string(),
  rol: z.number(),
  id_tipo_usuario: z.number(),
  id_inspect: z.number().nullable(),
  activo: z.boolean(),
  /** The offer limit (docs/decisions/081); null: none. */
  limite_ofrecimiento: decimalString.nullable(),
  /** The analyst this user is (docs/decisions/083); null: none. */
  id_analista: z.number().nullable(),
  /** Has a confirmed TOTP second factor. */
  totp: z.boolean(),
});
export type Usuario = z.infer<typeof usuarioResponse>;
export const usuarioListResponse = z.array(usuarioResponse);
/** POST /users and PATCH /users/{id}. */
export const usuarioSavedResponse = z.object({ message: z.string(), user: usuarioResponse });
