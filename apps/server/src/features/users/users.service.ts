import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  AUTH_MESSAGES,
  ROL,
  TOTP_MESSAGES,
  USER_MESSAGES,
  type LoginInput,
  type Rol,
  type TotpEnrolment,
  type UserCreate,
  type UserUpdate,
} from '@siniestros/domain';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../shared/errors';
import type { AuditService } from '../audit/audit.service';
import { changesBetween } from '../audit/audit.service';
import type { CaptchaService } from '../captcha/captcha.service';
import { referenceRepository } from '../reference/reference.repository';
import type { LoginGuard } from './login-throttle';
import type { CurrentUser, SessionsService } from './sessions.service';
import { newTotpSecret, totpStepOf, totpUri } from './totp';
import { usersRepository } from './users.repository';

/** argon2id, OWASP's recommended minimum (19 MiB, 2 iterations). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/**
 * Verified against when the username does not exist, so an unknown user and a wrong password
 * cost the same argon2 work and answer alike (ASVS 6.3.8: no username enumeration).
 */
let dummyHash: Promise<string> | undefined;

/** Who is signing in, from where (the audit log and the per-address throttle). */
export type LoginContext = { ip: string };

export type LoginResult = {
  usr: string;
  rol: Rol;
  id_inspect: number | null;
  token: string;
  expires: Date;
  /** ADMIN_REQUIRE_TOTP: an Admin without a second factor may only enrol one. */
  totpSetupRequired: boolean;
};

export type UsersService = ReturnType<typeof createUsersService>;

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

/** 401 that names the `totp` field, so the login form knows to ask for the code. */
const totpError = (message: string) => new AppError(401, message, 'totp', [{ path: 'totp', message }]);

export function createUsersService(deps: {
  db: Db;
  sessions: SessionsService;
  captcha: CaptchaService;
  guard: LoginGuard;
  audit: AuditService;
  now?: () => Date;
  /** ADMIN_REQUIRE_TOTP. */
  adminRequiresTotp?: boolean;
  /** Shown by authenticator apps next to the code (ORG_NAME). */
  totpIssuer?: string;
}) {
  const { db, sessions, captcha, guard, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const issuer = deps.totpIssuer ?? 'Siniestros';
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));

  async function inspectorIdFor(rol: number, idInspect: number | null | undefined, names: { nombre: string; apellido: string }, tx: DbOrTx) {
    if (rol !== ROL.INSPECTOR) return idInspect ?? null;
    if (idInspect) {
      if (!(await referenceRepository.findInspector(tx, idInspect))) throw badRequest(USER_MESSAGES.inspectorNotFound);
      return idInspect;
    }
    // An Inspector user without an inspector record gets one with the same name.
    const inspector = await referenceRepository.insertInspector(tx, names);
    return inspector.id;
  }

  /** Records a refused sign-in (never the password) and throws `error`. */
  async function refuse(username: string, context: LoginContext, detail: string, error: AppError): Promise<never> {
    await audit.record(db, { actor: username, action: AUDIT_ACTION.loginFailed, ip: context.ip, detail });
    throw error;
  }

  return {
    async login(input: LoginInput, context: LoginContext): Promise<LoginResult> {
      const { username } = input;
      if (guard.retryAfter(username, context.ip) > 0) {
        return refuse(username, context, 'throttled', tooManyRequests(AUTH_MESSAGES.tooManyAttempts));
      }
      if (captcha.enabled && !(await captcha.verify(input.captcha))) {
        guard.failedFrom(context.ip);
        return refuse(username, context, 'captcha', badRequest(AUTH_MESSAGES.captchaFailed, [{ path: 'captcha', message: AUTH_MESSAGES.captchaFailed }]));
      }

      const user = await usersRepository.findByUsername(db, username);
      const isValid = await verify(user?.passwordHash ?? (await dummyHash!), input.password).catch(() => false);
      if (!user || !isValid || !user.activo) {
        guard.failed(username, context.ip);
        const detail = !user ? 'unknown_user' : !isValid ? 'bad_password' : 'disabled_user';
        return refuse(username, context, detail, unauthorized(AUTH_MESSAGES.badCredentials));
      }

      if (user.totpSecret) {
        // Asked only after the password was right, so it tells nothing to someone guessing.
        if (!input.totp) return refuse(username, context, 'totp_missing', totpError(AUTH_MESSAGES.totpRequired));
        const step = totpStepOf(user.totpSecret, input.totp, now());
        if (step === null || !(await usersRepository.consumeTotpStep(db, user.id, step))) {
          guard.failed(username, context.ip);
          return refuse(username, context, step === null ? 'totp_invalid' : 'totp_reused', totpError(AUTH_MESSAGES.totpInvalid));
        }
      }

      guard.succeeded(username, context.ip);
      const { token, expires } = await sessions.create(user.id);
      await audit.record(db, { actor: user.username, action: AUDIT_ACTION.loginSucceeded, entity: AUDIT_ENTITY.usuario, entityId: user.id, ip: context.ip });
      const totpSetupRequired = Boolean(deps.adminRequiresTotp) && user.rol === ROL.ADMIN && !user.totpSecret;
      return { usr: user.username, rol: user.rol as Rol, id_inspect: user.idInspect, token, expires, totpSetupRequired };
    },

    list: () => usersRepository.list(db),

    async create(input: UserCreate, actor = 'sistema') {
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
          const created = (await usersRepository.findPublicById(tx, id))!;
          await audit.record(tx, {
            actor,
            action: AUDIT_ACTION.userCreated,
            entity: AUDIT_ENTITY.usuario,
            entityId: id,
            changes: changesBetween({}, { ...created, password: true }, ['apellido', 'nombre', 'username', 'rol', 'id_inspect', 'password']),
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.duplicate);
        throw error;
      }
    },

    /** Changing the password, the role or disabling a user ends their sessions (ASVS 7.4.3). */
    async update(id: number, input: UserUpdate, actor = 'sistema') {
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
          const updated = (await usersRepository.findPublicById(tx, id))!;
          await audit.record(tx, {
            actor,
            action: AUDIT_ACTION.userUpdated,
            entity: AUDIT_ENTITY.usuario,
            entityId: id,
            changes: changesBetween({ ...current, password: false }, { ...updated, password: passwordHash !== undefined }, [
              'apellido', 'nombre', 'username', 'rol', 'id_inspect', 'activo', 'password',
            ]),
          });
          return updated;
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.duplicate);
        throw error;
      }
    },

    /** An Admin ends every session of a user (a lost laptop, a leaving employee). */
    async revokeSessions(id: number, actor = 'sistema') {
      if (!(await usersRepository.findPublicById(db, id))) throw notFound(USER_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        await sessions.revokeAllOf(id, tx);
        await audit.record(tx, { actor, action: AUDIT_ACTION.sessionsRevoked, entity: AUDIT_ENTITY.usuario, entityId: id });
      });
    },

    /** Step 1 of enrolment: a new secret, kept pending until a code from it is typed. */
    async startTotp(user: CurrentUser): Promise<TotpEnrolment> {
      if (user.hasTotp) throw conflict(TOTP_MESSAGES.alreadyEnabled);
      const secret = newTotpSecret();
      await usersRepository.setTotpPending(db, user.id, secret);
      return { secret, otpauth_url: totpUri(secret, user.username, issuer), message: TOTP_MESSAGES.started };
    },

    /** Step 2: a valid code proves the app holds the secret; other sessions end. */
    async confirmTotp(user: CurrentUser, code: string, context: LoginContext) {
      const row = await usersRepository.findById(db, user.id);
      if (!row?.totpPendingSecret) throw conflict(TOTP_MESSAGES.notStarted);
      const step = totpStepOf(row.totpPendingSecret, code, now());
      if (step === null) throw badRequest(AUTH_MESSAGES.totpInvalid, [{ path: 'totp', message: AUTH_MESSAGES.totpInvalid }]);
      const secret = row.totpPendingSecret;
      await db.transaction(async (tx) => {
        await usersRepository.enableTotp(tx, user.id, secret, step);
        await sessions.revokeOthersOf(user, tx);
        await audit.record(tx, { actor: user.username, action: AUDIT_ACTION.totpEnabled, entity: AUDIT_ENTITY.usuario, entityId: user.id, ip: context.ip });
      });
    },

    /** The user turns the second factor off with a current code; other sessions end. */
    async disableTotp(user: CurrentUser, code: string, context: LoginContext) {
      if (deps.adminRequiresTotp && user.rol === ROL.ADMIN) throw conflict(TOTP_MESSAGES.mandatory);
      const row = await usersRepository.findById(db, user.id);
      if (!row?.totpSecret) throw conflict(TOTP_MESSAGES.notEnabled);
      const step = totpStepOf(row.totpSecret, code, now());
      if (step === null || !(await usersRepository.consumeTotpStep(db, user.id, step))) {
        throw badRequest(AUTH_MESSAGES.totpInvalid, [{ path: 'totp', message: AUTH_MESSAGES.totpInvalid }]);
      }
      await db.transaction(async (tx) => {
        await usersRepository.clearTotp(tx, user.id);
        await sessions.revokeOthersOf(user, tx);
        await audit.record(tx, { actor: user.username, action: AUDIT_ACTION.totpDisabled, entity: AUDIT_ENTITY.usuario, entityId: user.id, ip: context.ip });
      });
    },

    /** An Admin removes a user's second factor (lost phone); the user's sessions end. */
    async resetTotp(id: number, actor: string) {
      if (!(await usersRepository.findPublicById(db, id))) throw notFound(USER_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        await usersRepository.clearTotp(tx, id);
        await sessions.revokeAllOf(id, tx);
        await audit.record(tx, { actor, action: AUDIT_ACTION.totpReset, entity: AUDIT_ENTITY.usuario, entityId: id });
      });
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
