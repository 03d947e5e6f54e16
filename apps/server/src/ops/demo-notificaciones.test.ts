import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDaysIso } from '@siniestros/domain';
import { createTestApp, type TestApp } from '../../test/helpers';
import { insertCaso } from '../../test/fixtures';
import { clockAt, MIERCOLES } from '../../test/clock';
import { seedDemoNotificaciones } from './demo-notificaciones';

/** This file's today (a fixed day: the same expectations whatever day the suite runs). */
const HOY = MIERCOLES;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clockAt(HOY) });
});
afterAll(() => t?.close());

it('the demo bells: tasks assigned by a colleague and the due ones, and a second run adds nothing', async () => {
  const caso = await insertCaso(t.database.db);
  for (const vence of [HOY, addDaysIso(HOY, 5)]) {
    const response = await t.request('admin', {
      method: 'POST',
      url: `/api/tareas/caso/${caso.id}`,
      payload: { texto: 'Demo', vence, id_usuario: t.ids.admin },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  expect(await seedDemoNotificaciones(t.database, { until: HOY })).toBe(3);
  expect(await seedDemoNotificaciones(t.database, { until: HOY })).toBe(0);
  const { rows } = (await t.database.db.execute(sql`select tipo, autor from notificaciones order by id`)) as unknown as {
    rows: { tipo: string; autor: string }[];
  };
  expect(rows.map((row) => row.tipo).sort()).toEqual(['tarea_asignada', 'tarea_asignada', 'tarea_vence']);
  expect(rows.filter((row) => row.tipo === 'tarea_asignada').every((row) => row.autor !== 'admin@test.local')).toBe(true);
});
