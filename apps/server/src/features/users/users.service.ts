import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import {
  ANALISTA_MESSAGES,
  AUDIT_ACTION,
  AUDIT_ENTITY,
  AUTH_MESSAGES,
  ROL,
  SESSION_MESSAGES,
  TOTP_MESSAGES,
  USER_MESSAGES,
  passwordProblem,
  type LoginInput,
  type AdminReauth,
  type PagingQuery,
  type PasswordChange,
  type Rol,
  type TotpDisable,
  type TotpEnrolment,
  type UserCreate,
  type UserUpdate,
} from '@siniestros/domain';
import { ADVISORY_LOCK } from '../../db/locks';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../shared/errors';
import { isUniqueViolation } from '../../shared/pg-errors';
import { changesBetween, SYSTEM_ACTOR, type AuditActor, type AuditService } from '../audit';
import type { CaptchaProof, CaptchaService } from '../captcha';
import type { Mailer } from '../notificaciones';
import { analistaRecords, inspectorRecords } from '../reference';
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

/** Who is signing in, from where (the audit log, the per-address throttle, the session's device). */
export type LoginContext = { ip: string; userAgent?: string };

export type LoginResult = {
  usr: string;
  rol: Rol;
  id_inspect: number | null;
  token: string;
  expires: Date;
  /** REQUIRE_TOTP: a user whose role must have a second factor and has none may only enrol one. */
  totpSetupRequired: boolean;
};

export type UsersService = ReturnType<typeof createUsersService>;

/** 401 that names the `totp` field, so the login form knows to ask for the code. */
const totpError = (message: string) => new AppError(401, message, 'totp', [{ path: 'totp', message }]);

/** 400 on one field of the form. */
const fieldError = (path: string, message: string) => badRequest(message, [{ path, message }]);

const isSameUser = (username: string, actor: AuditActor) => username.toLowerCase() === actor.actor.toLowerCase();

/** Only a User has an offer limit: an Admin approves any offer, an Inspector makes none (docs/decisions/081). */
const limiteFor = (rol: number, limite: string | null | undefined) => (rol === ROL.USER ? (limite ?? null) : null);

/** A username as the throttles and the captcha's step-up name it. */
const normalized = (username: string) => username.trim().toLowerCase();

/** The most failures past the limit the delay grows with (docs/decisions/079). */
const STEP_UP_DELAY_STEPS = 10;

/** An unlock link works this long, and a username gets at most one e-mail this often (docs/decisions/079). */
const UNLOCK_TTL_MS = 30 * 60_000;
const UNLOCK_EVERY_MS = 5 * 60_000;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The step-up's settings (LOGIN_STEP_UP_*, docs/decisions/079). */
export type StepUpOptions = { maxFactor: number; delayMs: number };

export function createUsersService(deps: {
  db: Db;
  sessions: SessionsService;
  captcha: CaptchaService;
  guard: LoginGuard;
  audit: AuditService;
  now?: () => Date;
  /** REQUIRE_TOTP: the roles that must have a second factor. */
  totpRequiredRoles?: readonly Rol[];
  /** Shown by authenticator apps next to the code (ORG_NAME). */
  totpIssuer?: string;
  stepUp?: StepUpOptions;
  /** Unlock links by e-mail: both set (SMTP_HOST, APP_URL), or no unlock by e-mail. */
  unlockMail?: { mailer: Mailer; appUrl: string; org: string };
  log?: { warn: (object: object, message: string) => void };
}) {
  const { db, sessions, captcha, guard, audit } = deps;
  const now = deps.now ?? (() => new Date());
  const issuer = deps.totpIssuer ?? 'Siniestros';
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  const mustHaveTotp = (rol: number) => (deps.totpRequiredRoles ?? []).includes(rol as Rol);
  const stepUpOptions = deps.stepUp ?? { maxFactor: 16, delayMs: 1000 };

  /** How many times the ordinary captcha a username at this step-up level must solve: 2, 4, 8… up to the top. */
  const captchaFactor = (level: number) => (level <= 0 ? 1 : Math.min(2 ** level, stepUpOptions.maxFactor));

  /**
   * A stepped-up username needs a challenge issued for it at the current cost; one step behind is
   * accepted, so the owner is not sent back because someone failed again while they solved theirs.
   */
  const meetsStepUp = (proof: CaptchaProof, username: string, level: number) =>
    proof.usuario === normalized(username) && proof.factor * 2 >= captchaFactor(level);

  /** The one password rule of the domain, on the server too (a body may not carry the username). */
  function assertPasswordAllowed(password: string, username: string) {
    const problem = passwordProblem(password, username);
    if (problem) throw fieldError('password', problem);
  }

  /**
   * Asks the signed-in user's current password again (ASVS 6.2.3, 7.5.1). Wrong answers count
   * like failed sign-ins (docs/decisions/020), so a stolen session cannot guess it quickly.
   */
  async function reauthenticate(user: CurrentUser, password: string, who: AuditActor, field: string) {
    if ((await guard.reauthRetryAfter(user.id)) > 0) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    const row = await usersRepository.findById(db, user.id);
    const isValid = row ? await verify(row.password_hash, password).catch(() => false) : false;
    if (!row || !isValid) {
      await reauthFailed(user, who, 'bad_password');
      throw fieldError(field, USER_MESSAGES.passwordCurrentWrong);
    }
    return row;
  }

  /** A wrong current password or code inside a session: counted for that user (whatever the address) and audited. */
  async function reauthFailed(user: CurrentUser, who: AuditActor, detail: string) {
    await guard.reauthFailed(user.id, who.ip ?? '');
    await audit.record(db, { ...who, action: AUDIT_ACTION.reauthFailed, entity: AUDIT_ENTITY.usuario, entityId: user.id, detail });
  }

  /**
   * A current code of the user's factor, accepted once (ASVS 6.5.1). Wrong ones count per account
   * like a wrong current password, so rotating addresses does not buy more guesses.
   */
  async function checkTotp(user: CurrentUser, secret: string, code: string, who: AuditActor, field = 'totp') {
    if ((await guard.reauthRetryAfter(user.id)) > 0) throw tooManyRequests(AUTH_MESSAGES.tooManyAttempts);
    const step = totpStepOf(secret, code, now());
    if (step === null || !(await usersRepository.consumeTotpStep(db, user.id, step))) {
      await reauthFailed(user, who, step === null ? 'bad_code' : 'code_reused');
      throw fieldError(field, AUTH_MESSAGES.totpInvalid);
    }
  }

  /**
   * The acting Admin proves it is them before taking over someone else's sign-in (setting their
   * password, removing their second factor): their current password or a current code.
   */
  async function reauthenticateAdmin(actor: CurrentUser, input: AdminReauth, who: AuditActor) {
    if (input.totp_admin !== undefined) {
      const row = await usersRepository.findById(db, actor.id);
      if (!row?.totp_secret) throw fieldError('totp_admin', TOTP_MESSAGES.notEnabled);
      await checkTotp(actor, row.totp_secret, input.totp_admin, who, 'totp_admin');
    } else if (input.password_admin !== undefined) {
      await reauthenticate(actor, input.password_admin, who, 'password_admin');
    } else {
      throw fieldError('password_admin', USER_MESSAGES.adminReauthRequired);
    }
  }

  /** The last active Admin cannot be disabled or given another role: nobody could administer the users. */
  async function assertNotLastAdmin(tx: DbOrTx, current: { id: number; rol: number; activo: boolean }, input: UserUpdate) {
    if (current.rol !== ROL.ADMIN || !current.activo) return;
    const losesAdmin = input.activo === false || (input.rol !== undefined && input.rol !== ROL.ADMIN);
    if (!losesAdmin) return;
    const admins = await usersRepository.lockActiveAdmins(tx, ROL.ADMIN);
    if (!admins.some((id) => id !== current.id)) throw conflict(USER_MESSAGES.lastAdmin);
  }

  async function inspectorIdFor(
    rol: number,
    idInspect: number | null | undefined,
    names: { nombre: string; apellido: string },
    tx: DbOrTx,
  ) {
    if (idInspect) {
      if (!(await inspectorRecords.find(tx, idInspect))) throw badRequest(USER_MESSAGES.inspectorNotFound);
      return idInspect;
    }
    if (rol !== ROL.INSPECTOR) return null;
    // An Inspector user without an inspector record gets one with the same name.
    const inspector = await inspectorRecords.insert(tx, names);
    return inspector.id;
  }

  /**
   * The analyst this user is (docs/decisions/083): `idAnalista` an existing one (null: none,
   * undefined: unchanged), or `nuevo` a new one with their name. An Inspector is no analyst.
   */
  async function linkAnalistaOf(
    tx: DbOrTx,
    idUsuario: number,
    rol: number,
    choice: { id_analista?: number | null; nuevo_analista?: boolean },
    names: { nombre: string; apellido: string },
  ) {
    const current = await analistaRecords.ofUsuario(tx, idUsuario);
    if (rol === ROL.INSPECTOR) {
      if (choice.id_analista || choice.nuevo_analista) throw fieldError('id_analista', ANALISTA_MESSAGES.usuarioNoPuede);
      if (current) await analistaRecords.link(tx, current.id, null);
      return;
    }
    const idAnalista = choice.nuevo_analista ? (await analistaRecords.insert(tx, names)).id : choice.id_analista;
    if (idAnalista === undefined || idAnalista === current?.id) return;
    if (current) await analistaRecords.link(tx, current.id, null);
    if (idAnalista !== null) await analistaRecords.link(tx, idAnalista, idUsuario);
  }

  /** Records a refused sign-in (never the password) and throws `error`. */
  async function refuse(username: string, context: LoginContext, detail: string, error: AppError): Promise<never> {
    await audit.record(db, { actor: username, action: AUDIT_ACTION.loginFailed, ip: context.ip, detail });
    throw error;
  }

  return {
    async login(input: LoginInput, context: LoginContext): Promise<LoginResult> {
      const { username } = input;
      // The proof of work comes first and a wrong one charges no counter: junk costs its sender
      // nothing, so counting it would let anyone hold an address (a whole office's NAT) back for free.
      const proof = captcha.enabled ? await captcha.verify(input.captcha) : { factor: 1 };
      if (!proof) {
        return refuse(
          username,
          context,
          'captcha',
          badRequest(AUTH_MESSAGES.captchaFailed, [{ path: 'captcha', message: AUTH_MESSAGES.captchaFailed }]),
        );
      }
      const hold = await guard.hold(username, context.ip);
      if (hold.retryAfterMs > 0) {
        return refuse(username, context, 'throttled', tooManyRequests(AUTH_MESSAGES.tooManyAttempts));
      }
      // Failures against this username past the limit slow every attempt on it, the owner's too,
      // but never refuse the right password (docs/decisions/079): a captcha issued for the username
      // at a higher cost, then a wait that holds no thread.
      if (hold.stepUp > 0) {
        if (captcha.enabled && !meetsStepUp(proof, username, hold.stepUp)) {
          return refuse(
            username,
            context,
            'step_up',
            badRequest(AUTH_MESSAGES.captchaStepUp, [{ path: 'captcha', message: AUTH_MESSAGES.captchaStepUp }]),
          );
        }
        await sleep(Math.min(hold.stepUp, STEP_UP_DELAY_STEPS) * stepUpOptions.delayMs);
      }

      const user = await usersRepository.findByUsername(db, username);
      const isValid = await verify(user?.password_hash ?? (await dummyHash!), input.password).catch(() => false);
      if (!user || !isValid || !user.activo) {
        await guard.failed(username, context.ip);
        const detail = !user ? 'unknown_user' : !isValid ? 'bad_password' : 'disabled_user';
        return refuse(username, context, detail, unauthorized(AUTH_MESSAGES.badCredentials));
      }

      if (user.totp_secret) {
        // Asked only after the password was right, so it tells nothing to someone guessing.
        if (!input.totp) return refuse(username, context, 'totp_missing', totpError(AUTH_MESSAGES.totpRequired));
        const step = totpStepOf(user.totp_secret, input.totp, now());
        if (step === null || !(await usersRepository.consumeTotpStep(db, user.id, step))) {
          await guard.failed(username, context.ip);
          return refuse(username, context, step === null ? 'totp_invalid' : 'totp_reused', totpError(AUTH_MESSAGES.totpInvalid));
        }
      }

      await guard.succeeded(username, context.ip);
      const { token, expires } = await sessions.create(user.id, db, context);
      await audit.record(db, {
        actor: user.username,
        action: AUDIT_ACTION.loginSucceeded,
        entity: AUDIT_ENTITY.usuario,
        entityId: user.id,
        ip: context.ip,
      });
      const totpSetupRequired = mustHaveTotp(user.rol) && !user.totp_secret;
      return { usr: user.username, rol: user.rol as Rol, id_inspect: user.id_inspect, token, expires, totpSetupRequired };
    },

    /** Whether a stepped-up user may ask for an unlock link by e-mail. */
    unlockByMail: deps.unlockMail !== undefined,

    /**
     * Sends an unlock link to a username (an e-mail address) whose sign-in is stepped up: a random
     * token, kept only as its SHA-256, single use, 30 minutes; one e-mail per username every 5
     * minutes. Answers alike whether or not anything was sent (ASVS 6.3.8).
     */
    async requestUnlock(username: string, context: LoginContext) {
      const unlockMail = deps.unlockMail;
      if (!unlockMail) throw conflict(AUTH_MESSAGES.unlockUnavailable);
      const usuario = normalized(username);
      const at = now();
      const user = await usersRepository.findByUsername(db, usuario);
      if (!user?.activo || (await guard.stepUpOf(usuario)) === 0) return;
      if (await usersRepository.lastUnlockSince(db, usuario, new Date(at.getTime() - UNLOCK_EVERY_MS))) return;
      const token = crypto.randomBytes(32).toString('base64url');
      await usersRepository.insertUnlock(db, { hash: sha256(token), usuario, creado: at, vence: new Date(at.getTime() + UNLOCK_TTL_MS) });
      await audit.record(db, { actor: user.username, action: AUDIT_ACTION.unlockRequested, entity: AUDIT_ENTITY.usuario, entityId: user.id, ip: context.ip });
      const link = `${unlockMail.appUrl.replace(/\/+$/, '')}/desbloquear#${token}`;
      try {
        await unlockMail.mailer.send({
          to: user.username,
          subject: `${unlockMail.org}: desbloquear su usuario`,
          text: [
            `Hubo varios intentos fallidos de iniciar sesión con su usuario (${user.username}).`,
            'Si fue usted y quiere ingresar sin esperar, abra este enlace desde el equipo con el que inicia sesión:',
            '',
            link,
            '',
            'El enlace sirve una sola vez y vence en 30 minutos. Si no fue usted, no lo abra y avise al administrador: nadie puede ingresar sin su contraseña.',
          ].join('\n'),
        });
      } catch (error) {
        deps.log?.warn({ err: error }, 'unlock e-mail not sent');
      }
    },

    /** Follows an unlock link: the username's failures are forgotten and this address becomes one it is known at. */
    async confirmUnlock(token: string, context: LoginContext) {
      const usuario = await usersRepository.consumeUnlock(db, sha256(token), now());
      if (!usuario) throw badRequest(AUTH_MESSAGES.unlockInvalid, [{ path: 'token', message: AUTH_MESSAGES.unlockInvalid }]);
      await guard.unlocked(usuario, context.ip);
      const user = await usersRepository.findByUsername(db, usuario);
      await audit.record(db, { actor: usuario, action: AUDIT_ACTION.unlocked, entity: AUDIT_ENTITY.usuario, entityId: user?.id, ip: context.ip });
    },

    /** The captcha the login form must solve for this username (docs/decisions/079). */
    async captchaFor(username: string) {
      const level = await guard.stepUpOf(username);
      return captcha.challenge({ usuario: normalized(username), factor: captchaFactor(level) });
    },

    list: () => usersRepository.list(db),

    /** The analyst the user is, if any (docs/decisions/083). */
    analistaDe: (idUsuario: number) => analistaRecords.ofUsuario(db, idUsuario),

    async create(input: UserCreate, who: AuditActor = SYSTEM_ACTOR) {
      assertPasswordAllowed(input.password, input.username);
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const idInspect = await inspectorIdFor(input.rol, input.id_inspect, { nombre: input.nombre, apellido: input.apellido }, tx);
          const id = await usersRepository.insert(tx, {
            apellido: input.apellido,
            nombre: input.nombre,
            username: input.username,
            password_hash: passwordHash,
            rol: input.rol,
            id_inspect: idInspect,
            limite_ofrecimiento: limiteFor(input.rol, input.limite_ofrecimiento),
          });
          await linkAnalistaOf(tx, id, input.rol, input, { nombre: input.nombre, apellido: input.apellido });
          const created = (await usersRepository.findPublicById(tx, id))!;
          await audit.record(tx, {
            ...who,
            action: AUDIT_ACTION.userCreated,
            entity: AUDIT_ENTITY.usuario,
            entityId: id,
            changes: changesBetween({}, { ...created, password: true }, [
              'apellido',
              'nombre',
              'username',
              'rol',
              'id_inspect',
              'limite_ofrecimiento',
              'id_analista',
              'password',
            ]),
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.duplicate);
        throw error;
      }
    },

    /**
     * Changing the password, the role or disabling a user ends their sessions (ASVS 7.4.3). An
     * Admin's own password is changed in 'Mi cuenta', with the current one (ASVS 6.2.3).
     */
    async update(id: number, input: UserUpdate, who: AuditActor = SYSTEM_ACTOR, actor?: CurrentUser) {
      if (input.password !== undefined) {
        const target = await usersRepository.findPublicById(db, id);
        if (!target) throw notFound(USER_MESSAGES.notFound);
        if (isSameUser(target.username, who)) throw fieldError('password', USER_MESSAGES.ownPasswordInAccount);
        assertPasswordAllowed(input.password, input.username ?? target.username);
        // Setting someone's password is taking over their account: the acting Admin proves it is them.
        if (actor) await reauthenticateAdmin(actor, input, who);
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        return await db.transaction(async (tx) => {
          const current = await usersRepository.findPublicById(tx, id);
          if (!current) throw notFound(USER_MESSAGES.notFound);
          await assertNotLastAdmin(tx, current, input);
          const rol = input.rol ?? current.rol;
          const names = { nombre: input.nombre ?? current.nombre, apellido: input.apellido ?? current.apellido };
          const idInspect =
            input.rol !== undefined || input.id_inspect !== undefined
              ? await inspectorIdFor(rol, input.id_inspect === undefined ? current.id_inspect : input.id_inspect, names, tx)
              : current.id_inspect;
          await usersRepository.update(tx, id, {
            apellido: input.apellido,
            nombre: input.nombre,
            username: input.username,
            rol: input.rol,
            id_inspect: idInspect,
            limite_ofrecimiento:
              input.rol !== undefined || input.limite_ofrecimiento !== undefined
                ? limiteFor(rol, input.limite_ofrecimiento === undefined ? current.limite_ofrecimiento : input.limite_ofrecimiento)
                : undefined,
            activo: input.activo,
            password_hash: passwordHash,
          });
          if (input.id_analista !== undefined || input.rol !== undefined) await linkAnalistaOf(tx, id, rol, input, names);
          if (rol === ROL.INSPECTOR && idInspect && (input.nombre || input.apellido)) {
            await inspectorRecords.update(tx, idInspect, names);
          }
          const endsSessions =
            passwordHash !== undefined || input.activo === false || (input.rol !== undefined && input.rol !== current.rol);
          if (endsSessions) await sessions.revokeAllOf(id, tx);
          const updated = (await usersRepository.findPublicById(tx, id))!;
          await audit.record(tx, {
            ...who,
            action: AUDIT_ACTION.userUpdated,
            entity: AUDIT_ENTITY.usuario,
            entityId: id,
            changes: changesBetween({ ...current, password: false }, { ...updated, password: passwordHash !== undefined }, [
              'apellido',
              'nombre',
              'username',
              'rol',
              'id_inspect',
              'limite_ofrecimiento',
              'id_analista',
              'activo',
              'password',
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
    async revokeSessions(id: number, who: AuditActor = SYSTEM_ACTOR) {
      if (!(await usersRepository.findPublicById(db, id))) throw notFound(USER_MESSAGES.notFound);
      await db.transaction(async (tx) => {
        await sessions.revokeAllOf(id, tx);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.sessionsRevoked, entity: AUDIT_ENTITY.usuario, entityId: id });
      });
    },

    /**
     * The signed-in user changes their own password: the current one first (ASVS 6.2.3), then the
     * domain's rule; their other sessions end, this one stays (ASVS 7.4.3).
     */
    async changePassword(user: CurrentUser, input: PasswordChange, who: AuditActor) {
      const row = await reauthenticate(user, input.password_actual, who, 'password_actual');
      assertPasswordAllowed(input.password, user.username);
      if (await verify(row.password_hash, input.password).catch(() => false))
        throw fieldError('password', USER_MESSAGES.passwordSameAsCurrent);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await usersRepository.update(tx, user.id, { password_hash: passwordHash });
        await sessions.revokeOthersOf(user, tx);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.passwordChanged,
          entity: AUDIT_ENTITY.usuario,
          entityId: user.id,
          changes: changesBetween({ password: false }, { password: true }),
        });
      });
    },

    /** The signed-in user's live sessions ('Mi cuenta'). */
    listSessions: (user: CurrentUser, paging: PagingQuery) => sessions.listOf(user, paging),

    /** The signed-in user ends one of their sessions (this one too: then it is a sign-out). */
    async revokeOwnSession(user: CurrentUser, ref: string, who: AuditActor): Promise<{ wasCurrent: boolean }> {
      return db.transaction(async (tx) => {
        const revoked = await sessions.revokeOf(user, ref, tx);
        if (!revoked) throw notFound(SESSION_MESSAGES.notFound);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.sessionRevoked,
          entity: AUDIT_ENTITY.usuario,
          entityId: user.id,
          detail: revoked.wasCurrent ? 'current' : 'other',
        });
        return revoked;
      });
    },

    /** Step 1 of enrolment, after the current password (ASVS 7.5.1): a new secret, kept pending until a code from it is typed. */
    async startTotp(user: CurrentUser, password: string, who: AuditActor): Promise<TotpEnrolment> {
      if (user.hasTotp) throw conflict(TOTP_MESSAGES.alreadyEnabled);
      await reauthenticate(user, password, who, 'password');
      const secret = newTotpSecret();
      await usersRepository.setTotpPending(db, user.id, secret);
      return { secret, otpauth_url: totpUri(secret, user.username, issuer), message: TOTP_MESSAGES.started };
    },

    /** Step 2: a valid code proves the app holds the secret; other sessions end. */
    async confirmTotp(user: CurrentUser, code: string, who: AuditActor) {
      const row = await usersRepository.findById(db, user.id);
      if (!row?.totp_pending_secret) throw conflict(TOTP_MESSAGES.notStarted);
      const step = totpStepOf(row.totp_pending_secret, code, now());
      if (step === null) throw badRequest(AUTH_MESSAGES.totpInvalid, [{ path: 'totp', message: AUTH_MESSAGES.totpInvalid }]);
      const secret = row.totp_pending_secret;
      await db.transaction(async (tx) => {
        await usersRepository.enableTotp(tx, user.id, secret, step);
        await sessions.revokeOthersOf(user, tx);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.totpEnabled, entity: AUDIT_ENTITY.usuario, entityId: user.id });
      });
    },

    /**
     * The user turns the second factor off with a current code or the current password (ASVS
     * 7.5.1); an Admin only with a code. Refused while their role must have one. Other sessions end.
     */
    async disableTotp(user: CurrentUser, input: TotpDisable, who: AuditActor) {
      if (mustHaveTotp(user.rol)) throw conflict(TOTP_MESSAGES.mandatory);
      const row = await usersRepository.findById(db, user.id);
      if (!row?.totp_secret) throw conflict(TOTP_MESSAGES.notEnabled);
      if (input.totp !== undefined) await checkTotp(user, row.totp_secret, input.totp, who);
      else if (user.rol === ROL.ADMIN) throw fieldError('totp', TOTP_MESSAGES.adminCodeRequired);
      else await reauthenticate(user, input.password ?? '', who, 'password');
      await db.transaction(async (tx) => {
        await usersRepository.clearTotp(tx, user.id);
        await sessions.revokeOthersOf(user, tx);
        await audit.record(tx, {
          ...who,
          action: AUDIT_ACTION.totpDisabled,
          entity: AUDIT_ENTITY.usuario,
          entityId: user.id,
          detail: input.totp !== undefined ? 'code' : 'password',
        });
      });
    },

    /**
     * An Admin removes a user's second factor (lost phone); the user's sessions end. Not their own:
     * that is 'Mi cuenta', with a code.
     */
    async resetTotp(id: number, who: AuditActor, actor: CurrentUser, confirmation: AdminReauth) {
      const target = await usersRepository.findPublicById(db, id);
      if (!target) throw notFound(USER_MESSAGES.notFound);
      if (isSameUser(target.username, who)) throw conflict(TOTP_MESSAGES.ownInAccount);
      await reauthenticateAdmin(actor, confirmation, who);
      await db.transaction(async (tx) => {
        await usersRepository.clearTotp(tx, id);
        await sessions.revokeAllOf(id, tx);
        await audit.record(tx, { ...who, action: AUDIT_ACTION.totpReset, entity: AUDIT_ENTITY.usuario, entityId: id });
      });
    },

    /** First start on an empty database: one Admin (decision 000). Returns the generated password, if any. */
    /**
     * The office's Admin: created at start whenever no active Admin exists — on a fresh database,
     * and on one the demo seed filled with Inspector users only — under `username`, with
     * `password` or a generated one (returned, for main.ts to print once). Several nodes starting
     * at once create one. A chosen password must pass the password rule; a username already held
     * by a non-Admin is refused rather than promoted.
     */
    async ensureAdmin(username: string, password: string | undefined): Promise<string | null> {
      if (password !== undefined) {
        const problem = passwordProblem(password, username);
        if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
      }
      const chosen = password ?? crypto.randomBytes(12).toString('base64url');
      const passwordHash = await hashPassword(chosen);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.ENSURE_ADMIN})`);
        if ((await usersRepository.lockActiveAdmins(tx, ROL.ADMIN)).length > 0) return null;
        if (await usersRepository.findByUsername(tx, username))
          throw new Error(
            `ADMIN_USERNAME: ${username} exists and is not an active Admin; choose another ADMIN_USERNAME to create the Admin`,
          );
        await usersRepository.insert(tx, { apellido: 'Administrador', nombre: 'Admin', username, password_hash: passwordHash, rol: ROL.ADMIN });
        return password ? null : chosen;
      });
    },
  };
}
