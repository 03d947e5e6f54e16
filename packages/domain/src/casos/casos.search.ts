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
