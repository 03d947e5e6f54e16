import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, loginSchema, userCreateSchema, userUpdateSchema, USER_MESSAGES } from '@siniestros/domain';
import { ADMIN_ONLY, ANY_ROLE, clearSessionCookie, readSessionToken, setSessionCookie, userOf } from '../../plugins/auth';
import type { Config } from '../../config';
import { unauthorized } from '../../shared/errors';
import type { SessionsService } from './sessions.service';
import type { UsersService } from './users.service';

export function usersRoutes(app: FastifyInstance, deps: { users: UsersService; sessions: SessionsService; config: Config }) {
  const { users, sessions, config } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];

  r.post(
    '/users/login',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: loginSchema, summary: 'Sign in: sets the session cookie' },
    },
    async (request, reply) => {
      const result = await users.login(request.body, request.ip);
      setSessionCookie(request, reply, config, result.token, result.expires);
      return { usr: result.usr, rol: result.rol, id_inspect: result.id_inspect };
    },
  );

  r.get('/users/auth', { config: { access: ANY_ROLE }, schema: { tags, summary: 'The signed-in user' } }, async (request) => {
    const user = userOf(request);
    return { usr: user.username, rol: user.rol, id_inspect: user.idInspect, nombre: user.nombre, apellido: user.apellido };
  });

  r.post('/users/refresh', { config: { access: ANY_ROLE }, schema: { tags, summary: 'Renew the session token (same absolute expiry)' } }, async (request, reply) => {
    const user = userOf(request);
    const renewed = await sessions.rotate(user);
    if (!renewed) throw unauthorized('La sesión expiró');
    setSessionCookie(request, reply, config, renewed.token, renewed.expires);
    return { usr: user.username, rol: user.rol, id_inspect: user.idInspect };
  });

  r.post('/users/logout', { config: { access: 'public' }, schema: { tags, summary: 'Revoke the session' } }, async (request, reply) => {
    const token = readSessionToken(request);
    if (token) await sessions.revoke(token);
    clearSessionCookie(reply);
    return { message: 'Sesión cerrada' };
  });

  const admin = { config: { access: ADMIN_ONLY } };
  r.get('/users', { ...admin, schema: { tags: ['users'] } }, () => users.list());

  r.post('/users', { ...admin, schema: { tags: ['users'], body: userCreateSchema } }, async (request, reply) => {
    const user = await users.create(request.body);
    return reply.status(201).send({ message: USER_MESSAGES.created, user });
  });

  r.patch('/users/:id', { ...admin, schema: { tags: ['users'], params: idParam, body: userUpdateSchema } }, async (request) => {
    const user = await users.update(request.params.id, request.body);
    return { message: request.body.password ? USER_MESSAGES.passwordUpdated : USER_MESSAGES.updated, user };
  });

  r.post('/users/:id/sessions/revoke', { ...admin, schema: { tags: ['users'], params: idParam, body: z.strictObject({}).optional() } }, async (request) => {
    await users.revokeSessions(request.params.id);
    return { message: 'Sesiones cerradas' };
  });
}
