import { expect, test } from 'vitest';
import { finDeMes, informesQuerySchema, mesesEntre } from './informes.schemas';
test('informes query: hasta defaults to desde, order and the 24-month limit; months and month ends', () => {
  expect(informesQuerySchema.parse({ desde: '2026-01' })).toMatchObject({ hasta: '2026-01', compania: '' });
  expect(informesQuerySchema.safeParse({ desde: '2026-03', hasta: '2026-01' }).success).toBe(false);
  expect(informesQuerySchema.safeParse({ desde: '2024-01', hasta: '2025-12' }).success).toBe(true);
  expect(informesQuerySchema.safeParse({ desde: '2024-01', hasta: '2026-01' }).success).toBe(false);
  expect(mesesEntre('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  expect(finDeMes('2024-02')).toBe('2024-02-29');
});
