/**
 * The demo office's people besides its cases: one Inspector user per demo inspector and three
 * handlers (Users) with their diary of open tasks (issue 18), for `npm run seed:demo` and the
 * benchmark, so 'Mis tareas', the team's view and the Tablero have people and tasks at any size.
 */
import { ROL } from '@siniestros/domain';
import type { Database } from '../db/client';
import { DEMO_INSPECTORES } from '../demo/demo-data';
import { seedDemoTareas } from '../demo/demo-load';
import { hashPassword } from '../features/users';

export const DEFAULT_DEMO_PASSWORD = 'Demo-Siniestros-2026';

/** Three handlers (role User), so 'Mis tareas' and the team's view have people in them (issue 18). */
export const DEMO_HANDLERS = [
  { nombre: 'Martina', apellido: 'Ríos', username: 'martina@demo.local' },
  { nombre: 'Julián', apellido: 'Ferreyra', username: 'julian@demo.local' },
  { nombre: 'Sofía', apellido: 'Acosta', username: 'sofia@demo.local' },
] as const;

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const queryOf =
  (database: Database): Query =>
  async (text, params) =>
    database.kind === 'pglite'
      ? (await database.pglite!.query<Record<string, unknown>>(text, params)).rows
      : ((await database.pool!.query(text, params)).rows as Record<string, unknown>[]);

/** Adds the users that are missing (by username); returns the usernames created. */
export async function addDemoUsers(database: Database, password = DEFAULT_DEMO_PASSWORD): Promise<{ inspectores: string[]; handlers: string[] }> {
  const query = queryOf(database);
  const passwordHash = await hashPassword(password);
  const insert = async (user: { apellido: string; nombre: string; username: string; rol: number; idInspect?: number }) =>
    (
      await query(
        `INSERT INTO usuarios (apellido, nombre, username, password_hash, rol, id_inspect) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING id`,
        [user.apellido, user.nombre, user.username, passwordHash, user.rol, user.idInspect ?? null],
      )
    ).length > 0;

  const inspectores: string[] = [];
  const found = await query('SELECT id, nombre, apellido FROM inspectores');
  for (const [index, demo] of DEMO_INSPECTORES.entries()) {
    const record = found.find((row) => row.nombre === demo.nombre && row.apellido === demo.apellido);
    if (!record) continue;
    const username = `inspector${index + 1}@demo.local`;
    if (await insert({ apellido: demo.apellido, nombre: demo.nombre, username, rol: ROL.INSPECTOR, idInspect: Number(record.id) })) inspectores.push(username);
  }
  const handlers: string[] = [];
  for (const handler of DEMO_HANDLERS) {
    if (await insert({ ...handler, rol: ROL.USER })) handlers.push(handler.username);
  }
  return { inspectores, handlers };
}

/**
 * The demo's people and their open tasks, when the database has no task yet (a database the
 * benchmark reuses keeps its own). Returns the tasks written.
 */
export async function ensureDemoOffice(database: Database, options: { until?: string } = {}): Promise<number> {
  const [row] = await queryOf(database)('SELECT EXISTS (SELECT 1 FROM tareas) AS any');
  if (row?.any === true) return 0;
  await addDemoUsers(database);
  return seedDemoTareas(database, { until: options.until });
}
