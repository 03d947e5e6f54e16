import { normalizeSearch } from '../shared/format';

/** The fields of the insured party and of each third party that the quick search looks in. */
export type PersonaSearchFields = {
  apellido?: string | null;
  nombre?: string | null;
  nro_doc?: string | null;
  cuit?: string | null;
  dominio?: string | null;
};

/**
 * The `casos.busqueda` column: the quick search (spec §2: name, surname, doc, domain, claim
 * number) matches a normalized term inside it. Every writer of a case (the cases API, the demo
 * data) builds it here, so a search finds the same cases whoever wrote them.
 */
export function casoSearchText(input: {
  reclamo_nro: string | number | null | undefined;
  asegurado: PersonaSearchFields;
  terceros?: readonly PersonaSearchFields[];
}): string {
  const people = [input.asegurado, ...(input.terceros ?? [])];
  const parts = [input.reclamo_nro == null ? '' : String(input.reclamo_nro)];
  for (const persona of people) {
    parts.push(persona.apellido ?? '', persona.nombre ?? '', persona.nro_doc ?? '', persona.cuit ?? '', persona.dominio ?? '');
  }
  return normalizeSearch(parts.filter((part) => part.trim() !== '').join(' '));
}

/**
 * Between the lines of `busqueda_apellidos` and `busqueda_dominios`: a newline, which
 * `normalizeSearch` folds to a space, so a typed term never holds it and a term found in the
 * column lies within one person's surname or plate.
 */
export const SEARCH_LINE_SEPARATOR = '\n';

/** The filter panel's 'Apellido' and 'Dominio' look in these, one line per person (docs/decisions/072). */
export type CasoPersonasSearch = { busqueda_apellidos: string; busqueda_dominios: string };

/** The surnames and plates of the insured party and every third party, normalized like `busqueda`, one a line. */
export function casoPersonasSearch(input: {
  asegurado: PersonaSearchFields;
  terceros?: readonly PersonaSearchFields[];
}): CasoPersonasSearch {
  const people = [input.asegurado, ...(input.terceros ?? [])];
  const lines = (field: 'apellido' | 'dominio') =>
    people
      .map((persona) => normalizeSearch(persona[field] ?? ''))
      .filter((line) => line !== '')
      .join(SEARCH_LINE_SEPARATOR);
  return { busqueda_apellidos: lines('apellido'), busqueda_dominios: lines('dominio') };
}

/** Every search column of a case (`busqueda` and the filter panel's), as each writer of a case stores them. */
export function casoSearchColumns(input: Parameters<typeof casoSearchText>[0]): CasoPersonasSearch & { busqueda: string } {
  return { busqueda: casoSearchText(input), ...casoPersonasSearch(input) };
}
