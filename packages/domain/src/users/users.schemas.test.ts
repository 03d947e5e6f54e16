import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword, userCreateSchema, userUpdateSchema, USER_MESSAGES } from './users.schemas';

const valid = { apellido: 'Pérez', nombre: 'Ana', username: 'ana@oficina.com.ar', password: 'Clave-Segura-1', password2: 'Clave-Segura-1', rol: 2 };
const messages = (schema: typeof userCreateSchema | typeof userUpdateSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('userCreateSchema (spec §5, user; DECISIONS.md passwords)', () => {
  it('accepts a valid user and normalizes the username', () => {
    const parsed = userCreateSchema.parse({ ...valid, username: ' Ana@Oficina.com.ar ' });
    expect(parsed.username).toBe('ana@oficina.com.ar');
    expect(parsed.rol).toBe(2);
  });

  it.each([
    [{ apellido: 'Al' }, USER_MESSAGES.name.min],
    [{ nombre: 'x'.repeat(51) }, USER_MESSAGES.name.max],
    [{ username: 'ana' }, USER_MESSAGES.username],
    [{ password: 'corta', password2: 'corta' }, USER_MESSAGES.passwordMin],
    [{ password: 'x'.repeat(129), password2: 'x'.repeat(129) }, USER_MESSAGES.passwordMax],
    [{ password: 'Password123', password2: 'Password123' }, USER_MESSAGES.passwordCommon],
    [{ password2: 'Otra-Clave-22' }, USER_MESSAGES.mismatch],
    [{ rol: '' }, USER_MESSAGES.rol],
    [{ rol: 7 }, USER_MESSAGES.rol],
  ])('%j → %s', (change, message) => {
    expect(messages(userCreateSchema, { ...valid, ...change })).toContain(message);
  });

  it('takes id_inspect as an optional integer', () => {
    expect(userCreateSchema.parse({ ...valid, id_inspect: '' }).id_inspect).toBeNull();
    expect(userCreateSchema.parse({ ...valid, id_inspect: '4' }).id_inspect).toBe(4);
    expect(userCreateSchema.safeParse({ ...valid, id_inspect: 1.5 }).success).toBe(false);
  });
});

describe('userUpdateSchema: checks only the supplied fields', () => {
  it('accepts a password-only change when both match', () => {
    expect(messages(userUpdateSchema, { password: 'Clave-Nueva-9', password2: 'Clave-Nueva-9' })).toEqual([]);
    expect(messages(userUpdateSchema, { password: 'Clave-Nueva-9', password2: 'otra' })).toEqual([USER_MESSAGES.mismatch]);
  });

  it('checks names and username when present', () => {
    expect(messages(userUpdateSchema, { apellido: 'Ro', username: 'x' })).toEqual([USER_MESSAGES.name.min, USER_MESSAGES.username]);
    expect(messages(userUpdateSchema, {})).toEqual([]);
  });
});

describe('common passwords (ASVS 6.2.4, docs/decisions/021-common-passwords.md)', () => {
  it('ships about 1,000 of them, all long enough to pass the length rule', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const password of COMMON_PASSWORDS) expect(password.length).toBeGreaterThanOrEqual(8);
  });

  it.each(['password', 'Qwertyuiop', 'SUPERMAN', 'contraseña', 'bocajuniors', 'trustno1'])('%s is refused, whatever the case', (password) => {
    expect(isCommonPassword(password)).toBe(true);
    expect(messages(userCreateSchema, { ...valid, password, password2: password })).toContain(USER_MESSAGES.passwordCommon);
  });

  it('lets an uncommon one through', () => {
    expect(isCommonPassword('Clave-Segura-2026')).toBe(false);
  });
});
