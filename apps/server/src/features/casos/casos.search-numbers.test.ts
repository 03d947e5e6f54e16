import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { casoFiltroSchema } from '@siniestros/domain';
import { useTestApp } from '../../../test/helpers';
import { seedDemo } from '../../demo/demo-load';
import { filterWhere } from './casos.list.filters';
import { changeFirstTercero, createCaso, cutFrom, likeOnly, quickSearched, tercero } from './casos.test-helpers';

/**
 * A quick-search word with 7 digits in a row asks the numbers index first (docs/decisions/059):
 * whatever it finds must be exactly what a LIKE over `busqueda` finds, for whole and partial
 * numbers, numbers inside a CUIT, several words, and cases written after the index was built.
 */
const t = useTestApp();

const searched = (word: string) => quickSearched(t, word);

describe('quick search by numbers', () => {
  it('finds what the LIKE finds for any run of digits cut from the cases, whole or in part', async () => {
    await seedDemo(t.database, { cases: 800, seed: 59, until: '2026-06-30' });
    await t.rows('analyze casos');
    const texts = (await t.rows<{ busqueda: string }>('select busqueda from casos order by id')).map((row) => row.busqueda);
    const runs = texts.flatMap((text) => text.match(/[0-9]{7,}/g) ?? []);
    expect(runs.length).toBeGreaterThan(1_000);
    const cut = cutFrom(runs, 7, 12);
    await fc.assert(
      fc.asyncProperty(cut, fc.constantFrom('', ' ', '-', 'x'), async (digits, around) => {
        const word = `${around}${digits}${around}`;
        const expected = await likeOnly(t, word);
        if (around === '' || around === ' ') expect(expected.length).toBeGreaterThan(0);
        expect(await searched(word)).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('a whole DNI, CUIT or claim number, mixed with a name, or not in any case', async () => {
    const [row] = await t.rows<{ busqueda: string }>("select busqueda from casos where busqueda ~ '[0-9]{2}-[0-9]{8}-[0-9]' order by id limit 1");
    const cuit = row!.busqueda.match(/[0-9]{2}-[0-9]{8}-[0-9]/)![0];
    const dni = cuit.slice(3, 11);
    const reclamo = row!.busqueda.split(' ')[0]!;
    const surname = row!.busqueda.split(' ')[1]!;
    for (const word of [cuit, dni, reclamo, `${surname} ${dni}`, `${dni} ${reclamo}`, cuit.replace(/-/g, ''), '9999999999', '1234567', '123456']) {
      expect(await searched(word), word).toEqual(await likeOnly(t, word));
    }
    expect(await searched(dni)).not.toEqual([]);
    expect(await searched(`${surname} ${dni}`)).not.toEqual([]);
  });

  it('finds a case by a number given when it was created and by the one it was changed to', async () => {
    const id = await createCaso(t, { asegurado: { nro_doc: '41234567', cuit: '20-41234567-3' }, terceros: [tercero(1, { nro_doc: '39876543' })] });
    expect(await searched('41234567')).toEqual([id]);
    expect(await searched('20-41234567-3')).toEqual([id]);
    expect(await searched('39876543')).toEqual([id]);
    await changeFirstTercero(t, id, { nro_doc: '38111222' });
    expect(await searched('39876543')).toEqual([]);
    expect(await searched('38111222')).toEqual([id]);
  });

  it('finds a DNI typed with thousands dots, as it reads on the card', async () => {
    const id = await createCaso(t, { asegurado: { nro_doc: '13266001' } });
    expect(await searched('13266001')).toContain(id);
    for (const word of ['13.266.001', ' 13.266.001 ', 'González 13.266.001']) expect(await searched(word), word).toEqual(await searched(word.replace(/\./g, '')));
    // Dots that do not group thousands are left as typed.
    expect(await searched('13.2660.01')).toEqual([]);
  });

  it('reads the numbers index, not the trigram one, for a whole DNI', async () => {
    const [row] = await t.rows<{ busqueda: string }>("select busqueda from casos where busqueda ~ '[0-9]{8}' order by id desc limit 1");
    const dni = row!.busqueda.match(/[0-9]{8}/)![0];
    const plan = await t.rows<{ 'QUERY PLAN': string }>(sql`explain select id from casos where ${filterWhere(casoFiltroSchema.parse({ busquedaRapida: dni }), 'collect')}`);
    const text = plan.map((line) => line['QUERY PLAN']).join('\n');
    expect(text).toContain('casos_busqueda_digitos_idx');
    expect(text).not.toContain('casos_busqueda_trgm_idx');
  });
});
