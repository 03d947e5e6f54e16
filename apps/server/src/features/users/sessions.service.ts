import crypto from 'node:crypto';
import type { Rol } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { usersRepository } from './users.repository';

export type CurrentUser = {
  id: number;
  sessionId: string;
  username: string;
  nombre: string;
  apellido: string;
  rol: Rol;
  idInspect: number | null;
  /** Has a confirmed TOTP second factor. */
  hasTotp: boolean;
};

/** How often the idle clock is written back (a write per request would be wasteful). */
const TOUCH_EVERY_MS = 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService(db: Db, options: { lifetimeMs: number; idleMs: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  return {
    /** A new random token for the user; only its hash is stored. */
    async create(userId: number, tx: DbOrTx = db): Promise<{ token: string; expires: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const created = now();
      const expires = new Date(created.getTime() + options.lifetimeMs);
      await usersRepository.insertSession(tx, { id: hashToken(token), userId, creado: created, expira: expires, ultimoUso: created });
      return { token, expires };
    },

    async resolve(token: string): Promise<CurrentUser | null> {
      if (token.length > 100) return null;
      const id = hashToken(token);
      const current = now();
      const row = await usersRepository.findSession(db, id, current);
      if (!row) return null;
      if (current.getTime() - row.ultimoUso.getTime() > options.idleMs) {
        await usersRepository.deleteSession(db, id);
        return null;
      }
      if (current.getTime() - row.ultimoUso.getTime() > TOUCH_EVERY_MS) {
        await usersRepository.touchSession(db, id, current);
      }
      return {
        id: row.id,
        sessionId: id,
        username: row.username,
        nombre: row.nombre,
        apellido: row.apellido,
        rol: row.rol as Rol,
        idInspect: row.idInspect,
        hasTotp: Boolean(row.hasTotp),
      };
    },

    /** Refresh: a new token for the same absolute lifetime (the 4 h never extend). */
    async rotate(user: CurrentUser): Promise<{ token: string; expires: Date } | null> {
      const row = await usersRepository.findSession(db, user.sessionId, now());
      if (!row) return null;
      const token = crypto.randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await usersRepository.deleteSession(tx, user.sessionId);
        await usersRepository.insertSession(tx, { id: hashToken(token), userId: user.id, creado: row.creado, expira: row.expira, ultimoUso: now() });
      });
      return { token, expires: row.expira };
    },

    revoke(token: string) {
      return usersRepository.deleteSession(db, hashToken(token));
    },

    revokeAllOf(userId: number, tx: DbOrTx = db) {
      return usersRepository.deleteUserSessions(tx, userId);
    },

    /** Ends every session of the user but the one making the request (ASVS 7.4.3). */
    revokeOthersOf(user: CurrentUser, tx: DbOrTx = db) {
      return usersRepository.deleteOtherSessions(tx, user.id, user.sessionId);
    },

    purgeExpired() {
      return usersRepository.deleteExpiredSessions(db, now());
    },
  };
}
