/** The entity each top-level key of a case payload stands for (spec §5, validation failures). */
const ENTITY_LABELS: Readonly<Record<string, string>> = {
  caso: 'Caso',
  asegurado: 'Asegurado',
  asegurados: 'Asegurado',
  tercero: 'Tercero',
  terceros: 'Tercero',
  letrado: 'Letrado',
};

/**
 * Spec §5 and §8: a validation failure is shown as '{message} - Caso/Asegurado/Tercero/Letrado - {field}'.
 * `path` is the dotted path of the form or of the server's `errors[].path` (e.g. 'terceros.0.dominio').
 */
export function fieldErrorText(path: string, message: string): string {
  const [entity = '', ...rest] = path.split('.');
  const label = ENTITY_LABELS[entity];
  if (!label) return `${message} - ${path}`;
  const field = rest.filter((part) => !/^\d+$/.test(part)).join('.');
  return `${message} - ${label} - ${field || entity}`;
}

/** On-screen limits of the case forms (spec §2 and §9), narrower than the API's (spec §5). */
export const CASO_INPUT_LIMITS = {
  lugar_siniestro: 400,
  declaracion_asegurado: 1000,
  tercero_detalle: 1000,
} as const;
