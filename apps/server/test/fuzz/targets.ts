import { CONVENIO_TEMPLATES, ROL } from '@siniestros/domain';
import { inspecciones } from '../../src/db/tables/inspeccion';
import { CLAIMANT_DNI, insertClaimant } from '../../src/features/portal/portal.test-fixtures';
import { copyCaso, ensureCompania, insertCaso } from '../fixtures';
import { PASSWORD, type TestApp } from '../helpers';
import { multipart, SAMPLE_FILES, type Part } from '../multipart';
import type { KnownValid } from './bodies';
import type { FuzzTargets } from './fuzzer';

/**
 * The rows the walk aims at, and a body each route with one accepts: cases in several states, an
 * inspection for each inspector, a document, a user to edit; bodies that a mutation then breaks
 * one field at a time.
 */

const persona = (n: number) => ({
  apellido: `Apellido${n}`,
  nombre: 'Nombre',
  id_tipo_doc: 1,
  nro_doc: `2000000${n}`,
  marca_modelo: 'Fiat Uno',
  dominio: `AA${n}11BB`,
  mail: 'a@b.com',
});

const casoFields = (idCompania: number) => ({
  id_compania: idCompania,
  reclamo_nro: '5550001',
  gestor: 'Gestor Fuzz',
  fecha_siniestro: '2026-03-01',
  hora_siniestro: '10:30',
  fecha_denuncia: '2026-03-02',
  id_producto: 1,
});

let altas = 0;

/**
 * A body POST /casos/alta accepts: a case, its insured party and one third party. Each call is a
 * loss of its own (its claim number, the third party's document and plate), never a possible
 * duplicate of an earlier one (docs/decisions/080).
 */
export function altaBody(idCompania: number) {
  const n = ++altas;
  return {
    caso: { ...casoFields(idCompania), reclamo_nro: String(5_550_000 + n) },
    asegurado: persona(1),
    terceros: [{ ...persona(2), nro_doc: String(30_000_000 + n), dominio: `AA${n}BB` }],
  };
}

/** How a known-valid request fills the route's `:id` (when it has one) and its query string. */
type Example = { id?: () => number; query?: string; body?: () => unknown; parts?: () => Part[] };
const plain = (body: () => unknown): Example => ({ body });
const on = (id: number, body: () => unknown): Example => ({ id: () => id, body });
const withQuery = (query: string, body: () => unknown): Example => ({ query, body });

const inspeccion = (idCaso: number, idInspector: number) => ({
  id_caso: idCaso,
  id_inspector: idInspector,
  fecha_inspeccion: '2026-05-01',
  direccion: 'Calle 1',
  detalle: 'Frente',
  estado: 'Coordinada',
});

export async function seedFuzzTargets(t: TestApp): Promise<Omit<FuzzTargets, 'checks'> & { idCompania: number }> {
  const db = t.database.db;
  const idCompania = await ensureCompania(db);
  const victim = await t.app.services.users.create({
    apellido: 'Víctima',
    nombre: 'Fuzz',
    username: 'victima@test.local',
    password: PASSWORD,
    password2: PASSWORD,
    rol: ROL.USER,
    id_inspect: null,
  });
  const victimUserId = victim.id;

  // Cases in several states, an inspection for each inspector, a document: params often hit real rows.
  const caseIds: number[] = [];
  for (const idEstado of [1, 2, 2, 3, 4, 8])
    caseIds.push((await insertCaso(db, { idEstado, terceros: 2, valorOfertado: idEstado >= 4 ? '150000.00' : null })).id);
  const [enInspeccion, ajenaRow] = await db
    .insert(inspecciones)
    .values([inspeccion(caseIds[1]!, t.ids.inspectorRecord), inspeccion(caseIds[2]!, t.ids.inspector2Record)])
    .returning();
  const ajena = ajenaRow!.id;
  const upload = await t.request('user', {
    method: 'POST',
    url: `/api/documentacion/t/${caseIds[0]}`,
    ...multipart([
      ['tipo', 'Denuncia'],
      ['uploadFiles', { filename: 'denuncia.pdf', content: SAMPLE_FILES.pdf }],
    ]),
  });
  if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const realIds = [...new Set([...caseIds, enInspeccion!.id, ajena, t.ids.inspectorRecord, t.ids.inspector2Record, 1, 2, 3])];

  // Open inspections, each on its own case, for the close (multipart) to take one by one: a closed
  // one answers 409 before parsing anything.
  const first = await insertCaso(db, { idEstado: 2 });
  await copyCaso(db, first.id, 59);
  const openInspections = (
    await db
      .insert(inspecciones)
      .values(Array.from({ length: 60 }, (_, index) => inspeccion(first.id + index, t.ids.inspectorRecord)))
      .returning({ id: inspecciones.id })
  ).map((row) => row.id);

  // The claimant (docs/decisions/084): a case and link of their own, past the DNI check; a throwaway
  // one for each call that ends its session; another link whose token the exchange is given.
  let claimantAddresses = 0;
  const claimantAt = () => insertClaimant(t.app, db, { remoteAddress: `10.250.${(++claimantAddresses >> 8) & 255}.${claimantAddresses & 255}` });
  const claimant = await claimantAt();
  const otherLink = await claimantAt();

  const anyCase = () => caseIds[Math.floor(Math.random() * caseIds.length)]!;
  const onCase = (body: () => unknown): Example => ({ id: anyCase, body });
  const convenio = CONVENIO_TEMPLATES[0]!.nombre;
  const alta = () => altaBody(idCompania);
  const examples: Record<string, Example> = {
    'POST /api/users/login': plain(() => ({ username: 'nadie@test.local', password: 'no-es-la-clave' })),
    'POST /api/users': plain(() => ({
      apellido: 'Nuevo',
      nombre: 'Usuario',
      username: `fuzz${Math.random().toString(36).slice(2, 8)}@test.local`,
      password: 'Otra-Clave-2026!',
      password2: 'Otra-Clave-2026!',
      rol: 2,
      id_inspect: null,
    })),
    'PATCH /api/users/:id': on(victimUserId, () => ({ apellido: 'Víctima', nombre: 'Fuzz' })),
    'POST /api/users/totp/confirm': plain(() => ({ totp: '123456' })),
    'POST /api/users/totp/disable': plain(() => ({ totp: '123456' })),
    'POST /api/doc': plain(() => ({ nombre: `Doc ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/doc/t/:id': on(4, () => ({ doc: { id: 4, nombre: 'LC' } })),
    'POST /api/analistas': plain(() => ({ apellido: 'Analista', nombre: 'Fuzz' })),
    'PATCH /api/analistas/:id': on(1, () => ({ apellido: 'Analista', nombre: 'Uno' })),
    'POST /api/companias': plain(() => ({ nombre: `Compañía ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/companias/t/:id': on(idCompania, () => ({
      compania: { id: idCompania, nombre: 'Compañía Test' },
    })),
    'POST /api/respo': plain(() => ({ nombre: `Responsabilidad ${Math.random().toString(36).slice(2, 6)}` })),
    'PATCH /api/respo/t/:id': on(1, () => ({ id: 1, nombre: 'Responsabilidad uno' })),
    'POST /api/historial': plain(() => ({ id_caso: anyCase(), msg: 'Nota de prueba', usuario: 'otro' })),
    'POST /api/historial/t': plain(() => ({
      historia: { id_caso: anyCase(), msg: 'Nota envuelta', usuario: 'otro', fecha: '2026-01-01' },
    })),
    'POST /api/casos/alta': plain(alta),
    'POST /api/casos/filtro': withQuery('?page=1&pageSize=20', () => ({
      busquedaRapida: 'gonzalez',
      condCasos: '1',
      apellido: 'Ter',
      dominio: 'ac',
    })),
    'POST /api/casos/export': plain(() => ({ nroCaso: String(anyCase()), formato: 'excel' })),
    'PATCH /api/casos/flag/:id': onCase(() => ({ flag: 3 })),
    'PATCH /api/casos/caso_ana/:id': onCase(() => ({ id_analista: 1, msg: 'Asignado' })),
    'PATCH /api/casos/:id': onCase(() => ({ caso: casoFields(idCompania), asegurados: persona(3), terceros: [] })),
    'PATCH /api/casos/t/:id': onCase(() => ({ ...casoFields(idCompania), presupuesto: '1000.50', completa_doc: false })),
    'PATCH /api/asegurados/t/:id': onCase(() => persona(4)),
    'PATCH /api/terceros/t/:id': onCase(() => []),
    'PATCH /api/casos/avanza/:id': onCase(() => ({ id_estado: 1 })),
    'PATCH /api/casos/return/:id': onCase(() => ({ id_estado: 3 })),
    'PATCH /api/casos/cerrar/t/:id': onCase(() => ({ id_estado: 9, msg: 'Sin acuerdo' })),
    'PATCH /api/casos/reabrir/:id': onCase(() => ({})),
    'PATCH /api/casos/reinspeccionar/:id': onCase(() => ({})),
    'PATCH /api/casos/estado/:id': onCase(() => ({ id_estado: 3 })),
    'PATCH /api/casos/analisis/:id': onCase(() => ({
      id_responsabilidad: 1,
      valor_ofertado: '120000.50',
      analisis: 'Responsabilidad compartida',
    })),
    'PATCH /api/casos/reconsiderar/:id': onCase(() => ({ valor_ofertado: '130000', msg: 'Nueva oferta' })),
    'POST /api/casos/filtrovalores': withQuery('?page=1', () => ({
      compania: String(idCompania),
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-12-31',
    })),
    'POST /api/documentacion/d/:id': onCase(() => ({ doc: 'no-existe.pdf', usuario: 'x' })),
    'POST /api/documentacion/c/:id': onCase(() => ({ convenioFile: [convenio] })),
    'POST /api/letrados': plain(() => ({
      id_caso: anyCase(),
      apellido: 'Letrado',
      nombre: 'Fuzz',
      mail: 'l@x.com',
      cuit: '20-1-3',
    })),
    'PATCH /api/letrados/:id': on(1, () => ({ apellido: 'Letrado', nombre: 'Dos' })),
    'POST /api/lesionados/:id': onCase(() => ({
      apellido: 'Lesionado',
      nombre: 'Uno',
      id_tipo_doc: 1,
      nro_doc: '123',
    })),
    'PATCH /api/lesionados/:id': on(1, () => ({
      apellido: 'Lesionado',
      nombre: 'Dos',
      id_tipo_doc: 1,
      nro_doc: '124',
    })),
    'POST /api/mediacion/:id': onCase(() => ({
      fechah: '2026-06-01',
      hora: '10:00',
      lugar: 'Juzgado 1',
      mediacion_nro: 55,
    })),
    'PATCH /api/mediacion/:id': on(1, () => ({ fechah: '2026-06-02', hora: '11:00', lugar: 'Juzgado 2' })),
    'POST /api/mediacion/filter': withQuery('?page=1', () => ({ audienciaNro: '5', compania: String(idCompania) })),
    'POST /api/inspeccion/:id': onCase(() => ({
      id_inspector: t.ids.inspectorRecord,
      fecha_inspeccion: '2026-07-01',
      direccion: 'Calle 3',
      detalle: 'Trasero',
    })),
    'PATCH /api/inspeccion/edit/:id': on(ajena, () => ({
      id_inspector: t.ids.inspector2Record,
      fecha_inspeccion: '2026-07-02',
      direccion: 'Calle 4',
      detalle: 'Lateral',
      estado: 'Finalizada',
    })),
    'PATCH /api/inspeccion/update_inspector/:id': on(ajena, () => ({
      inspector: t.ids.inspector2Record,
    })),
    'POST /api/inspeccion/filtro': withQuery('?page=1', () => ({ estado: 'Coordinada', nroCaso: '' })),
    'DELETE /api/inspeccion/:id': on(999_999, () => ({ id_caso: anyCase() })),
    'POST /api/documentacion/t/:id': {
      id: anyCase,
      parts: () => [
        ['tipo', 'Foto'],
        ['uploadFiles', { filename: 'foto.png', content: SAMPLE_FILES.png }],
      ],
    },
    'POST /api/portal/sesion': plain(() => ({ token: otherLink.token })),
    'POST /api/portal/dni': plain(() => ({ dni: CLAIMANT_DNI })),
    'POST /api/portal/mensajes': plain(() => ({ texto: 'Consulta del reclamante' })),
    // The convenio a distancia (docs/decisions/084): the cases here are not at status 5 or 6 and the
    // electronic signature is off, so these answer the service's 422 and 409 (nothing converted or e-mailed).
    'POST /api/casos/:id/portal/convenio': onCase(() => ({ convenioFile: [convenio] })),
    'POST /api/portal/convenio/codigo': plain(() => ({})),
    'POST /api/portal/convenio/firma': plain(() => ({ dni: CLAIMANT_DNI, codigo: '123456', acepto: true })),
    'POST /api/portal/items/:idItem/archivos': {
      id: () => claimant.itemIds[0]!,
      parts: () => [
        ['clave', `fuzz-${Math.random().toString(36).slice(2)}`],
        ['archivo', { filename: 'foto.jpg', content: SAMPLE_FILES.jpg }],
      ],
    },
    'PATCH /api/inspeccion/d/:id': {
      id: () => (openInspections.length > 1 ? openInspections.shift()! : openInspections[0]!),
      parts: () => [
        ['resultado', 'Daño leve'],
        ['monto_inspeccion', '1500.50'],
        ['inspeccion', { filename: 'informe.pdf', content: SAMPLE_FILES.pdf }],
        ['cotizacion', { filename: 'cotizacion.jpg', content: SAMPLE_FILES.jpg }],
      ],
    },
    // The offline close (docs/decisions/091): uploads nobody made, so the service answers 404 (nothing closed).
    'POST /api/inspeccion/d/:id/cierre': {
      id: () => openInspections[0]!,
      body: () => ({
        clave: crypto.randomUUID(),
        resultado: 'Daño leve',
        monto_inspeccion: 1500.5,
        inspeccion: 'a'.repeat(32),
        cotizacion: 'b'.repeat(32),
        fotos: [{ subida: 'c'.repeat(32), id_checklist: null, capturada_en: '2026-11-25T17:04:00.000Z' }],
      }),
    },
  };

  const knownValid = Object.fromEntries(
    Object.entries(examples).map(([key, { id, query = '', body, parts }]): [string, KnownValid] => {
      const url = key.split(' ')[1]!;
      // The route's first param (`:id`, `:idItem`) is the one an example fills.
      const path = () => (id ? url.replace(/:\w+/, String(id())) : url) + query;
      return [key, { path, body, parts }];
    }),
  );
  return { realIds, victimUserId, knownValid, idCompania, claimant: { cookie: claimant.cookie, fresh: async () => (await claimantAt()).cookie } };
}
