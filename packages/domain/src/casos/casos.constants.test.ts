import { describe, expect, it } from 'vitest';
import { normalizeSearch } from '../shared/format';
import { SEARCH_FOLD, exportFileName, likeContains, searchTerms } from './casos.constants';

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

  it('keeps at most 8 words', () => {
    expect(searchTerms('a b c d e f g h i j')).toHaveLength(8);
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
