import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase, resultRows } from './client';
import { migrate, MIGRATIONS_DIR } from './migrate';

/**
 * Migration 0038 carries each 'Soy el analista' choice over to the analyst's user before dropping
 * the preference (docs/decisions/083): a database at 0037 with choices, migrated to the end.
 */
describe('migration 0038: the analyst a user said they are becomes the link', () => {
  it('Admin and User choices carried over (the lowest active id when shared), Inspectors not; unchosen analysts stay free', async () => {
    const upTo0037 = await fs.mkdtemp(path.join(os.tmpdir(), 'mig-0037-'));
    await fs.cp(MIGRATIONS_DIR, upTo0037, { recursive: true });
    const journalPath = path.join(upTo0037, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= 37);
    await fs.writeFile(journalPath, JSON.stringify(journal));
    const database = await openDatabase({});
    try {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: upTo0037 });
      const db = database.db;
      await db.execute(sql`insert into analistas (id, nombre, apellido) values (1, 'Ana', 'Uno'), (2, 'Beto', 'Dos'), (3, 'Cora', 'Tres'), (4, 'Dani', 'Cuatro')`);
      await db.execute(sql`insert into usuarios (id, apellido, nombre, username, password_hash, rol, activo) values
        (10, 'Admin', 'A', 'a@x.local', 'x', 1, true), (11, 'User', 'B', 'b@x.local', 'x', 2, true),
        (12, 'User', 'C', 'c@x.local', 'x', 2, false), (13, 'User', 'D', 'd@x.local', 'x', 2, true), (14, 'Insp', 'E', 'e@x.local', 'x', 3, true)`);
      // 10 → 1; 11 and 12 (inactive) and 13 → 2: the active lowest, 11, keeps it; the Inspector's choice of 3 is not carried.
      await db.execute(sql`insert into notificacion_preferencias (id_usuario, resumen_diario, id_analista) values
        (10, false, 1), (11, true, 2), (12, false, 2), (13, false, 2), (14, false, 3)`);
      await migrate(database);
      const links = resultRows(await db.execute(sql`select id, id_usuario, disponible from analistas order by id`));
      expect(links).toEqual([
        { id: 1, id_usuario: 10, disponible: true },
        { id: 2, id_usuario: 11, disponible: true },
        { id: 3, id_usuario: null, disponible: true },
        { id: 4, id_usuario: null, disponible: true },
      ]);
      // The digest setting survives; the column is gone.
      expect(resultRows(await db.execute(sql`select id_usuario, resumen_diario from notificacion_preferencias where resumen_diario`))).toEqual([{ id_usuario: 11, resumen_diario: true }]);
      const columns = resultRows(await db.execute(sql`select column_name from information_schema.columns where table_name = 'notificacion_preferencias' order by column_name`));
      expect(columns).toEqual([{ column_name: 'id_usuario' }, { column_name: 'resumen_diario' }]);
    } finally {
      await database.close();
      await fs.rm(upTo0037, { recursive: true, force: true });
    }
  });
});
