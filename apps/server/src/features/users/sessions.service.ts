import crypto from 'node:crypto';
import { deviceOf, USER_AGENT_MAX, type PagingQuery, type Rol, type SesionActiva, type SesionesPage } from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import { pageOffset, totalPages } from '../../shared/paging';
import { usersRepository } from './users.repository';

export type { CurrentUser };

/** How often the idle clock is written back (a write per request would be wasteful). */
const TOUCH_EVERY_MS = 60_000;

/** Where a session was opened from, shown to its user in 'Mi cuenta'. */
export type SessionOrigin = { ip?: string; userAgent?: string };

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService(db: Db, options: { lifetimeMs: number; idleMs: number; now?: () => Date }) {
  const now = options.now ?? (() => new Date());

  return {
    /** A new random token for the user; only its hash is stored. */
    async create(userId: number, tx: DbOrTx = db, origin: SessionOrigin = {}): Promise<{ token: string; expires: Date }> {
      const token = crypto.randomBytes(32).toString('base64url');
      const created = now();
      const expires = new Date(created.getTime() + options.lifetimeMs);
      await usersRepository.insertSession(tx, {
        id: hashToken(token),
        user_id: userId,
        creado: created,
        expira: expires,
        ultimo_uso: created,
        ip: origin.ip?.slice(0, 64) ?? null,
        user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      });
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
      if (!(await usersRepository.renameSession(db, user.sessionId, hashToken(token), now()))) return null;
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

    /** The user's live sessions, last used first, the one making the request marked (paged in SQL). */
    async listOf(user: CurrentUser, paging: PagingQuery): Promise<SesionesPage> {
      const current = now();
      const window = { now: current, idleSince: new Date(current.getTime() - options.idleMs) };
      const [rows, total] = await Promise.all([
        usersRepository.pageUserSessions(db, user.id, user.sessionId, window, paging.pageSize, pageOffset(paging)),
        usersRepository.countUserSessions(db, user.id, window),
      ]);
      const data = rows.map(
        (row): SesionActiva => ({
          id: row.ref,
          dispositivo: deviceOf(row.userAgent),
          ip: row.ip,
          creado: row.creado.toISOString(),
          ultimo_uso: row.ultimoUso.toISOString(),
          expira: row.expira.toISOString(),
          actual: Boolean(row.isCurrent),
        }),
      );
      return { data, totalPages: totalPages(total, paging.pageSize), total };
    },

    /** Ends one of the user's sessions by its public id; says whether it was the current one, or null if none. */
    async revokeOf(user: CurrentUser, ref: string, tx: DbOrTx = db): Promise<{ wasCurrent: boolean } | null> {
      const id = await usersRepository.deleteUserSession(tx, user.id, ref);
      return id === null ? null : { wasCurrent: id === user.sessionId };
    },

    purgeExpired() {
      return usersRepository.deleteExpiredSessions(db, now());
    },
  };
}
