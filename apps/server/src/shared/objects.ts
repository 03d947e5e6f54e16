/** The named keys of an object (a key it lacks stays out, so a body's omitted field is not written). */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) if (key in source) picked[key] = source[key];
  return picked;
}

/** The object without the named keys. */
export function omit<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Omit<T, K> {
  const rest = { ...source };
  for (const key of keys) delete rest[key];
  return rest;
}
