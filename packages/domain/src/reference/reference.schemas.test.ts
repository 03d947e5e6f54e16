import { describe, expect, it } from 'vitest';
import { analistaSchema, companiaUpdateSchema, docUpdateSchema, MSG_APELLIDO_REQUIRED, MSG_NOMBRE_REQUIRED, nombreSchema, respoUpdateSchema } from './reference.schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? [] : result.error!.issues.map((issue) => issue.message));

describe('reference data (spec §2: Nombre required; Apellido and Nombre for analysts)', () => {
  it('requires a non-blank nombre', () => {
    expect(messages(nombreSchema.safeParse({ nombre: '   ' }))).toEqual([MSG_NOMBRE_REQUIRED]);
    expect(messages(nombreSchema.safeParse({}))).toEqual([MSG_NOMBRE_REQUIRED]);
    expect(nombreSchema.parse({ nombre: ' Sancor ' })).toEqual({ nombre: 'Sancor' });
  });

  it('requires apellido and nombre for an analyst', () => {
    expect(messages(analistaSchema.safeParse({ nombre: '', apellido: '' }))).toEqual([MSG_NOMBRE_REQUIRED, MSG_APELLIDO_REQUIRED]);
  });

  it('reads the wrapped update bodies of the spec', () => {
    expect(docUpdateSchema.parse({ doc: { id: 1, nombre: 'DNI' } }).doc.nombre).toBe('DNI');
    expect(companiaUpdateSchema.parse({ compania: { id: '2', nombre: 'Rivadavia' } }).compania.id).toBe(2);
    expect(respoUpdateSchema.parse({ id: 3, nombre: '50%' })).toEqual({ id: 3, nombre: '50%' });
    expect(companiaUpdateSchema.safeParse({ nombre: 'x' }).success).toBe(false);
  });
});
