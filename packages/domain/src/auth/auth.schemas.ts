// zod/mini: the login screen parses with these before any other schema is loaded (docs/decisions/066).
import * as z from 'zod/mini';
import { AUTH_MESSAGES, TOTP, TOTP_MESSAGES } from './auth.constants';

/** Spec §5, login: the form checks what it sends, word for word. */
export const loginSchema = z.strictObject({
  username: z
    .string({ error: 'El nombre de usuario es requerido' })
    .check(
      z.minLength(1, 'El nombre de usuario es requerido'),
      z.minLength(4, 'El nombre de usuario debe tener al menos 4 caracteres.'),
      z.maxLength(50, 'El nombre de usuario debe tener maximo 50 caracteres.'),
    ),
  password: z.string({ error: 'La contraseña es requerida' }).check(
    z.minLength(1, 'La contraseña es requerida'),
    z.minLength(4, 'La contraseña debe tener al menos 4 caracteres.'),
    // Spec §5 caps it at 50; new passwords may have up to 128 (decision 000), and an account
    // must be able to sign in with the password it was given (docs/decisions/007).
    z.maxLength(128, 'La contraseña debe tener maximo 128 caracteres.'),
  ),
  captcha: z.optional(z.string().check(z.maxLength(20_000))),
  /** The TOTP code, for users with a second factor (checked by the server, 401 when wrong). */
  totp: z.optional(z.string().check(z.trim(), z.maxLength(10))),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A code typed from the authenticator app: enrolment confirmation and disabling. */
export const totpCodeSchema = z.strictObject({
  totp: z
    .string({ error: AUTH_MESSAGES.totpInvalid })
    .check(z.trim(), z.regex(new RegExp(`^\\d{${TOTP.digits}}$`), AUTH_MESSAGES.totpInvalid)),
});
export type TotpCode = z.infer<typeof totpCodeSchema>;

/**
 * Turning the second factor off re-authenticates (ASVS 7.5.1): a current code, or the current
 * password (an Admin must give a code). The web sends one of the two.
 */
export const totpDisableSchema = z
  .strictObject({
    totp: z.optional(totpCodeSchema.shape.totp),
    password: z.optional(
      z.string().check(z.minLength(1, TOTP_MESSAGES.reauthRequired), z.maxLength(128, 'La contraseña debe tener maximo 128 caracteres.')),
    ),
  })
  .check(
    z.refine((value) => value.totp !== undefined || value.password !== undefined, {
      message: TOTP_MESSAGES.reauthRequired,
      path: ['totp'],
    }),
  );
export type TotpDisable = z.infer<typeof totpDisableSchema>;

export const totpEnrolmentResponse = z.object({ secret: z.string(), otpauth_url: z.string(), message: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentResponse>;

/**
 * GET /captcha?usuario=…: a challenge issued for that username, as hard as its failures require
 * (docs/decisions/079); without it, the ordinary one.
 */
export const captchaQuery = z.strictObject({ usuario: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(150))) });

/** POST /users/desbloqueo: the username to send an unlock link to (docs/decisions/079). */
export const unlockRequestSchema = z.strictObject({ username: loginSchema.shape.username });

/** POST /users/desbloqueo/confirmar: the token of the link. */
export const unlockConfirmSchema = z.strictObject({
  token: z.string({ error: AUTH_MESSAGES.unlockInvalid }).check(z.minLength(20, AUTH_MESSAGES.unlockInvalid), z.maxLength(200, AUTH_MESSAGES.unlockInvalid)),
});

export const MSG_CAPTCHA_REQUIRED = 'Debe completar el captcha';

export const sessionUserSchema = z.object({
  usr: z.string(),
  rol: z.int(),
  id_inspect: z.nullable(z.int()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /users/login; `totp_setup_required` (true) only when the role must have a second factor and has none yet. */
export const loginResponse = z.extend(sessionUserSchema, { totp_setup_required: z.optional(z.boolean()) });

/** GET /users/auth: the signed-in user. */
export const authUserResponse = z.extend(sessionUserSchema, {
  nombre: z.string(),
  apellido: z.string(),
  totp: z.boolean(),
  /** This user's role must have a second factor (with `totp` false: enrol first). */
  totp_required: z.boolean(),
  /** The analyst this user is (docs/decisions/083): 'Mis casos' are that analyst's cases. */
  id_analista: z.nullable(z.int()),
});
export type AuthUser = z.infer<typeof authUserResponse>;

/**
 * GET /captcha: an ALTCHA challenge (altcha-lib v2) with the parameters the login's solver reads
 * (`expiresAt` in seconds), or `{disabled: true}` when CAPTCHA=off.
 */
export const captchaChallengeResponse = z.union([
  z.object({ disabled: z.literal(true) }),
  z.looseObject({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      expiresAt: z.optional(z.number()),
    }),
    signature: z.optional(z.string()),
  }),
]);
