import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { searchPlateGrams } from '@siniestros/domain';
import { useTestApp } from '../../../test/helpers';
import { seedDemo } from '../../demo/demo-load';
import { changeFirstTercero, createCaso, cutFrom, likeOnly, planOf, quickSearched, selectedIds, tercero } from './casos.test-helpers';

/**
 * A search word of 5 letters and digits in a row holding both (a plate's fragment) is collected
 * through the plates index (docs/decisions/070): whatever it finds must be exactly what a LIKE over
 * `busqueda` finds, for whole and partial plates cut anywhere and beside other characters, and the
 * plate filter read either way (collected or walked) must select the same cases.
 */
const t = useTestApp();

describe('search by plate pieces', () => {
  let plates: string[] = [];

  it('finds what the LIKE finds for any fragment of 5 or more cut from the plates, counted exactly or up to the cap', async () => {
    await seedDemo(t.database, { cases: 800, seed: 70, until: '2026-06-30' });
    await t.rows('analyze casos');
    const texts = (await t.rows<{ busqueda: string }>('select busqueda from casos order by id')).map((row) => row.busqueda);
    plates = texts.flatMap((text) => (text.match(/[a-z0-9]{5,}/g) ?? []).filter((run) => searchPlateGrams(run).length > 0));
    expect(plates.length).toBeGreaterThan(1_000);
    await fc.assert(
      fc.asyncProperty(cutFrom(plates, 5, 8), fc.constantFrom('', ' ', 'x', '9', '-'), async (fragment, around) => {
        const word = `${around}${fragment}${around}`;
        const expected = await likeOnly(t, word);
        if (around === '' || around === ' ') expect(expected.length).toBeGreaterThan(0);
        expect(await quickSearched(t, word)).toEqual(expected);
        expect(await quickSearched(t, word, 'page=1&pageSize=100')).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('the plate filter and searches of several words select the same cases collected, walked or planned', async () => {
    const words = fc.constantFrom(...plates.slice(0, 200), 'ag7', 'zz999', '12345678', 'gonzalez');
    await fc.assert(
      fc.asyncProperty(words, words, async (first, second) => {
        for (const filtro of [{ dominio: first }, { busquedaRapida: `${first} ${second}` }, { dominio: second, busquedaRapida: first }]) {
          const walked = await selectedIds(t, filtro, 'walk');
          expect(await selectedIds(t, filtro, 'collect')).toEqual(walked);
          expect(await selectedIds(t, filtro, 'planned')).toEqual(walked);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('finds a case by a plate given when it was created and by the one it was changed to', async () => {
    const id = await createCaso(t, { asegurado: { dominio: 'QX987WV' }, terceros: [tercero(1, { dominio: 'ZK456YU' })] });
    expect(await quickSearched(t, 'x987w')).toEqual([id]);
    expect(await quickSearched(t, 'ZK456')).toEqual([id]);
    await changeFirstTercero(t, id, { dominio: 'ZJ321QP' });
    expect(await quickSearched(t, 'zk456')).toEqual([]);
    expect(await quickSearched(t, 'j321q')).toEqual([id]);
  });

  it('collects a plate fragment through the plates index, a surname still through the letters index', async () => {
    const collected = await planOf(t, { busquedaRapida: 'x987w' }, 'collect');
    expect(collected).toContain('casos_busqueda_patentes_idx');
    expect(collected).not.toContain('casos_busqueda_trgm_idx');
    expect(await planOf(t, { dominio: 'qx987' }, 'collect')).toContain('casos_busqueda_patentes_idx');
    expect(await planOf(t, { busquedaRapida: 'gonzalez' }, 'collect')).toContain('casos_busqueda_letras_idx');
    expect(await planOf(t, { busquedaRapida: 'x987w' }, 'walk')).not.toMatch(/casos_busqueda_(patentes|letras|trgm)_idx/);
  });
});
