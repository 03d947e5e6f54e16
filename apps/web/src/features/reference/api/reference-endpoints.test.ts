import { describe, expect, it } from 'vitest';
import { analistaSchema, companiaUpdateSchema, docUpdateSchema, nombreSchema, respoUpdateSchema } from '@siniestros/domain';
import { REFERENCE_ENDPOINTS } from './reference-endpoints';

/** Each list's bodies are the ones its routes' schemas accept (the server parses them with these). */
describe('REFERENCE_ENDPOINTS', () => {
  it('creates with {nombre}, an analyst with its apellido too', () => {
    for (const kind of ['tipoDoc', 'companias', 'responsabilidad'] as const) {
      expect(nombreSchema.parse(REFERENCE_ENDPOINTS[kind].createBody({ nombre: 'Nuevo' }))).toEqual({ nombre: 'Nuevo' });
    }
    expect(analistaSchema.parse(REFERENCE_ENDPOINTS.analistas.createBody({ nombre: 'Ana', apellido: 'Sosa' }))).toEqual({
      nombre: 'Ana',
      apellido: 'Sosa',
    });
  });

  it("renames with each list's own PATCH body", () => {
    const input = { nombre: 'Otro', apellido: 'Paz' };
    expect(docUpdateSchema.parse(REFERENCE_ENDPOINTS.tipoDoc.updateBody(3, input))).toEqual({ doc: { id: 3, nombre: 'Otro' } });
    expect(companiaUpdateSchema.parse(REFERENCE_ENDPOINTS.companias.updateBody(3, input))).toEqual({ compania: { id: 3, nombre: 'Otro' } });
    expect(respoUpdateSchema.parse(REFERENCE_ENDPOINTS.responsabilidad.updateBody(3, input))).toEqual({ id: 3, nombre: 'Otro' });
    expect(analistaSchema.parse(REFERENCE_ENDPOINTS.analistas.updateBody(3, input))).toEqual({ id: 3, nombre: 'Otro', apellido: 'Paz' });
  });
});
