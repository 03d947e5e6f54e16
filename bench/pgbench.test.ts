import { expect, it } from 'vitest';
import { inlineParams, literal } from './pgbench';

it('writes parameters as the literals PostgreSQL types as the statement did, arrays included', () => {
  expect(literal(null)).toBe('NULL');
  expect(literal(20)).toBe('20');
  expect(literal("O'Brien")).toBe("'O''Brien'");
  expect(literal(['15769445', 'a"b\\c', null])).toBe(`'{"15769445","a\\"b\\\\c",NULL}'`);
  expect(inlineParams({ text: 'select $1, $10, $2', params: [1, 2, 3, 4, 5, 6, 7, 8, 9, ['x']] })).toBe(`select 1, '{"x"}', 2`);
});
