import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { create } from 'altcha-lib/frameworks/fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

/** A challenge is valid this long; used ones are remembered at least as long (no replays). */
const CHALLENGE_TTL_MS = 10 * 60_000;
/** Where the generated secret is kept when CAPTCHA_SECRET is not set (table ajustes_nodos). */
const SECRET_KEY = 'captcha_secret';
/** Every this many uses, expired ones are deleted. */
const PRUNE_EVERY = 200;

/**
 * A challenge for one username (the step-up of docs/decisions/079): its cost is multiplied by
 * `factor` and the username is signed into it, so it cannot be solved once and used for another.
 */
export type ChallengeFor = { usuario: string; factor: number };

/** What a solved challenge proves: the username it was issued for (if any) and its cost factor. */
export type CaptchaProof = { usuario?: string; factor: number };

export type CaptchaService = {
  enabled: boolean;
  challenge: (forUser?: ChallengeFor) => Promise<unknown>;
  /** The proof when the payload solves a live challenge that was never used before, else null. */
  verify: (payload: string | undefined) => Promise<CaptchaProof | null>;
};

/** The signed parameters of a payload the library verified. */
function proofOf(payload: unknown, baseCost: number): CaptchaProof {
  const parameters = (payload as { challenge?: { parameters?: { cost?: number; data?: { usuario?: unknown } } } } | null)?.challenge?.parameters;
  const usuario = parameters?.data?.usuario;
  return { usuario: typeof usuario === 'string' ? usuario : undefined, factor: (parameters?.cost ?? 0) / baseCost };
}

type Rows<T> = { rows: T[] };

/**
 * The secret every node signs and checks challenges with: CAPTCHA_SECRET when set, else one
 * generated once and kept in the database, so a challenge made by one node is solved on another
 * and a restart does not void the challenges on screen (docs/decisions/046).
 */
async function sharedSecret(db: Db): Promise<string> {
  const candidate = crypto.randomBytes(32).toString('hex');
  await db.execute(sql`insert into ajustes_nodos (clave, valor) values (${SECRET_KEY}, ${candidate}) on conflict (clave) do nothing`);
  const result = (await db.execute(sql`select valor from ajustes_nodos where clave = ${SECRET_KEY}`)) as unknown as Rows<{ valor: string }>;
  return result.rows[0]!.valor;
}

/**
 * Used challenges, in the database: a payload solved once is refused on every node
 * (`insert … on conflict do nothing` is the atomic "set if absent"). One per verification, so
 * that a database failure inside the library (which reads every error as "not verified") is
 * raised again as what it is: a 503, not a wrong captcha.
 */
function usedChallengesIn(db: Db, now: () => number, prune: boolean) {
  const store = {
    failure: null as unknown,
    async setIfAbsent(id: string): Promise<boolean> {
      try {
        if (prune) await db.execute(sql`delete from captcha_usados where vence < ${new Date(now())}`);
        const result = (await db.execute(
          sql`insert into captcha_usados (id, vence) values (${id.slice(0, 200)}, ${new Date(now() + CHALLENGE_TTL_MS)}) on conflict (id) do nothing returning id`,
        )) as unknown as Rows<{ id: string }>;
        return result.rows.length === 1;
      } catch (error) {
        store.failure = error;
        throw error;
      }
    },
    // The library's non-atomic fallback; never called while setIfAbsent exists.
    get: async () => false,
    set: async () => undefined,
  };
  return store;
}

/** ALTCHA: self-hosted proof of work, no third-party service (decision 001). */
export function createCaptchaService(config: Config, db: Db, now: () => number = Date.now): CaptchaService {
  if (config.CAPTCHA === 'off') {
    return { enabled: false, challenge: async () => ({ disabled: true }), verify: async () => ({ factor: 1 }) };
  }
  let secret: Promise<string> | null = config.CAPTCHA_SECRET ? Promise.resolve(config.CAPTCHA_SECRET) : null;
  const hmacSecret = () => {
    secret ??= sharedSecret(db).catch((error: unknown) => {
      secret = null; // the database was down: asked again next time
      throw error;
    });
    return secret;
  };
  let uses = 0;
  return {
    enabled: true,
    challenge: async (forUser) =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: config.CAPTCHA_COST * (forUser?.factor ?? 1),
        ...(forUser ? { data: { usuario: forUser.usuario } } : {}),
        counter: randomInt(Math.ceil(config.CAPTCHA_MAX_COUNTER / 3), config.CAPTCHA_MAX_COUNTER),
        deriveKey,
        hmacSignatureSecret: await hmacSecret(),
        expiresAt: new Date(now() + CHALLENGE_TTL_MS),
      }),
    async verify(payload) {
      if (!payload) return null;
      const hmacSignatureSecret = await hmacSecret();
      const { verify } = create({ deriveKey, hmacSignatureSecret });
      const store = usedChallengesIn(db, now, ++uses % PRUNE_EVERY === 0);
      const result = await verify(payload, deriveKey, hmacSignatureSecret, undefined, store);
      if (store.failure) throw store.failure;
      return result.error === null ? proofOf(result.payload, config.CAPTCHA_COST) : null;
    },
  };
}
