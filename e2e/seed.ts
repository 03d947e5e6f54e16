import { baseUrl } from './browser';

/** A JSON call to the API (of `origin`: the shared e2e server unless said) as the signed-in owner of `cookie`; any non-2xx status fails the test. */
export async function apiCall<T = unknown>(cookie: string, method: string, path: string, body?: unknown, origin = baseUrl()): Promise<T> {
  const response = await fetch(`${origin}/api${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

export type SeedCompania = { id: number; nombre: string };

/** A company created by the Admin (reference data is not under test where this is used). */
export async function seedCompania(adminCookie: string, nombre: string, origin = baseUrl()): Promise<SeedCompania> {
  return (await apiCall<{ data: SeedCompania }>(adminCookie, 'POST', '/companias', { nombre }, origin)).data;
}

export type SeedPersona = {
  apellido: string;
  nombre: string;
  id_tipo_doc: number;
  nro_doc: string;
  marca_modelo: string;
  dominio: string;
  cbu?: string;
  cel?: string;
  mail?: string;
};

type SeedCasoDatos = {
  reclamo_nro: string;
  gestor: string;
  fecha_siniestro: string;
  hora_siniestro: string;
  fecha_denuncia: string;
  lugar_siniestro: string;
  declaracion_asegurado: string;
};

/** `origin`: a server of the test's own (the shared e2e server unless said). */
export type SeedCasoOptions = { idCompania: number; asegurado?: SeedPersona; terceros?: SeedPersona[]; origin?: string } & Partial<SeedCasoDatos>;

/** A case registered through the API (`POST /casos/alta`), as the creation screen would; returns its id. */
export async function seedCaso(cookie: string, { idCompania, asegurado, terceros, origin, ...overrides }: SeedCasoOptions): Promise<number> {
  const alta = {
    caso: {
      id_compania: idCompania,
      reclamo_nro: String(100000 + Math.floor(Math.random() * 900000)),
      gestor: 'Gestor E2E',
      fecha_siniestro: '2026-10-01',
      hora_siniestro: '14:30',
      fecha_denuncia: '2026-10-02',
      lugar_siniestro: 'Av. Corrientes 1234, CABA',
      declaracion_asegurado: 'El tercero embistió al asegurado en la intersección.',
      ...overrides,
    },
    asegurado: asegurado ?? { apellido: 'González', nombre: 'María José', id_tipo_doc: 1, nro_doc: '28123456', marca_modelo: 'Ford Ka', dominio: 'AB123CD' },
    terceros: terceros ?? [{ apellido: 'Pérez', nombre: 'Juan', id_tipo_doc: 1, nro_doc: '30111222', marca_modelo: 'Fiat Cronos', dominio: 'AC100ZZ' }],
    // Seeded cases share their people: created even when alike (the duplicate check is e2e/duplicados.e2e.ts's).
    confirmar_duplicado: true,
  };
  const { id } = await apiCall<{ id: number }>(cookie, 'POST', '/casos/alta', alta, origin);
  return id;
}
