import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaChallengeResponse, captchaQuery } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import type { CaptchaService } from './captcha.service';

/** `challengeFor`: the challenge of a username under attack (docs/decisions/079). */
export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService, challengeFor: (username: string) => Promise<unknown>) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/captcha',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['session'],
        summary: 'ALTCHA challenge for the login form; with `usuario`, as hard as that username\'s failed sign-ins require',
        querystring: captchaQuery,
        response: replies({ 200: captchaChallengeResponse }),
      },
    },
    async (request, reply) => {
      const { usuario } = request.query;
      const challenge = usuario && captcha.enabled ? await challengeFor(usuario) : await captcha.challenge();
      return reply.header('Cache-Control', 'no-store').send(challenge as never);
    },
  );
}
