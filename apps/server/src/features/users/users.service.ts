import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AUTH_MESSAGES, ROL, USER_MESSAGES, type LoginInput, type Rol, type UserCreate, type UserUpdate } from '@siniestros/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../shared/errors';
import type { CaptchaService } from '../captcha/captcha.service';
import { referenceRepository } from '../reference/reference.repository';
import type { LoginThrottle } from './login-throttle';
import type { SessionsService } from './sessions.service';
import { usersRepository } from './users.repository';

/** argon2id, OWASP's recommended minimum (19 MiB, 2 iterations). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** Verified against when the username does not exist, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

export type LoginResult = { usr: string; rol: Rol; id_inspect: number | null; token: string; expires: Date };

export type UsersService = ReturnType<typeof createUsersService>;

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

export function createUsersService(deps: {
  db: Db;
  sessions: SessionsService;
  captcha: CaptchaService;
  throttle: LoginThrottle;
}) {
  const { db, sessions, captcha, throttle } = deps;

  async function inspectorIdFor(rol: number, idInspect: number | null | undefined, names: { nombre: string; apellido: string }, tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) {
    if (rol !== ROL.INSPECTOR) return idInspect ?? null;
    if (idInspect) {
      if (!(await referenceRepository.findInspector(tx, idInspect))) throw badRequest(USER_MESSAGES.inspectorNotFound);
      return idInspect;
    }
    // An Inspector user without an inspector record gets one with the same name.
    const inspector = await referenceRepository.insertInspector(tx, names);
    return inspector.id;
  }

  return {
    async login(input: LoginInput, address: string): Promise<LoginResult> {
      const userKey = `u:${input.username.toLowerCase()}`;
      const addressKey = `a:${address}`;
      const wait = Math.max(throttle.retryAfter(userKey), throttle.retryAfter(addressKey));
      if (wait > 0) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);

      if (captcha.enabled && !(await captcha.verify(input.captcha))) {
        throttle.fail(addressKey);
        throw badRequest(AUTH_MESSAGES.captchaFailed, [{ path: 'captcha', message: AUTH_MESSAGES.captchaFailed }]);
      }

      const user = await usersRepository.findByUsername(db, input.username);
      dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
      const isValid = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
      if (!user || !isValid || !user.activo) {
        throttle.fail(userKey);
        throttle.fail(addressKey);
        throw unauthorized(AUTH_MESSAGES.badCredentials);
      }
      throttle.reset(userKey);
      const { token, expires } = await sessions.create(user.id);
      return { usr: user.username, rol: user.rol as Rol, id_inspect: user.idInspect, token, expires };
    },

    list: () => usersRepository.list(db),

    async create(input: UserCreate) {
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const idInspect = await inspectorIdFor(input.rol, input.id_inspect, input, tx);
          const id = await usersRepository.insert(tx, {
            apellido: input.apellido,
            nombre: input.nombre,
            username: input.username,
            passwordHash,
            rol: input.rol,
            idInspect,
          });
          return (await usersRepository.findPublicById(tx, id))!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.duplicate);
        throw error;
      }
    },

    /** Changing the password, the role or disabling a user ends their sessions (ASVS 7.4.3). */
    async update(id: number, input: UserUpdate) {
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        return await db.transaction(async (tx) => {
          const current = await usersRepository.findPublicById(tx, id);
          if (!current) throw notFound(USER_MESSAGES.notFound);
          const rol = input.rol ?? current.rol;
          const names = { nombre: input.nombre ?? current.nombre, apellido: input.apellido ?? current.apellido };
          const idInspect = input.rol !== undefined || input.id_inspect !== undefined
            ? await inspectorIdFor(rol, input.id_inspect === undefined ? current.id_inspect : input.id_inspect, names, tx)
            : current.id_inspect;
          await usersRepository.update(tx, id, {
            apellido: input.apellido,
            nombre: input.nombre,
            username: input.username,
            rol: input.rol,
            idInspect,
            activo: input.activo,
            passwordHash,
          });
          if (rol === ROL.INSPECTOR && idInspect && (input.nombre || input.apellido)) {
            await referenceRepository.updateInspector(tx, idInspect, names);
          }
          const endsSessions = passwordHash !== undefined || input.activo === false || (input.rol !== undefined && input.rol !== current.rol);
          if (endsSessions) await sessions.revokeAllOf(id, tx);
          return (await usersRepository.findPublicById(tx, id))!;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.duplicate);
        throw error;
      }
    },

    async revokeSessions(id: number) {
      if (!(await usersRepository.findPublicById(db, id))) throw notFound(USER_MESSAGES.notFound);
      await sessions.revokeAllOf(id);
    },

    /** First start on an empty database: one Admin (DECISIONS.md). Returns the generated password, if any. */
    async ensureAdmin(username: string, password: string | undefined): Promise<string | null> {
      if ((await usersRepository.count(db)) > 0) return null;
      const chosen = password ?? crypto.randomBytes(12).toString('base64url');
      await usersRepository.insert(db, {
        apellido: 'Administrador',
        nombre: 'Admin',
        username,
        passwordHash: await hashPassword(chosen),
        rol: ROL.ADMIN,
      });
      return password ? null : chosen;
    },
  };
}
