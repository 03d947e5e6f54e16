export { bindForm, type FieldBinder } from './form/bind-form';
export { AseguradoFields, CasoFields, TerceroFields, type Options } from './form/CasoFormFields';
export { emptyPersona, type AseguradoValues, type CasoCoreValues, type PersonaValues } from './form/caso-values';
