import { describe, expect, it } from 'vitest';
import { fieldErrorText } from './casos.form';

describe('fieldErrorText', () => {
  it('names the entity and the field of a case payload path', () => {
    expect(fieldErrorText('caso.gestor', 'El gestor es requerido')).toBe('El gestor es requerido - Caso - gestor');
    expect(fieldErrorText('asegurados.dominio', 'El dominio es requerido')).toBe('El dominio es requerido - Asegurado - dominio');
    expect(fieldErrorText('terceros.1.apellido', 'El apellido es requerido')).toBe('El apellido es requerido - Tercero - apellido');
    expect(fieldErrorText('letrado.mail', 'Debe ser un correo electrónico válido')).toBe(
      'Debe ser un correo electrónico válido - Letrado - mail',
    );
  });

  it('keeps an unknown path as it is', () => {
    expect(fieldErrorText('msg', 'Requerido')).toBe('Requerido - msg');
  });
});
