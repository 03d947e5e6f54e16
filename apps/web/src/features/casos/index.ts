export { bindForm, type FieldBinder } from './form/bind-form';
export { AseguradoFields, CasoFields, TerceroFields, type Options } from './form/CasoFormFields';
export { CASO_CORE_KEYS, emptyPersona, formValuesOf, PERSONA_KEYS, type AseguradoValues, type CasoCoreValues, type PersonaValues } from './form/caso-values';
// The command palette's case search (docs/decisions/100): the quick search's own route and filter.
export { filterCasos } from './api/filter-casos';
export { casosUrl, EMPTY_FILTRO } from './hooks/use-casos-search';
export { casoUrl } from './components/CasosTable';
