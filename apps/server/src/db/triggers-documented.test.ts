import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';

/**
 * Decision 041 lists every trigger, with its reason ("a new trigger is added here, or not at all"):
 * held against the triggers the migrations really create, so a migration that adds one without
 * its record fails here (0024's were missed once). The record may shorten a set as
 * "`name_ins`, `_upd`, `_del`".
 */
const t = useTestApp();
const record = readFileSync(new URL('../../../../docs/decisions/041-database-triggers.md', import.meta.url), 'utf8');

function recorded(name: string): boolean {
  if (record.includes(`\`${name}\``)) return true;
  const cut = name.lastIndexOf('_');
  return cut > 0 && record.includes(`\`${name.slice(0, cut)}_`) && record.includes(`\`${name.slice(cut)}\``);
}

describe('the triggers of the schema', () => {
  it('are each recorded in docs/decisions/041-database-triggers.md', async () => {
    const triggers = (
      await t.rows(`select tgname from pg_trigger g join pg_class c on c.oid = g.tgrelid where not g.tgisinternal and c.relnamespace = current_schema()::regnamespace order by 1`)
    ).map((row) => String(row.tgname));
    expect(triggers.length).toBeGreaterThan(20);
    expect(triggers.filter((name) => !recorded(name))).toEqual([]);
  });
});
