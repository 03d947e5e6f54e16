import type { FastifyInstance } from 'fastify';
import { captchaChallengeResponse } from '@siniestros/domain';
import { replies } from '../../shared/responses';
import type { CaptchaService } from './captcha.service';

export function captchaRoutes(app: FastifyInstance, captcha: CaptchaService) {
  app.get(
    '/captcha',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['session'], summary: 'ALTCHA challenge for the login form', response: replies({ 200: captchaChallengeResponse }) },
    },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await captcha.challenge()),
  );
}
