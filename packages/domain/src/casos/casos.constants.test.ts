import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '../shared/format';
import { SEARCH_FOLD, exportFileName, likeContains, searchDigitGrams, searchLetterGrams, searchPlateGrams, searchTerms } from './casos.constants';

describe('SEARCH_FOLD', () => {
  it('folds every letter the way normalizeSearch does', () => {
    expect(SEARCH_FOLD.from.length).toBe(SEARCH_FOLD.to.length);
    expect(normalizeSearch(SEARCH_FOLD.from)).toBe(SEARCH_FOLD.to);
  });
});

describe('searchTerms', () => {
  it('splits, normalizes and de-duplicates the words typed', () => {
    expect(searchTerms('  GONZÁLEZ   maría González ')).toEqual(['gonzalez', 'maria']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('reads a number grouped by thousands dots as its digits (a DNI as printed on the card)', () => {
    expect(searchTerms('13.266.001')).toEqual(['13266001']);
    expect(searchTerms('Pérez 1.234.567 20-13266001-5')).toEqual(['perez', '1234567', '20-13266001-5']);
    expect(searchTerms('13.2660.01 av. 9')).toEqual(['13.2660.01', 'av.', '9']);
  });

  it('keeps at most 8 words', () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('searchDigitGrams', () => {
  it('cuts every run of at least 7 digits into its pieces of 7', () => {
    expect(searchDigitGrams('42654978')).toEqual(['4265497', '2654978']);
    expect(searchDigitGrams('1234567')).toEqual(['1234567']);
    expect(searchDigitGrams('20-42654978-7')).toEqual(['4265497', '2654978']);
    expect(searchDigitGrams('a1111111b22222229')).toEqual(['1111111', '2222222', '2222229']);
  });

  it('gives nothing for a word without 7 digits in a row', () => {
    expect(searchDigitGrams('123456')).toEqual([]);
    expect(searchDigitGrams('12-345-678')).toEqual([]);
    expect(searchDigitGrams('gonzalez')).toEqual([]);
  });
});

describe('searchPlateGrams', () => {
  it('cuts every run of at least 5 letters and digits into its pieces of 5 that hold both', () => {
    expect(searchPlateGrams('ag740')).toEqual(['ag740']);
    expect(searchPlateGrams('ag740tn')).toEqual(['ag740', 'g740t', '740tn']);
    expect(searchPlateGrams('abc123')).toEqual(['abc12', 'bc123']);
    expect(searchPlateGrams('ab-123cd')).toEqual(['123cd']);
  });

  it('gives nothing for letters or digits alone, nor for a run shorter than 5', () => {
    expect(searchPlateGrams('zarosa')).toEqual([]);
    expect(searchPlateGrams('15769445')).toEqual([]);
    expect(searchPlateGrams('ag74')).toEqual([]);
    expect(searchPlateGrams('ab 123 cd')).toEqual([]);
    expect(searchPlateGrams('aaaaa11111')).toEqual(['aaaa1', 'aaa11', 'aa111', 'a1111']);
  });
});

describe('searchLetterGrams', () => {
  it('cuts every run of at least 5 letters into its pieces of 5', () => {
    expect(searchLetterGrams('zarosa')).toEqual(['zaros', 'arosa']);
    expect(searchLetterGrams('perez')).toEqual(['perez']);
    expect(searchLetterGrams('de-la-fuente')).toEqual(['fuent', 'uente']);
    expect(searchLetterGrams('aa1bbbbb2ccccc')).toEqual(['bbbbb', 'ccccc']);
    expect(searchLetterGrams("o'brian")).toEqual(['brian']);
  });

  it('gives nothing for a word without 5 letters in a row (nor for letters outside a-z, which break a run)', () => {
    expect(searchLetterGrams('ruiz')).toEqual([]);
    expect(searchLetterGrams('ag740tn')).toEqual([]);
    expect(searchLetterGrams('15769445')).toEqual([]);
    expect(searchLetterGrams('mü ller')).toEqual([]);
    expect(searchLetterGrams("d'ange")).toEqual([]);
  });
});

describe('likeContains', () => {
  it('wraps in % and escapes the LIKE wildcards and the escape character', () => {
    expect(likeContains('ab123')).toBe('%ab123%');
    expect(likeContains('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('exportFileName', () => {
  it('is casos_export_{date}.xlsx (spec §9)', () => {
    expect(exportFileName('2026-05-04')).toBe('casos_export_2026-05-04.xlsx');
  });
});
