/**
 * The demo office's bells (issue 18 item 4): each handler (a demo User) is one of the first
 * analysts (the link of decision 083, where the analyst has no user yet), and gets a few tasks assigned by a colleague and their analyst's newest
 * cases as 'Caso asignado'; then the periodic job makes the
 * due tasks' and amber clocks' items, as a running server would. Part of the older items read, so
 * the bell and the page show both. Runs again without duplicating (the job's keys, NOT EXISTS).
 */
import { FIRST_CLOSED_ESTADO, ROL, todayIso } from '@siniestros/domain';
import type { Database } from '../db/client';
import { generarAvisos } from '../features/notificaciones';

const ASIGNADAS_POR_USUARIO = 4;
const CASOS_POR_USUARIO = 2;

export async function seedDemoNotificaciones(database: Database, options: { until?: string } = {}): Promise<number> {
  const dia = options.until ?? todayIso();
  const db = database.db;
  const exec = async (text: string, params: unknown[] = []) =>
    database.kind === 'pglite'
      ? (await database.pglite!.query<Record<string, unknown>>(text, params)).rows
      : ((await database.pool!.query(text, params)).rows as Record<string, unknown>[]);

  await exec(
    `UPDATE analistas a SET id_usuario = u.id FROM
       (SELECT id, row_number() OVER (ORDER BY id) AS n FROM usuarios WHERE activo AND rol = $1 AND username LIKE '%@demo.local'
          AND NOT EXISTS (SELECT 1 FROM analistas x WHERE x.id_usuario = usuarios.id)) u
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM analistas WHERE id_usuario IS NULL) libres ON libres.n = u.n
     WHERE a.id = libres.id`,
    [ROL.USER],
  );
  const [asignadas] = await exec(
    `WITH elegidas AS (
       SELECT t.*, row_number() OVER (PARTITION BY t.id_usuario ORDER BY t.vence DESC, t.id) AS n
       FROM tareas t WHERE t.hecha IS NULL AND t.vence >= $1::date),
     nuevas AS (
       INSERT INTO notificaciones (id_usuario, tipo, texto, fecha, id_caso, id_tarea, autor, creada)
       SELECT e.id_usuario, 'tarea_asignada', e.texto, e.vence, e.id_caso, e.id,
         (SELECT u.username FROM usuarios u WHERE u.activo AND u.rol IN ($2, $3) AND u.id <> e.id_usuario ORDER BY u.id LIMIT 1),
         now() - make_interval(hours => e.n::int * 5)
       FROM elegidas e
       WHERE e.n <= $4
         AND NOT EXISTS (SELECT 1 FROM notificaciones x WHERE x.id_tarea = e.id AND x.tipo = 'tarea_asignada')
       RETURNING 1)
     SELECT count(*)::int AS n FROM nuevas`,
    [dia, ROL.ADMIN, ROL.USER, ASIGNADAS_POR_USUARIO],
  );
  // The newest open cases of each handler's analyst, as if an Admin had just given them.
  const [casos] = await exec(
    `WITH elegidos AS (
       SELECT a.id_usuario, c.id AS id_caso, a.apellido || ', ' || a.nombre AS analista,
         row_number() OVER (PARTITION BY a.id_usuario ORDER BY c.id DESC) AS n
       FROM analistas a JOIN casos c ON c.id_analista = a.id AND c.id_estado < $1
       WHERE a.id_usuario IS NOT NULL),
     nuevas AS (
       INSERT INTO notificaciones (id_usuario, tipo, texto, id_caso, autor, creada)
       SELECT e.id_usuario, 'caso_asignado', e.analista, e.id_caso,
         (SELECT u.username FROM usuarios u WHERE u.activo AND u.rol = $2 ORDER BY u.id LIMIT 1),
         now() - make_interval(hours => e.n::int * 7 + 2)
       FROM elegidos e
       WHERE e.n <= $3
         AND NOT EXISTS (SELECT 1 FROM notificaciones x WHERE x.id_usuario = e.id_usuario AND x.id_caso = e.id_caso AND x.tipo = 'caso_asignado')
       RETURNING 1)
     SELECT count(*)::int AS n FROM nuevas`,
    [FIRST_CLOSED_ESTADO, ROL.ADMIN, CASOS_POR_USUARIO],
  );
  const avisos = await generarAvisos(db, dia);
  // The older half of each user's items read, as if the office had opened them.
  await exec(
    `UPDATE notificaciones SET leida = creada + interval '1 hour'
     WHERE leida IS NULL AND id IN (
       SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY id_usuario ORDER BY id DESC) AS n,
                              count(*) OVER (PARTITION BY id_usuario) AS total FROM notificaciones) r
       WHERE r.n > greatest(3, r.total / 2))`,
  );
  return Number(asignadas?.n ?? 0) + Number(casos?.n ?? 0) + avisos.tareas + avisos.plazos;
}
