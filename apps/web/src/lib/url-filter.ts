import type { z } from 'zod';

/**
 * The filter a link names in the URL (`/casos?estado=3&condCasos=1`, the Tablero's figures):
 * `empty` with the URL's values for its keys, when the URL names any of them and the list's shared
 * schema accepts the result; otherwise null (the list opens unfiltered). Other keys are ignored.
 */
export function filterFromUrl<T extends Record<string, string>>(params: URLSearchParams, empty: T, schema: z.ZodType): T | null {
  const draft: Record<string, string> = { ...empty };
  let isNamed = false;
  for (const key of Object.keys(empty)) {
    const value = params.get(key);
    if (value === null) continue;
    draft[key] = value;
    isNamed = true;
  }
  return isNamed && schema.safeParse(draft).success ? (draft as T) : null;
}
