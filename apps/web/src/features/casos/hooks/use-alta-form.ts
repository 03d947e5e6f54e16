import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { altaSchema } from '@siniestros/domain';
import { emptyAsegurado, emptyCaso, emptyPersona, type AseguradoValues, type CasoCoreValues, type PersonaValues } from '../form/caso-values';

/** What the case-creation form edits (spec §2): the shared case values, no ids yet. */
export type AltaValues = { caso: CasoCoreValues; asegurado: AseguradoValues; terceros: PersonaValues[] };

export const emptyTercero = emptyPersona;


/**
 * The failures of the values, in form order, one (the first) per field: what the toasts list
 * (spec §8, validation failures) while the inputs show the same messages.
 */
export function altaIssues(values: AltaValues): { path: string; message: string }[] {
  const parsed = altaSchema.safeParse(values);
  if (parsed.success) return [];
  const seen = new Set<string>();
  return parsed.error.issues.flatMap((issue) => {
    const path = issue.path.join('.');
    if (seen.has(path)) return [];
    seen.add(path);
    return [{ path, message: issue.message }];
  });
}

/** Validated with the same altaSchema the server parses POST /casos/alta with. */
export function useAltaForm(defaultTipoDoc: string | null) {
  return useForm<AltaValues>({
    initialValues: { caso: emptyCaso(), asegurado: emptyAsegurado(defaultTipoDoc), terceros: [] },
    validate: zod4Resolver(altaSchema, { errorPriority: 'first' }),
  });
}
