import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { AsyncStorage } from '@tanstack/query-persist-client-core';
import type { CierrePendiente } from './salida.types';

/**
 * What the inspector's device keeps (docs/decisions/088), in one IndexedDB database:
 * - `consultas`: the persisted TanStack Query cache of each Inspector, under their username;
 * - `sesion`: who was signed in last ('ultima'), so a reload without network knows whose data to open.
 * - `salida` (version 2): the closes saved offline until the server confirms them (issue 43 item 3,
 *   lib/device/salida.ts), by their `clave`, each with its user's username: a logout, a 401 or another
 *   user's sign-in never clears it.
 */
export const DEVICE_DB = 'siniestros-dispositivo';
const VERSION = 2;
const LAST = 'ultima';

/** The last session's identity: enough to open the inspector's screens without the server. */
export type DeviceIdentity = { usr: string; rol: number; id_inspect: number | null; nombre?: string; apellido?: string };

interface DeviceSchema extends DBSchema {
  consultas: { key: string; value: string };
  sesion: { key: string; value: DeviceIdentity };
  salida: { key: string; value: CierrePendiente; indexes: { usr: string } };
}

let opening: Promise<IDBPDatabase<DeviceSchema>> | null = null;

export function database(): Promise<IDBPDatabase<DeviceSchema>> {
  opening ??= openDB<DeviceSchema>(DEVICE_DB, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('consultas');
        db.createObjectStore('sesion');
      }
      if (oldVersion < 2) db.createObjectStore('salida', { keyPath: 'clave' }).createIndex('usr', 'usr');
    },
    // Another tab opening a newer version: let it, and open again on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export async function readIdentity(): Promise<DeviceIdentity | null> {
  return (await (await database()).get('sesion', LAST)) ?? null;
}

export async function saveIdentity(identity: DeviceIdentity): Promise<void> {
  const { usr, rol, id_inspect, nombre, apellido } = identity;
  await (await database()).put('sesion', { usr, rol, id_inspect, nombre, apellido }, LAST);
}

/** One user's data and, when it is theirs, the last identity (a logout). */
export async function forgetUser(usr: string): Promise<void> {
  const db = await database();
  const tx = db.transaction(['consultas', 'sesion'], 'readwrite');
  await tx.objectStore('consultas').delete(usr);
  if ((await tx.objectStore('sesion').get(LAST))?.usr === usr) await tx.objectStore('sesion').delete(LAST);
  await tx.done;
}

/** Everything every user left on this device (a 401, or another user signing in). */
export async function forgetEveryone(): Promise<void> {
  const db = await database();
  const tx = db.transaction(['consultas', 'sesion'], 'readwrite');
  await Promise.all([tx.objectStore('consultas').clear(), tx.objectStore('sesion').clear(), tx.done]);
}

/** The usernames whose data is kept (tests, and a check that nobody else's is). */
export async function keptUsers(): Promise<string[]> {
  return (await (await database()).getAllKeys('consultas')).map(String);
}

/**
 * The persister's storage for one user: every key is that user's record, and once closed (their
 * logout) a write still waiting in the persister's throttle is dropped instead of landing after
 * the data was removed.
 */
export function userStorage(usr: string): AsyncStorage<string> & { close: () => void } {
  let isClosed = false;
  return {
    getItem: async () => (isClosed ? null : ((await (await database()).get('consultas', usr)) ?? null)),
    setItem: async (_key, value) => {
      const db = await database();
      // Checked after the wait: a put issued before the logout's delete is overwritten by it.
      if (!isClosed) await db.put('consultas', value, usr);
    },
    removeItem: async () => {
      await (await database()).delete('consultas', usr);
    },
    close: () => {
      isClosed = true;
    },
  };
}
