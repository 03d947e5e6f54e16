export { bindForm, type FieldBinder } from './form/bind-form';
export { AseguradoFields, CasoFields, TerceroFields, type Options } from './form/CasoFormFields';
export { CASO_CORE_KEYS, emptyPersona, formValuesOf, PERSONA_KEYS, type AseguradoValues, type CasoCoreValues, type PersonaValues } from './form/caso-values';
