import { z } from 'zod';
import { AUTH_MESSAGES, TOTP, TOTP_MESSAGES } from './auth.constants';

/** Spec §5, login: the form checks what it sends, word for word. */
export const loginSchema = z.strictObject({
  username: z
    .string({ error: 'El nombre de usuario es requerido' })
    .min(1, 'El nombre de usuario es requerido')
    .min(4, 'El nombre de usuario debe tener al menos 4 caracteres.')
    .max(50, 'El nombre de usuario debe tener maximo 50 caracteres.'),
  password: z
    .string({ error: 'La contraseña es requerida' })
    .min(1, 'La contraseña es requerida')
    .min(4, 'La contraseña debe tener al menos 4 caracteres.')
    // Spec §5 caps it at 50; new passwords may have up to 128 (decision 000), and an account
    // must be able to sign in with the password it was given (docs/decisions/007).
    .max(128, 'La contraseña debe tener maximo 128 caracteres.'),
  captcha: z.string().max(20_000).optional(),
  /** The TOTP code, for users with a second factor (checked by the server, 401 when wrong). */
  totp: z.string().trim().max(10).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A code typed from the authenticator app: enrolment confirmation and disabling. */
export const totpCodeSchema = z.strictObject({
  totp: z
    .string({ error: AUTH_MESSAGES.totpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${TOTP.digits}}$`), AUTH_MESSAGES.totpInvalid),
});
export type TotpCode = z.infer<typeof totpCodeSchema>;

/**
 * Turning the second factor off re-authenticates (ASVS 7.5.1): a current code, or the current
 * password (an Admin must give a code). The web sends one of the two.
 */
export const totpDisableSchema = z
  .strictObject({
    totp: totpCodeSchema.shape.totp.optional(),
    password: z.string().min(1, TOTP_MESSAGES.reauthRequired).max(128, 'La contraseña debe tener maximo 128 caracteres.').optional(),
  })
  .refine((value) => value.totp !== undefined || value.password !== undefined, { message: TOTP_MESSAGES.reauthRequired, path: ['totp'] });
export type TotpDisable = z.infer<typeof totpDisableSchema>;

export const totpEnrolmentResponse = z.object({ secret: z.string(), otpauth_url: z.string(), message: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentResponse>;

export const MSG_CAPTCHA_REQUIRED = 'Debe completar el captcha';

export const sessionUserSchema = z.object({
  usr: z.string(),
  rol: z.number().int(),
  id_inspect: z.number().int().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** POST /users/login; `totp_setup_required` (true) only when the role must have a second factor and has none yet. */
export const loginResponse = sessionUserSchema.extend({ totp_setup_required: z.boolean().optional() });

/** GET /users/auth: the signed-in user. */
export const authUserResponse = sessionUserSchema.extend({
  nombre: z.string(),
  apellido: z.string(),
  totp: z.boolean(),
  /** This user's role must have a second factor (with `totp` false: enrol first). */
  totp_required: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserResponse>;

/** GET /captcha: an ALTCHA challenge (altcha-lib v2), or `{disabled: true}` when CAPTCHA=off. */
export const captchaChallengeResponse = z.union([
  z.object({ disabled: z.literal(true) }),
  z.looseObject({ parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }), signature: z.string().optional() }),
]);
