import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from './auth.constants';
import { loginSchema, totpCodeSchema } from './auth.schemas';

const firstMessage = (input: unknown) => {
  const result = loginSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('loginSchema (spec §5, login)', () => {
  it.each([
    [{ password: 'clave' }, 'El nombre de usuario es requerido'],
    [{ username: '', password: 'clave' }, 'El nombre de usuario es requerido'],
    [{ username: 'abc', password: 'clave' }, 'El nombre de usuario debe tener al menos 4 caracteres.'],
    [{ username: 'a'.repeat(51), password: 'clave' }, 'El nombre de usuario debe tener maximo 50 caracteres.'],
    [{ username: 'usuario' }, 'La contraseña es requerida'],
    [{ username: 'usuario', password: '' }, 'La contraseña es requerida'],
    [{ username: 'usuario', password: 'abc' }, 'La contraseña debe tener al menos 4 caracteres.'],
    [{ username: 'usuario', password: 'a'.repeat(129) }, 'La contraseña debe tener maximo 128 caracteres.'],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts the limits and refuses unknown properties', () => {
    expect(firstMessage({ username: 'abcd', password: 'a'.repeat(50) })).toBeNull();
    expect(loginSchema.safeParse({ username: 'abcd', password: 'abcd', rol: 1 }).success).toBe(false);
  });
});

describe('TOTP fields', () => {
  it('login takes an optional code; enrolment needs exactly six digits', () => {
    expect(loginSchema.safeParse({ username: 'abcd', password: 'abcd', totp: '123456' }).success).toBe(true);
    expect(totpCodeSchema.safeParse({ totp: ' 123456 ' }).success).toBe(true);
    for (const totp of ['12345', '1234567', 'abcdef', '']) {
      const result = totpCodeSchema.safeParse({ totp });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(AUTH_MESSAGES.totpInvalid);
    }
  });
});
