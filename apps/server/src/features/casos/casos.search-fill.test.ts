import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers';
import { asegurado, changeFirstTercero, createCaso, tercero } from './casos.test-helpers';
import { fillBusquedaPersonas, fillBusquedaPersonasBatch } from './casos.search-fill';

/**
 * The filter panel's 'Apellido' and 'Dominio' read the case's own lines of surnames and plates
 * (docs/decisions/072); a case written before them (NULL) is read on its people until the
 * background fill reaches it. Both ways must answer the same.
 */
const t = useTestApp();

type Lines = { id: number; busqueda_apellidos: string | null; busqueda_dominios: string | null };
const linesOf = async (ids: number[]) =>
  (await t.rows<Lines>(sql`select id, busqueda_apellidos, busqueda_dominios from casos where id in ${ids} order by id`)).map((row) => ({
    ...row,
    id: Number(row.id),
  }));

const allLines = () => t.rows<Lines>(sql`select id, busqueda_apellidos, busqueda_dominios from casos order by id`);

const filtered = async (body: Record<string, unknown>): Promise<number[]> => {
  const response = await t.request('user', { method: 'POST', url: '/api/casos/filtro/?page=1&pageSize=100&exactCount=1', payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ cases: { id: number }[] }>().cases.map((row) => row.id);
};

/** Terms typed in the filter panel: each must find the same cases whichever way a case is read. */
const FILTERS: Record<string, unknown>[] = [
  { apellido: 'gonzalez' },
  { apellido: 'GONZÁLEZ' },
  { apellido: 'de la' },
  { apellido: 'fuente' },
  { apellido: 'sosa ramos' },
  { apellido: 'sosa' },
  { apellido: 'ramos' },
  { apellido: 'PEÑA' },
  { apellido: 'maria' },
  { dominio: 'ab123' },
  { dominio: 'ac100' },
  { dominio: 'kdp 512' },
  { dominio: 'zz' },
  { dominio: 'ab123cd ac1' },
  { apellido: 'perez', dominio: 'gg' },
];

describe('the search columns of the filter panel', () => {
  it('are written by the alta and by every edit, one line a person, normalized like busqueda', async () => {
    const id = await createCaso(t, {
      asegurado: asegurado({ apellido: '  De   la Fuente ', dominio: 'KDP 512' }),
      terceros: [tercero(1, { apellido: 'Ñúñez' }), tercero(2, { apellido: 'Pérez', dominio: 'gg222gg' })],
    });
    expect(await linesOf([id])).toEqual([
      { id, busqueda_apellidos: 'de la fuente\nnunez\nperez', busqueda_dominios: 'kdp 512\nac100zz\ngg222gg' },
    ]);

    await changeFirstTercero(t, id, { apellido: 'Ibáñez', dominio: 'AE 001 AA' });
    expect(await linesOf([id])).toEqual([
      { id, busqueda_apellidos: 'de la fuente\nibanez\nperez', busqueda_dominios: 'kdp 512\nae 001 aa\ngg222gg' },
    ]);

    const detail = (await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).json<{ asegurados: Record<string, unknown> }>();
    const changed = await t.request('user', {
      method: 'PATCH',
      url: `/api/asegurados/t/${id}`,
      payload: { ...detail.asegurados, apellido: 'Sosa', dominio: 'AF 002 BB' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await linesOf([id])).toEqual([
      { id, busqueda_apellidos: 'sosa\nibanez\nperez', busqueda_dominios: 'af 002 bb\nae 001 aa\ngg222gg' },
    ]);
    expect(await filtered({ apellido: 'fuente' })).not.toContain(id);
    expect(await filtered({ apellido: 'sosa' })).toContain(id);
    // Not a field of the case: the detail does not show them.
    expect((await t.request('user', { method: 'GET', url: `/api/casos/${id}` })).body).not.toContain('busqueda_');
  });

  it('answer as the people do, and a case not yet filled is read on its people until the fill reaches it', async () => {
    const ids = [
      await createCaso(t, { asegurado: asegurado({ apellido: 'González', dominio: 'AB123CD' }), terceros: [tercero(1)] }),
      // busqueda holds 'sosa ramos' (a surname and its name), the surnames do not.
      await createCaso(t, { asegurado: asegurado({ apellido: 'Villa' }), terceros: [tercero(1, { apellido: 'Sosa', nombre: 'Ramos' })] }),
      await createCaso(t, {
        asegurado: asegurado({ apellido: 'De la Fuente', dominio: 'KDP512' }),
        terceros: [tercero(1, { apellido: 'Peña' }), tercero(2, { apellido: 'Pérez', dominio: 'GG222GG' })],
      }),
      await createCaso(t, { asegurado: asegurado({ apellido: 'Zárate', nombre: 'González', dominio: 'ZZ999ZZ' }), terceros: [] }),
    ];
    const written = await linesOf(ids);
    expect(written.every((row) => row.busqueda_apellidos !== null && row.busqueda_dominios !== null)).toBe(true);
    const answers = async () => Promise.all(FILTERS.map(async (body) => (await filtered(body)).filter((id) => ids.includes(id))));
    const onLines = await answers();
    expect(onLines[FILTERS.findIndex((body) => body.apellido === 'sosa ramos')]).toEqual([]);
    expect(onLines[FILTERS.findIndex((body) => body.apellido === 'sosa')]).toEqual([ids[1]]);
    expect(onLines[FILTERS.findIndex((body) => body.apellido === 'gonzalez')]).toEqual([ids[0]]);
    expect(onLines[FILTERS.findIndex((body) => body.apellido === 'PEÑA')]).toEqual([ids[2]]);
    expect(onLines[FILTERS.findIndex((body) => body.dominio === 'kdp 512')]).toEqual([]);

    // As a case written before drizzle/0035 is: the same answers, from its people.
    await t.rows(sql`update casos set busqueda_apellidos = null, busqueda_dominios = null where id in ${ids}`);
    expect(await answers()).toEqual(onLines);

    // The fill writes what the writers wrote, a batch at a time, newest first, and logs no change.
    const auditBefore = await t.rows<{ n: number }>(`select count(*)::int as n from audit_log`);
    expect(await fillBusquedaPersonasBatch(t.database.db, 3)).toBe(3);
    expect((await linesOf(ids)).map((row) => row.busqueda_apellidos !== null)).toEqual([false, true, true, true]);
    expect(await answers()).toEqual(onLines);
    let filled = 0;
    while ((await fillBusquedaPersonasBatch(t.database.db, 3)) > 0) filled++;
    expect(filled).toBeGreaterThan(0);
    expect(await linesOf(ids)).toEqual(written);
    expect(await t.rows<{ n: number }>(`select count(*)::int as n from audit_log`)).toEqual(auditBefore);
    expect(await t.rows(sql`select id from casos where busqueda_apellidos is null`)).toEqual([]);
    expect(await answers()).toEqual(onLines);
  });
});

describe('the background fill', () => {
  it('fills every case left, reporting its progress, and stops when told', async () => {
    for (let n = 0; n < 3; n++) await createCaso(t, { asegurado: asegurado({ apellido: `Relleno${n}` }) });
    const filledBefore = await allLines();
    await t.rows(sql`update casos set busqueda_apellidos = null, busqueda_dominios = null`);

    const stopped = new AbortController();
    stopped.abort();
    expect(await fillBusquedaPersonas(t.database.db, { signal: stopped.signal })).toBe(0);

    const progress: number[] = [];
    expect(await fillBusquedaPersonas(t.database.db, { onBatch: (total) => progress.push(total) })).toBe(filledBefore.length);
    expect(progress).toEqual([filledBefore.length]);
    expect(await allLines()).toEqual(filledBefore);
    expect(await fillBusquedaPersonas(t.database.db)).toBe(0);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('leaves a case being edited to its edit, and fills it after', async () => {
    const id = await createCaso(t, { asegurado: asegurado({ apellido: 'Editándose' }) });
    const other = await createCaso(t, { asegurado: asegurado({ apellido: 'Quieto' }) });
    await t.rows(sql`update casos set busqueda_apellidos = null, busqueda_dominios = null where id in ${[id, other]}`);
    // An edit in flight holds the case's row (casos.edit.service locks it first).
    const editing = await t.database.pool!.connect();
    try {
      await editing.query('begin');
      await editing.query('select id from casos where id = $1 for update', [id]);
      expect(await fillBusquedaPersonasBatch(t.database.db)).toBe(1);
      expect((await linesOf([id, other])).map((row) => row.busqueda_apellidos)).toEqual([null, 'quieto\ntercero1']);
      await editing.query('commit');
    } finally {
      editing.release();
    }
    expect(await fillBusquedaPersonasBatch(t.database.db)).toBe(1);
    expect((await linesOf([id])).map((row) => row.busqueda_apellidos)).toEqual(['editandose\ntercero1']);
  });
});
