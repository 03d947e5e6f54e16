import { solveChallengeWorkers } from 'altcha/lib';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { captchaChallengeResponse } from '@siniestros/domain';
import { api, qs } from '../../lib/api';

type SolvedCaptcha = { payload: string; expiresAt?: number };

/** ALTCHA's PBKDF2 and SHA challenges (the server asks for PBKDF2/SHA-256, captcha.service); its Argon2id and scrypt workers are not bundled. */
function createWorker(algorithm: string): Worker {
  if (/^PBKDF2\/SHA-(256|384|512)$/.test(algorithm)) return new Pbkdf2Worker();
  if (/^SHA-(256|384|512)$/.test(algorithm)) return new ShaWorker();
  throw new Error(`ALTCHA: algorithm ${algorithm} not supported`);
}

/**
 * ALTCHA's proof of work (decision 001) as its widget does it: the server's challenge solved in
 * workers, sent back with the solution as base64 JSON. Null when aborted. With `usuario`, the
 * harder challenge issued for a username with many failed sign-ins (docs/decisions/079).
 */
export async function solveCaptcha(controller: AbortController, usuario?: string): Promise<SolvedCaptcha | null> {
  const challenge = await api.get(captchaChallengeResponse, `/captcha${qs({ usuario })}`);
  if ('disabled' in challenge) throw new Error('ALTCHA: the server has the captcha off');
  if (controller.signal.aborted) return null;
  const solution = await solveChallengeWorkers({
    challenge,
    controller,
    createWorker,
    concurrency: navigator.hardwareConcurrency || 2,
  });
  if (!solution) return null;
  const payload = btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
  return { payload, expiresAt: challenge.parameters.expiresAt };
}
