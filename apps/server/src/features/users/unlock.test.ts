import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { AUDIT_ACTION, AUTH_MESSAGES } from '@siniestros/domain';
import { createTestApp, PASSWORD, USERNAMES, type TestApp } from '../../../test/helpers';

/**
 * The unlock link by e-mail of a stepped-up user (docs/decisions/079), against a real SMTP server
 * on loopback (smtp-server); what arrives is parsed by mailparser. No mock transport.
 */

const received: ParsedMail[] = [];
const server = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  authOptional: true,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

const STEP_MS = 1000;
let now = new Date('2026-11-28T10:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp(
    {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM: 'Siniestros <siniestros@oficina.test>',
      APP_URL: 'https://siniestros.oficina.test/',
      ORG_NAME: 'Estudio Pérez',
      LOGIN_MAX_FAILURES: '3',
      LOGIN_STEP_UP_DELAY_MS: String(STEP_MS),
    },
    { now: () => now },
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password }, remoteAddress });
const askUnlock = (username: string, remoteAddress = '10.8.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/users/desbloqueo', payload: { username }, remoteAddress });
const confirm = (token: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/desbloqueo/confirmar', payload: { token }, remoteAddress });
const tokenOf = (mail: ParsedMail) => /\/desbloquear#([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('unlock by e-mail (SMTP_HOST and APP_URL set)', () => {
  it('the web is told it is available', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().desbloqueo).toBe(true);
  });

  it('sends nothing to a user nobody is guessing, nor to an unknown one, and answers alike', async () => {
    const calm = await askUnlock(USERNAMES.user);
    const unknown = await askUnlock('nadie@test.local');
    expect(calm.statusCode).toBe(200);
    expect(calm.json()).toEqual({ message: AUTH_MESSAGES.unlockSent });
    expect(unknown.body).toBe(calm.body);
    expect(received).toHaveLength(0);
  });

  it('a stepped-up user gets one single-use, expiring link; following it forgets the failures', async () => {
    for (let i = 0; i < 4; i++) expect((await login(USERNAMES.inspector, 'Mala-Clave-1', `10.7.0.${i}`)).statusCode).toBe(401);
    expect((await askUnlock(USERNAMES.inspector)).json()).toEqual({ message: AUTH_MESSAGES.unlockSent });
    await expect.poll(() => received.length).toBe(1);
    const mail = received[0]!;
    expect(mail.to).toMatchObject({ value: [{ address: USERNAMES.inspector }] });
    expect(mail.subject).toBe('Estudio Pérez: desbloquear su usuario');
    const token = tokenOf(mail);
    expect(mail.text).toContain(`https://siniestros.oficina.test/desbloquear#${token}`);
    // Only its hash is kept.
    const stored = (await t.database.db.execute(sql`select hash from desbloqueos`)) as unknown as { rows: { hash: string }[] };
    expect(stored.rows.map((row) => row.hash)).toEqual([crypto.createHash('sha256').update(token).digest('hex')]);

    // Asking again within 5 minutes sends no second e-mail.
    await askUnlock(USERNAMES.inspector);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);

    // Before: the owner, at a new address, waits a step per failure past the limit.
    const [slow, slowMs] = await timed(() => login(USERNAMES.inspector, PASSWORD, '10.7.9.1'));
    expect(slow.statusCode).toBe(200);
    expect(slowMs).toBeGreaterThanOrEqual(2 * STEP_MS - 5);
    for (let i = 0; i < 4; i++) expect((await login(USERNAMES.inspector, 'Mala-Clave-1', `10.7.1.${i}`)).statusCode).toBe(401);

    const unlocked = await confirm(token, '10.7.9.2');
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ message: AUTH_MESSAGES.unlocked });
    const [fast, fastMs] = await timed(() => login(USERNAMES.inspector, PASSWORD, '10.7.9.2'));
    expect(fast.statusCode).toBe(200);
    expect(fastMs).toBeLessThan(STEP_MS);
    // Used once.
    const again = await confirm(token, '10.7.9.2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.unlockInvalid);

    const actions = (await t.database.db.execute(
      sql`select action from audit_log where action in (${AUDIT_ACTION.unlockRequested}, ${AUDIT_ACTION.unlocked}) order by id`,
    )) as unknown as { rows: { action: string }[] };
    expect(actions.rows.map((row) => row.action)).toEqual([AUDIT_ACTION.unlockRequested, AUDIT_ACTION.unlocked]);
  });

  it('a link older than 30 minutes no longer unlocks', async () => {
    advance(6 * 60_000);
    for (let i = 0; i < 3; i++) await login(USERNAMES.inspector2, 'Mala-Clave-1', `10.7.2.${i}`);
    await askUnlock(USERNAMES.inspector2);
    await expect.poll(() => received.length).toBe(2);
    advance(30 * 60_000 + 1);
    const late = await confirm(tokenOf(received[1]!), '10.7.9.3');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: AUTH_MESSAGES.unlockInvalid, errors: [{ path: 'token', message: AUTH_MESSAGES.unlockInvalid }] });
  });
});

describe('without SMTP', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => plain?.close());

  it('there is no unlock by e-mail: the step-up just passes with its window', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/api/config' })).json().desbloqueo).toBe(false);
    const refused = await plain.app.inject({ method: 'POST', url: '/api/users/desbloqueo', payload: { username: USERNAMES.user } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.unlockUnavailable });
  });
});
