import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  adminReauthSchema,
  SESSION_MESSAGES,
  TOTP_MESSAGES,
  USER_MESSAGES,
  authUserResponse,
  idParam,
  loginResponse,
  loginSchema,
  messageResponse,
  pagingQuery,
  passwordChangeSchema,
  reauthPasswordSchema,
  sesionesPageResponse,
  sessionIdParam,
  sessionUserSchema,
  totpEnrolmentResponse,
  totpCodeSchema,
  totpDisableSchema,
  unlockConfirmSchema,
  unlockRequestSchema,
  userCreateSchema,
  userUpdateSchema,
  usuarioListResponse,
  usuarioSavedResponse,
} from '@siniestros/domain';
import { ADMIN_ONLY, ANY_ROLE, clearSessionCookie, readSessionToken, setSessionCookie, userOf } from '../../plugins/auth';
import type { Config } from '../../config';
import { unauthorized } from '../../shared/errors';
import { replies } from '../../shared/responses';
import { auditActorOf } from '../audit';
import type { SessionsService } from './sessions.service';
import type { UsersService } from './users.service';

/** Guessing a 6-digit code or the current password is throttled like a sign-in. */
const TOTP_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export function usersRoutes(app: FastifyInstance, deps: { users: UsersService; sessions: SessionsService; config: Config }) {
  const { users, sessions, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  const message = replies({ 200: messageResponse });

  r.post(
    '/users/login',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: loginSchema, summary: 'Sign in: sets the session cookie', response: replies({ 200: loginResponse }) },
    },
    async (request, reply) => {
      const result = await users.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      // A session token planted before sign-in never becomes valid (session fixation, ASVS 7.2.4).
      const previous = readSessionToken(request, config);
      if (previous) await sessions.revoke(previous);
      setSessionCookie(request, reply, config, result.token, result.expires);
      return { usr: result.usr, rol: result.rol, id_inspect: result.id_inspect, ...(result.totpSetupRequired ? { totp_setup_required: true } : {}) };
    },
  );

  // A stepped-up user's unlock link by e-mail (docs/decisions/079); 409 when SMTP_HOST or APP_URL is unset.
  r.post(
    '/users/desbloqueo',
    {
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags, body: unlockRequestSchema, summary: 'Send an unlock link by e-mail to a username with many failed sign-ins', response: message },
    },
    async (request) => {
      await users.requestUnlock(request.body.username, { ip: request.ip });
      return { message: AUTH_MESSAGES.unlockSent };
    },
  );
  r.post(
    '/users/desbloqueo/confirmar',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, body: unlockConfirmSchema, summary: "Follow an unlock link: the username's failures are forgotten", response: message },
    },
    async (request) => {
      await users.confirmUnlock(request.body.token, { ip: request.ip });
      return { message: AUTH_MESSAGES.unlocked };
    },
  );

  r.get('/users/auth', { config: { access: ANY_ROLE, totpSetup: true }, schema: { tags, summary: 'The signed-in user', response: replies({ 200: authUserResponse }) } }, async (request) => {
    const user = userOf(request);
    const analista = await users.analistaDe(user.id);
    return {
      usr: user.username,
      rol: user.rol,
      id_inspect: user.idInspect,
      nombre: user.nombre,
      apellido: user.apellido,
      totp: user.hasTotp,
      // REQUIRE_TOTP: this user's role must have a second factor (with `totp` false: enrol first).
      totp_required: config.totpRequiredRoles.includes(user.rol),
      id_analista: analista?.id ?? null,
    };
  });

  r.post('/users/refresh', { config: { access: ANY_ROLE, totpSetup: true }, schema: { tags, summary: 'Renew the session token (same absolute expiry)', response: replies({ 200: sessionUserSchema }) } }, async (request, reply) => {
    const user = userOf(request);
    const renewed = await sessions.rotate(user);
    if (!renewed) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    setSessionCookie(request, reply, config, renewed.token, renewed.expires);
    return { usr: user.username, rol: user.rol, id_inspect: user.idInspect };
  });

  r.post('/users/logout', { config: { access: 'public' }, schema: { tags, summary: 'Revoke the session', response: message } }, async (request, reply) => {
    const token = readSessionToken(request, config);
    if (token) await sessions.revoke(token);
    clearSessionCookie(reply);
    return { message: 'Sesión cerrada' };
  });

  // The signed-in user's second factor (TOTP, RFC 6238): the only routes, with the session ones,
  // of someone whose role must have one and has none (REQUIRE_TOTP, `totpSetup`).
  const ownTotp = { access: ANY_ROLE, totpSetup: true, rateLimit: TOTP_RATE_LIMIT };
  r.post(
    '/users/totp',
    {
      config: ownTotp,
      schema: { tags, summary: 'Start TOTP enrolment with the current password: a new secret and its otpauth:// URI', body: reauthPasswordSchema, response: replies({ 200: totpEnrolmentResponse }) },
    },
    (request) => users.startTotp(userOf(request), request.body.password, auditActorOf(request)),
  );
  r.post(
    '/users/totp/confirm',
    { config: ownTotp, schema: { tags, summary: 'Finish TOTP enrolment with a code from the app', body: totpCodeSchema, response: message } },
    async (request) => {
      await users.confirmTotp(userOf(request), request.body.totp, auditActorOf(request));
      return { message: TOTP_MESSAGES.enabled };
    },
  );
  r.post(
    '/users/totp/disable',
    {
      config: { access: ANY_ROLE, rateLimit: TOTP_RATE_LIMIT },
      schema: { tags, summary: 'Turn the second factor off with a current code (or, not for an Admin, the current password)', body: totpDisableSchema, response: message },
    },
    async (request) => {
      await users.disableTotp(userOf(request), request.body, auditActorOf(request));
      return { message: TOTP_MESSAGES.disabled };
    },
  );

  // 'Mi cuenta': the signed-in user's password and sessions (docs/decisions/028).
  const account = ['account'];
  r.post(
    '/users/password',
    {
      config: { access: ANY_ROLE, rateLimit: TOTP_RATE_LIMIT },
      schema: { tags: account, summary: 'Change one\'s own password with the current one; the other sessions end', body: passwordChangeSchema(), response: message },
    },
    async (request) => {
      await users.changePassword(userOf(request), request.body, auditActorOf(request));
      return { message: USER_MESSAGES.passwordUpdated };
    },
  );
  r.get(
    '/users/sessions',
    { config: { access: ANY_ROLE }, schema: { tags: account, summary: 'The signed-in user\'s live sessions, last used first', querystring: pagingQuery, response: replies({ 200: sesionesPageResponse }) } },
    (request) => users.listSessions(userOf(request), request.query),
  );
  r.delete(
    '/users/sessions/:id',
    { config: { access: ANY_ROLE }, schema: { tags: account, summary: 'End one of the signed-in user\'s sessions', params: sessionIdParam, response: message } },
    async (request, reply) => {
      const { wasCurrent } = await users.revokeOwnSession(userOf(request), request.params.id, auditActorOf(request));
      if (wasCurrent) clearSessionCookie(reply);
      return { message: SESSION_MESSAGES.revoked };
    },
  );

  const admin = { config: { access: ADMIN_ONLY } };
  r.get('/users', { ...admin, schema: { tags: ['users'], response: replies({ 200: usuarioListResponse }) } }, () => users.list());

  r.post('/users', { ...admin, schema: { tags: ['users'], body: userCreateSchema, response: replies({ 201: usuarioSavedResponse }) } }, async (request, reply) => {
    const user = await users.create(request.body, auditActorOf(request));
    return reply.status(201).send({ message: USER_MESSAGES.created, user });
  });

  r.patch('/users/:id', { ...admin, schema: { tags: ['users'], params: idParam, body: userUpdateSchema, response: replies({ 200: usuarioSavedResponse }) } }, async (request) => {
    const user = await users.update(request.params.id, request.body, auditActorOf(request), userOf(request));
    return { message: request.body.password ? USER_MESSAGES.passwordUpdated : USER_MESSAGES.updated, user };
  });

  r.post('/users/:id/sessions/revoke', { ...admin, schema: { tags: ['users'], params: idParam, body: z.strictObject({}).nullish(), response: message } }, async (request) => {
    await users.revokeSessions(request.params.id, auditActorOf(request));
    return { message: AUTH_MESSAGES.sessionsRevoked };
  });

  r.delete(
    '/users/:id/totp',
    {
      config: { access: ADMIN_ONLY, rateLimit: TOTP_RATE_LIMIT },
      schema: {
        tags: ['users'],
        summary: "Remove a user's second factor (lost phone), with the acting Admin's password or code",
        params: idParam,
        body: adminReauthSchema,
        response: message,
      },
    },
    async (request) => {
    await users.resetTotp(request.params.id, auditActorOf(request), userOf(request), request.body);
    return { message: TOTP_MESSAGES.reset };
    },
  );
}
