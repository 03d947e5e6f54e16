import { z } from 'zod';
import { ROL } from '../auth/auth.constants';
import { COMMON_PASSWORD_LIST } from './common-passwords';

export const USER_MESSAGES = {
  name: { min: 'Debe tener al menos 3 caracteres', max: 'Debe tener maximo 50 caracteres' },
  username: 'El username debe ser un email',
  passwordMin: 'La contraseña debe tener al menos 8 caracteres.',
  passwordMax: 'La contraseña debe tener maximo 128 caracteres.',
  passwordCommon: 'La contraseña es demasiado común',
  rol: 'Debe seleccionar un tipo de usuario',
  mismatch: 'Las contraseñas no coinciden',
  created: 'Usuario creado exitosamente',
  updated: 'Usuario actualizado exitosamente',
  passwordUpdated: 'Contraseña actualizada exitosamente',
  duplicate: 'Ya existe un usuario con ese username',
  notFound: 'Usuario no encontrado',
  inspectorNotFound: 'El inspector indicado no existe',
} as const;

/** The ~1,000 most common passwords, refused for new users and changes (ASVS 6.2.4). */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORD_LIST);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

const personName = z.string().trim().min(3, USER_MESSAGES.name.min).max(50, USER_MESSAGES.name.max);

/** DECISIONS.md: 8-128 characters, common passwords refused. */
export const newPassword = z
  .string()
  .min(8, USER_MESSAGES.passwordMin)
  .max(128, USER_MESSAGES.passwordMax)
  .refine((value) => !isCommonPassword(value), USER_MESSAGES.passwordCommon);

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
};

export const userCreateSchema = z
  .strictObject({
    ...userFields,
    password: newPassword,
    password2: z.string(),
  })
  .refine((user) => user.password === user.password2, {
    message: USER_MESSAGES.mismatch,
    path: ['password2'],
  });
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PATCH /users/{id}: "checks apply only to supplied fields" (spec §5); password changes need both. */
export const userUpdateSchema = z
  .strictObject({
    id: z.coerce.number().int().optional(),
    apellido: userFields.apellido.optional(),
    nombre: userFields.nombre.optional(),
    username: userFields.username.optional(),
    rol: rol.optional(),
    id_inspect: idInspect,
    activo: z.boolean().optional(),
    password: newPassword.optional(),
    password2: z.string().optional(),
  })
  .refine((user) => user.password === undefined || user.password === user.password2, {
    message: USER_MESSAGES.mismatch,
    path: ['password2'],
  });
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export type Usuario = {
  id: number;
  apellido: string;
  nombre: string;
  username: string;
  rol: number;
  id_tipo_usuario: number;
  id_inspect: number | null;
  activo: boolean;
  /** Has a confirmed TOTP second factor. */
  totp: boolean;
};
