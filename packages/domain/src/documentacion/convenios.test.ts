import { describe, expect, it } from 'vitest';
import { CONVENIO_MESSAGES, CONVENIO_TEMPLATES } from './documentacion.constants';
import { camposRequeridos, errorDeCbu, normalizarCbu, PLANTILLA_MESSAGES } from './convenios';

describe('errorDeCbu', () => {
  it('tells a wrong length from a wrong check digit', () => {
    expect(errorDeCbu('2850590940090418135201')).toBeNull();
    expect(errorDeCbu('285 0590-9 40090418135201')).toBeNull();
    expect(errorDeCbu('285059094009041813520')).toBe(CONVENIO_MESSAGES.badCbu);
    expect(errorDeCbu('28505909400904181352OI')).toBe(CONVENIO_MESSAGES.badCbu);
    // The account block's check digit, then the bank block's.
    expect(errorDeCbu('2850590940090418135202')).toBe(CONVENIO_MESSAGES.badCbuCheck);
    expect(errorDeCbu('2850590840090418135201')).toBe(CONVENIO_MESSAGES.badCbuCheck);
    expect(normalizarCbu('2850590840090418135201')).toBeNull();
  });
});

describe('camposRequeridos', () => {
  it('is what the Plantillas screen says every type must print', () => {
    for (const template of CONVENIO_TEMPLATES) {
      for (const campo of camposRequeridos(template)) expect(PLANTILLA_MESSAGES.camposObligatorios, `${template.nombre}: ${campo}`).toContain(`{${campo}}`);
    }
    expect(camposRequeridos(CONVENIO_TEMPLATES[0])).toEqual(['monto', 'monto_en_letras', 'cbu', 'tercero_nombre', 'tercero_documento']);
  });
});
