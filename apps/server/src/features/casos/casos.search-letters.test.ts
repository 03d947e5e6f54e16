import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { useTestApp } from '../../../test/helpers';
import { seedDemo } from '../../demo/demo-load';
import { changeFirstTercero, createCaso, cutFrom, likeOnly, planOf, quickSearched, selectedIds, tercero } from './casos.test-helpers';

/**
 * A search word with 5 letters in a row is collected through the letters index
 * (docs/decisions/067): whatever it finds must be exactly what a LIKE over `busqueda` finds, for
 * whole and partial names, cut anywhere, beside other characters, and the filter read either way
 * (collected or walked) must select the same cases.
 */
const t = useTestApp();

describe('search by letters', () => {
  let runs: string[] = [];

  it('finds what the LIKE finds for any run of letters cut from the cases, counted exactly or up to the cap', async () => {
    await seedDemo(t.database, { cases: 800, seed: 67, until: '2026-06-30' });
    await t.rows('analyze casos');
    const texts = (await t.rows<{ busqueda: string }>('select busqueda from casos order by id')).map((row) => row.busqueda);
    runs = texts.flatMap((text) => text.match(/[a-z]{5,}/g) ?? []);
    expect(runs.length).toBeGreaterThan(1_000);
    const cut = cutFrom(runs, 5, 10);
    await fc.assert(
      fc.asyncProperty(cut, fc.constantFrom('', ' ', 'x', '1', 'á'), async (letters, around) => {
        const word = `${around}${letters}${around}`;
        const expected = await likeOnly(t, word);
        if (around === '' || around === ' ') expect(expected.length).toBeGreaterThan(0);
        expect(await quickSearched(t, word)).toEqual(expected);
        expect(await quickSearched(t, word, 'page=1&pageSize=100')).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('the surname filter and searches of several words select the same cases collected, walked or planned', async () => {
    const words = fc.constantFrom(...runs, 'ruiz', 'ag7', 'zzzzzz', '12345678');
    await fc.assert(
      fc.asyncProperty(words, words, async (first, second) => {
        for (const filtro of [{ apellido: first }, { busquedaRapida: `${first} ${second}` }, { apellido: second, busquedaRapida: first }]) {
          const walked = await selectedIds(t, filtro, 'walk');
          expect(await selectedIds(t, filtro, 'collect')).toEqual(walked);
          expect(await selectedIds(t, filtro, 'planned')).toEqual(walked);
        }
      }),
      { numRuns: 40 },
    );
    expect(await selectedIds(t, { apellido: runs[0]! }, 'collect')).not.toEqual([]);
  });

  it('finds a case by a surname given when it was created and by the one it was changed to', async () => {
    const id = await createCaso(t, { asegurado: { apellido: 'Quimbarosa' }, terceros: [tercero(1, { apellido: 'Ñandubayzal' })] });
    expect(await quickSearched(t, 'quimbarosa')).toEqual([id]);
    expect(await quickSearched(t, 'ÑANDUBAY')).toEqual([id]);
    await changeFirstTercero(t, id, { apellido: 'Urquijoarte' });
    expect(await quickSearched(t, 'nandubay')).toEqual([]);
    expect(await quickSearched(t, 'quijoar')).toEqual([id]);
  });

  it('collects through the letters index and walks through no text index', async () => {
    const rare = 'quimbarosa';
    const collected = await planOf(t, { busquedaRapida: rare }, 'collect');
    expect(collected).toContain('casos_busqueda_letras_idx');
    expect(collected).not.toContain('casos_busqueda_trgm_idx');
    expect(await planOf(t, { apellido: rare }, 'collect')).toContain('casos_busqueda_letras_idx');
    // A page of many matches walks the id index: PostgreSQL is given no text index to collect them with.
    for (const filtro of [{ busquedaRapida: rare }, { apellido: rare }, { busquedaRapida: 'ruiz' }]) {
      expect(await planOf(t, filtro, 'walk')).not.toMatch(/casos_busqueda_(letras|trgm)_idx/);
    }
  });
});
