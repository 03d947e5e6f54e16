import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  isCommonPassword,
  passwordChangeSchema,
  passwordPairSchema,
  passwordProblem,
  userCreateSchema,
  userUpdateSchema,
  USER_MESSAGES,
} from './users.schemas';

const valid = { apellido: 'Pérez', nombre: 'Ana', username: 'ana@oficina.com.ar', password: 'Clave-Segura-1', password2: 'Clave-Segura-1', rol: 2 };
const messages = (schema: typeof userCreateSchema | typeof userUpdateSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('userCreateSchema (spec §5, user; decision 000 passwords)', () => {
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

describe('the one password rule (docs/decisions/028): passwordProblem and every schema that sets a password', () => {
  it.each([
    ['Clave-Segura-1', 'ana@oficina.com.ar', null],
    [' '.repeat(8), undefined, USER_MESSAGES.passwordBlank],
    ['ANA@OFICINA.COM.AR', 'ana@oficina.com.ar', USER_MESSAGES.passwordIsUsername],
    [' Nombreusuario ', 'nombreusuario@oficina.com.ar', USER_MESSAGES.passwordIsUsername],
    ['Password123', undefined, USER_MESSAGES.passwordCommon],
    ['corta', undefined, USER_MESSAGES.passwordMin],
    ['x'.repeat(129), undefined, USER_MESSAGES.passwordMax],
  ])('%j for %s → %s', (password, username, problem) => {
    expect(passwordProblem(password, username)).toBe(problem);
  });

  it('user creation refuses the username as password, whatever the case', () => {
    expect(messages(userCreateSchema, { ...valid, password: 'ANA@oficina.com.ar', password2: 'ANA@oficina.com.ar' })).toEqual([USER_MESSAGES.passwordIsUsername]);
    expect(messages(userCreateSchema, { ...valid, password: '         ', password2: '         ' })).toEqual([USER_MESSAGES.passwordBlank]);
  });

  it("an update with both compares them; the forms that know the username pass it", () => {
    expect(messages(userUpdateSchema, { username: 'ana@oficina.com.ar', password: 'Ana@Oficina.com.ar', password2: 'Ana@Oficina.com.ar' })).toEqual([USER_MESSAGES.passwordIsUsername]);
    const pair = passwordPairSchema('ana@oficina.com.ar').safeParse({ password: 'ana@oficina.com.ar', password2: 'ana@oficina.com.ar' });
    expect(pair.error?.issues.map((issue) => issue.message)).toEqual([USER_MESSAGES.passwordIsUsername]);
    const change = passwordChangeSchema('ana@oficina.com.ar').safeParse({ password_actual: 'x', password: 'ANA@OFICINA.COM.AR', password2: 'ANA@OFICINA.COM.AR' });
    expect(change.error?.issues.map((issue) => issue.message)).toEqual([USER_MESSAGES.passwordIsUsername]);
    expect(passwordChangeSchema().safeParse({ password: 'Clave-Segura-1', password2: 'Clave-Segura-1' }).error?.issues[0]?.message).toBe(USER_MESSAGES.passwordCurrentRequired);
  });
});
