import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '../shared/format';
import { SEARCH_LINE_SEPARATOR, casoPersonasSearch, casoSearchColumns, casoSearchText } from './casos.search';

describe('casoSearchText', () => {
  it('joins the claim number and the searchable fields of every person, lowercased and without accents', () => {
    const text = casoSearchText({
      reclamo_nro: '4001234567',
      asegurado: { apellido: 'González', nombre: 'María José', nro_doc: '28123456', cuit: '27-28123456-4', dominio: 'AB123CD' },
      terceros: [
        { apellido: 'Ibáñez', nombre: 'Joaquín', nro_doc: '7654321', cuit: null, dominio: 'KDP512' },
        { apellido: 'Núñez', nombre: null, nro_doc: null, dominio: 'AC001ZZ' },
      ],
    });
    expect(text).toBe('4001234567 gonzalez maria jose 28123456 27-28123456-4 ab123cd ibanez joaquin 7654321 kdp512 nunez ac001zz');
  });

  it('is found by any normalized term a person would type', () => {
    const text = casoSearchText({ reclamo_nro: 99, asegurado: { apellido: 'Pérez', dominio: 'AA 123 BB' } });
    for (const term of ['PEREZ', 'Pérez', 'aa 123', '99']) expect(text).toContain(normalizeSearch(term));
  });
});

describe('casoPersonasSearch', () => {
  it('gives each person a line of surname and of plate, normalized, skipping the empty ones', () => {
    const people = {
      reclamo_nro: 7,
      asegurado: { apellido: '  De\tla   Fuente ', nombre: 'Ana', dominio: 'AB 123 CD' },
      terceros: [{ apellido: 'Núñez', dominio: null }, { apellido: ' ', dominio: 'kdp512' }, { apellido: 'Ibáñez' }],
    };
    expect(casoPersonasSearch(people)).toEqual({ busqueda_apellidos: 'de la fuente\nnunez\nibanez', busqueda_dominios: 'ab 123 cd\nkdp512' });
    expect(casoSearchColumns(people)).toEqual({ busqueda: casoSearchText(people), ...casoPersonasSearch(people) });
  });

  it('joins the lines with a character no typed term holds', () => {
    expect(normalizeSearch(`sosa${SEARCH_LINE_SEPARATOR}ramos\r\n\u2028x`)).not.toContain(SEARCH_LINE_SEPARATOR);
  });
});
