import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export type Credentials = { username: string; password: string };

export const ADMIN: Credentials = { username: 'admin@e2e.local', password: 'Admin-E2E-Clave' };
export const USERS = {
  user: { apellido: 'Pérez', nombre: 'Lucía', username: 'lucia@e2e.local', password: 'Lucia-E2E-Clave', rol: 2 },
  inspector: { apellido: 'Gómez', nombre: 'Ramiro', username: 'ramiro@e2e.local', password: 'Ramiro-E2E-Clave', rol: 3 },
} as const;

/** Solves the server's ALTCHA challenge the way the widget does. */
export async function solveCaptcha(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/api/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Signs in through the API (where the sign-in itself is not under test); returns the cookie header.
 * Files running at once sign in together: a 429 of the login's rate limit is waited out as the
 * server says (Retry-After), as a person would (it failed CI once).
 */
export async function apiLogin(baseUrl: string, credentials: Credentials): Promise<string> {
  let response: Response;
  for (let attempt = 1; ; attempt++) {
    response = await fetch(`${baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: credentials.username, password: credentials.password, captcha: await solveCaptcha(baseUrl) }),
    });
    if (response.status !== 429 || attempt === 5) break;
    await new Promise((resolve) => setTimeout(resolve, (Number(response.headers.get('retry-after')) || 2) * 1000));
  }
  if (!response.ok) throw new Error(`login ${credentials.username}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!;
  return cookie.split(';')[0]!;
}
