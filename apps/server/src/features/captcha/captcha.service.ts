import crypto from 'node:crypto';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CappedMap, create } from 'altcha-lib/frameworks/fastify';
import type { Config } from '../../config';

/** A challenge is valid this long; used ones are remembered at least as long (no replays). */
const CHALLENGE_TTL_MS = 10 * 60_000;

export type CaptchaService = {
  enabled: boolean;
  challenge: () => Promise<unknown>;
  /** True when the payload solves a live challenge that was never used before. */
  verify: (payload: string | undefined) => Promise<boolean>;
};

/** ALTCHA: self-hosted proof of work, no third-party service (decision 001). */
export function createCaptchaService(config: Config): CaptchaService {
  if (config.CAPTCHA === 'off') {
    return { enabled: false, challenge: async () => ({ disabled: true }), verify: async () => true };
  }
  const hmacSignatureSecret = config.CAPTCHA_SECRET ?? crypto.randomBytes(32).toString('hex');
  const usedChallenges = new CappedMap<string, boolean>({ maxSize: 200_000 });
  const { verify } = create({ deriveKey, hmacSignatureSecret });
  return {
    enabled: true,
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: config.CAPTCHA_COST,
        counter: randomInt(Math.ceil(config.CAPTCHA_MAX_COUNTER / 3), config.CAPTCHA_MAX_COUNTER),
        deriveKey,
        hmacSignatureSecret,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),
    async verify(payload) {
      if (!payload) return false;
      const result = await verify(payload, deriveKey, hmacSignatureSecret, undefined, usedChallenges);
      return result.error === null;
    },
  };
}
