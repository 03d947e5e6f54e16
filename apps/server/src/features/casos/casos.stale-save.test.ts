import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CASO_MESSAGES, ESTADO, FLAGS, type CasoDetalle } from '@siniestros/domain';
import { useTestApp } from '../../../test/helpers';
import { insertCaso } from '../../../test/fixtures';
import { casos } from '../../db/tables/casos';
import { pick } from '../../shared/objects';

/**
 * docs/decisions/074 (amended 2026-11-29): a case form read before another owner's write of a value
 * it carries cannot put the old value back. Every writer of the analyst gives the case a new edit
 * version, so the stale save answers 409; flags are never written by the save, so they need none.
 */
const t = useTestApp();

type Writer = (id: number, idAnalista: number) => Promise<{ statusCode: number; body: string }>;

let serial = 0;
const nuevoAnalista = async () => {
  const response = await t.request('admin', { method: 'POST', url: '/api/analistas', payload: { nombre: 'Ana', apellido: `Vigente${(serial += 1)}`, id_usuario: null } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};
const getDetail = async (id: number): Promise<CasoDetalle> => (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json();
const request = (method: 'PATCH' | 'POST', url: string, payload: unknown, role: 'user' | 'admin' = 'user') => t.request(role, { method, url: `/api/${url}`, payload: payload as object });
const editBody = (detail: CasoDetalle) => ({ caso: { ...detail.caso }, asegurados: { ...detail.asegurados }, terceros: detail.terceros.map((item) => ({ ...item })) });
const rowOf = async (id: number) => (await t.database.db.select().from(casos).where(eq(casos.id, id)))[0]!;

/** A case with analyst `inicial`, under a claim number of its own (for the bulk route's filter). */
async function casoCon(inicial: number) {
  const reclamoNro = String(7_100_000_000 + (serial += 1));
  const { id } = await insertCaso(t.database.db, { reclamoNro });
  await t.database.db.update(casos).set({ id_analista: inicial }).where(eq(casos.id, id));
  return { id, reclamoNro };
}

const writers: Record<string, (reclamoNro: string) => Writer> = {
  'PATCH /casos/caso_ana (the list and the tablero)': () => (id, idAnalista) => request('PATCH', `casos/caso_ana/${id}`, { id_analista: idAnalista }, 'admin'),
  'POST /casos/masivo/analista by ids': () => (id, idAnalista) => request('POST', 'casos/masivo/analista', { seleccion: { ids: [id] }, id_analista: idAnalista }),
  'POST /casos/masivo/analista by the filter': (reclamoNro) => (_id, idAnalista) =>
    request('POST', 'casos/masivo/analista', { seleccion: { filtro: { nroSiniestro: reclamoNro } }, id_analista: idAnalista }),
  "another person's case save": () => async (id, idAnalista) => {
    const body = editBody(await getDetail(id));
    body.caso.id_analista = idAnalista;
    return request('PATCH', `casos/${id}`, body, 'admin');
  },
  "another person's PATCH /casos/t": () => async (id, idAnalista) => request('PATCH', `casos/t/${id}`, { id_analista: idAnalista, version: (await getDetail(id)).caso.version }, 'admin'),
};

describe('a save read before another change of the analyst', () => {
  for (const [name, writerFor] of Object.entries(writers)) {
    it(`${name}: the stale save answers 409 and the new analyst stays; a fresh one saves`, async () => {
      const [viejo, nuevo] = [await nuevoAnalista(), await nuevoAnalista()];
      const { id, reclamoNro } = await casoCon(viejo);
      const read = editBody(await getDetail(id));
      expect(read.caso.id_analista).toBe(viejo);

      const change = await writerFor(reclamoNro)(id, nuevo);
      expect(change.statusCode, change.body).toBe(200);
      const changed = await rowOf(id);
      expect([changed.id_analista, changed.version]).toEqual([nuevo, read.caso.version + 1]);

      read.caso.declaracion_asegurado = 'Escrito antes del cambio de analista';
      for (const [url, body] of [
        [`casos/${id}`, read],
        [`casos/t/${id}`, read.caso],
      ] as const) {
        const stale = await request('PATCH', url, body);
        expect([stale.statusCode, stale.json().message], url).toEqual([409, CASO_MESSAGES.stale.caso]);
      }
      expect(await rowOf(id)).toEqual(changed);

      const fresh = editBody(await getDetail(id));
      fresh.caso.declaracion_asegurado = 'Escrito después, sobre la copia nueva';
      expect((await request('PATCH', `casos/${id}`, fresh)).statusCode).toBe(200);
      expect(await rowOf(id)).toMatchObject({ id_analista: nuevo, declaracion_asegurado: 'Escrito después, sobre la copia nueva', version: changed.version + 1 });
    });
  }

  it('the change and the stale save at the same moment: whichever locks first, the new analyst is what stays', async () => {
    const [viejo, nuevo] = [await nuevoAnalista(), await nuevoAnalista()];
    for (let round = 0; round < 4; round += 1) {
      const { id } = await casoCon(viejo);
      const read = editBody(await getDetail(id));
      read.caso.declaracion_asegurado = `Ronda ${round}`;
      const [change, save] = await Promise.all([
        request('PATCH', `casos/caso_ana/${id}`, { id_analista: nuevo }, 'admin'),
        request('PATCH', `casos/${id}`, read),
      ]);
      expect(change.statusCode).toBe(200);
      expect([200, 409]).toContain(save.statusCode);
      expect((await rowOf(id)).id_analista).toBe(nuevo);
    }
  });

  it('a bulk change gives a new version only to the cases whose analyst it changed: a form on one that had it already still saves', async () => {
    const analista = await nuevoAnalista();
    const otro = await nuevoAnalista();
    const [yaLoTenia, cambia] = [await casoCon(analista), await casoCon(otro)];
    const reads = [editBody(await getDetail(yaLoTenia.id)), editBody(await getDetail(cambia.id))];
    const bulk = await request('POST', 'casos/masivo/analista', { seleccion: { ids: [yaLoTenia.id, cambia.id] }, id_analista: analista });
    expect([bulk.statusCode, bulk.json().cantidad]).toEqual([200, 1]);
    expect((await rowOf(yaLoTenia.id)).version).toBe(reads[0]!.caso.version);
    expect((await request('PATCH', `casos/${yaLoTenia.id}`, reads[0])).statusCode).toBe(200);
    expect((await request('PATCH', `casos/${cambia.id}`, reads[1])).statusCode).toBe(409);
    expect((await rowOf(cambia.id)).id_analista).toBe(analista);
  });

  it('a change to the analyst it has already writes nothing and leaves open forms current', async () => {
    const analista = await nuevoAnalista();
    const { id } = await casoCon(analista);
    const read = editBody(await getDetail(id));
    expect((await request('PATCH', `casos/caso_ana/${id}`, { id_analista: analista })).statusCode).toBe(200);
    expect((await rowOf(id)).version).toBe(read.caso.version);
    expect((await request('PATCH', `casos/${id}`, read)).statusCode).toBe(200);
  });
});

describe('two people assigning the analyst of the same case', () => {
  it('the dialog opened before the other assignment is refused (409) and the other analyst stays; one that saw it saves', async () => {
    const [viejo, deAna, deBeto] = [await nuevoAnalista(), await nuevoAnalista(), await nuevoAnalista()];
    const { id } = await casoCon(viejo);
    const ana = await request('PATCH', `casos/caso_ana/${id}`, { id_analista: deAna, id_analista_visto: viejo }, 'admin');
    expect(ana.statusCode, ana.body).toBe(200);
    const beto = await request('PATCH', `casos/caso_ana/${id}`, { id_analista: deBeto, id_analista_visto: viejo });
    expect([beto.statusCode, beto.json().message]).toEqual([409, CASO_MESSAGES.analistaCambiado]);
    expect((await rowOf(id)).id_analista).toBe(deAna);
    // Choosing what the other already chose is no conflict; having seen it, the change saves.
    expect((await request('PATCH', `casos/caso_ana/${id}`, { id_analista: deAna, id_analista_visto: viejo })).statusCode).toBe(200);
    expect((await request('PATCH', `casos/caso_ana/${id}`, { id_analista: deBeto, id_analista_visto: deAna })).statusCode).toBe(200);
    expect((await rowOf(id)).id_analista).toBe(deBeto);
  });

  it('a case without analyst: null is what the dialog saw; both at the same moment, exactly one wins', async () => {
    const [deAna, deBeto] = [await nuevoAnalista(), await nuevoAnalista()];
    for (let round = 0; round < 3; round += 1) {
      const { id } = await insertCaso(t.database.db, { reclamoNro: String(7_200_000_000 + (serial += 1)) });
      const answers = await Promise.all([
        request('PATCH', `casos/caso_ana/${id}`, { id_analista: deAna, id_analista_visto: null }, 'admin'),
        request('PATCH', `casos/caso_ana/${id}`, { id_analista: deBeto, id_analista_visto: null }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const ganador = answers[0]!.statusCode === 200 ? deAna : deBeto;
      expect((await rowOf(id)).id_analista).toBe(ganador);
    }
  });
});

describe('a save read before a flag changed', () => {
  const urgente = FLAGS[0]!;
  const flagWriters: Record<string, (id: number, reclamoNro: string) => Promise<{ statusCode: number }>> = {
    'PATCH /casos/flag': (id) => request('PATCH', `casos/flag/${id}`, { flag: urgente.nro }),
    'POST /casos/masivo/flag by ids': (id) => request('POST', 'casos/masivo/flag', { seleccion: { ids: [id] }, flag: urgente.nro, valor: true }),
    'POST /casos/masivo/flag by the filter': (_id, reclamoNro) => request('POST', 'casos/masivo/flag', { seleccion: { filtro: { nroSiniestro: reclamoNro } }, flag: urgente.nro, valor: true }),
  };
  for (const [name, write] of Object.entries(flagWriters)) {
    it(`${name}: the save never writes a flag, so the form stays current and the flag stays set`, async () => {
      const { id, reclamoNro } = await casoCon(await nuevoAnalista());
      const read = editBody(await getDetail(id));
      expect(read.caso[urgente.key]).toBe(false);
      expect((await write(id, reclamoNro)).statusCode).toBe(200);
      expect((await rowOf(id)).version).toBe(read.caso.version);

      // The body sends every flag back as read (false): accepted and not written.
      read.caso.declaracion_asegurado = 'Guardado con la etiqueta vieja en el cuerpo';
      expect((await request('PATCH', `casos/${id}`, read)).statusCode).toBe(200);
      expect(await rowOf(id)).toMatchObject({ [urgente.key]: true, declaracion_asegurado: 'Guardado con la etiqueta vieja en el cuerpo' });
      expect((await request('PATCH', `casos/t/${id}`, { [urgente.key]: false, version: read.caso.version + 1 })).statusCode).toBe(200);
      expect((await rowOf(id))[urgente.key]).toBe(true);
    });
  }
});

describe('a case save writes no value another action owns, whatever the body says', () => {
  it('status, dates, offer, analysis, responsibility, lawyer and flags are kept; another agreed amount is refused', async () => {
    const { id } = await insertCaso(t.database.db, { idEstado: ESTADO.CONVENIO, valorOfertado: '1500000', valorAcordado: '1579938.57', fechaCierre: null });
    const before = await rowOf(id);
    const owned = {
      id_estado: ESTADO.FINALIZADO,
      fecha_estado: '2000-01-01',
      fecha_cierre: '2000-01-02',
      valor_ofertado: '1.00',
      analisis: 'Reescrito desde el formulario',
      id_responsabilidad: 1,
      id_letrado: 1,
      fecha_creado: '2000-01-03',
      ...Object.fromEntries(FLAGS.map((flag) => [flag.key, true])),
    };
    for (const url of [`casos/${id}`, `casos/t/${id}`]) {
      const read = editBody(await getDetail(id));
      const caso = { ...read.caso, ...owned, gestor: `Gestor ${url}` };
      const response = await request('PATCH', url, url.includes('/t/') ? caso : { ...read, caso });
      expect(response.statusCode, response.body).toBe(200);
    }
    const after = await rowOf(id);
    expect(after).toMatchObject({ gestor: `Gestor casos/t/${id}`, version: before.version + 2 });
    const ownedKeys = [...Object.keys(owned), 'valor_acordado', 'id_analista'] as (keyof typeof after)[];
    expect(Object.keys(pick(before, ownedKeys))).toHaveLength(ownedKeys.length);
    expect(pick(after, ownedKeys)).toEqual(pick(before, ownedKeys));

    for (const valor of ['1.00', null, '', 0]) {
      const read = editBody(await getDetail(id));
      read.caso.valor_acordado = valor as string | null;
      const response = await request('PATCH', `casos/${id}`, read);
      expect([response.statusCode, response.json().message], String(valor)).toEqual([409, CASO_MESSAGES.acordadoNotEditable]);
    }
    expect((await rowOf(id)).valor_acordado).toBe('1579938.57');
  });
});
