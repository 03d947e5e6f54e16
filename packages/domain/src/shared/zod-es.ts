// zod/mini's config is zod's one core config, classic schemas' too: the login screen sets it without
// loading classic zod (docs/decisions/066).
import * as z from 'zod/mini';

const es = z.locales.es();

/**
 * Every validation message in Spanish, the API's and the forms' alike: zod's own Spanish locale,
 * with the few of its texts a clerk would not write put plainly. Loaded once by the package's
 * index, so any schema of this package (and any zod schema of the apps) speaks Spanish.
 */
z.config({
  localeError: (issue) => {
    if (issue.code === 'unrecognized_keys')
      return `${issue.keys.length > 1 ? 'Campos no admitidos' : 'Campo no admitido'}: ${issue.keys.join(', ')}`;
    if (issue.code === 'invalid_format' && issue.format === 'email') return 'Correo electrónico inválido';
    return es.localeError(issue);
  },
});
