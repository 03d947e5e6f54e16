import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { LoginScreen } from './LoginScreen';
import { UnlockScreen } from './UnlockScreen';

/**
 * The sign-in form's step-up (docs/decisions/079): when the server asks for the harder captcha of
 * a username, the form says so in Spanish, solves the challenge issued for that username by itself
 * and sends the same password again. The server is stood in for at `fetch`, the proof-of-work
 * worker by one that answers at once; the form, the widget and the solver are the real ones.
 */

const PARAMETERS = { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 10, keyLength: 32, keyPrefix: '00' };

const { WorkerStandIn } = vi.hoisted(() => {
  class WorkerStandIn extends EventTarget {
    postMessage(message: { type: string }) {
      if (message.type === 'work') setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: { counter: 7, derivedKey: '00ff' } })), 0);
    }
    terminate() {}
  }
  return { WorkerStandIn };
});
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: WorkerStandIn }));
vi.mock('altcha/workers/sha?worker', () => ({ default: WorkerStandIn }));

type Call = { url: string; body?: { username: string; password: string; captcha?: string } };
let calls: Call[];
let logins: (() => Response)[];
let desbloqueo = false;

beforeEach(() => {
  calls = [];
  logins = [];
  desbloqueo = false;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/config') return Response.json({ orgAcronym: 'SGS', orgName: 'Siniestros', captcha: 'altcha', pageSize: 20, desbloqueo });
    if (url === '/api/users/auth' || url === '/api/users/refresh') return Response.json({ message: 'Debe iniciar sesión' }, { status: 401 });
    if (url.startsWith('/api/captcha')) {
      const usuario = new URL(url, 'http://x').searchParams.get('usuario');
      return Response.json({ parameters: { ...PARAMETERS, ...(usuario ? { cost: 20, data: { usuario } } : {}) }, signature: 'firma' });
    }
    if (url === '/api/users/login') return logins.shift()!();
    if (url === '/api/users/desbloqueo') return Response.json({ message: AUTH_MESSAGES.unlockSent });
    if (url === '/api/users/desbloqueo/confirmar') return Response.json({ message: AUTH_MESSAGES.unlocked });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

const challengeOf = (call: Call) => JSON.parse(atob(call.body!.captcha!)).challenge.parameters;

function renderLoginAt(url: string) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[url]}>
          <LoginScreen />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

async function typeCredentials() {
  await userEvent.type(await screen.findByLabelText('Usuario'), 'ana@oficina.com');
  await userEvent.type(screen.getByLabelText('Contraseña'), 'Clave-De-Ana-1');
}

async function solveCaptcha() {
  await userEvent.click(screen.getByRole('checkbox', { name: 'No soy un robot' }));
  await screen.findByRole('checkbox', { name: 'Verificado' });
}

describe('LoginScreen', () => {
  it('answers a step-up by solving the harder captcha of that username and signing in with the same password', async () => {
    logins.push(() => Response.json({ message: AUTH_MESSAGES.captchaStepUp, errors: [{ path: 'captcha', message: AUTH_MESSAGES.captchaStepUp }] }, { status: 400 }));
    logins.push(() => Response.json({ usr: 'ana@oficina.com', rol: 2, id_inspect: null }));
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/login']}>
            <Routes>
              <Route path="/login" element={<LoginScreen />} />
              <Route path="*" element={<p>Inicio</p>} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    await typeCredentials();
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));

    await screen.findByText('Inicio');
    const sent = calls.filter((call) => call.url === '/api/users/login');
    expect(sent).toHaveLength(2);
    expect(challengeOf(sent[0]!).data).toBeUndefined();
    // The second post: the same password, with the challenge issued for that username.
    expect(sent[1]!.body).toMatchObject({ username: 'ana@oficina.com', password: 'Clave-De-Ana-1' });
    expect(challengeOf(sent[1]!)).toMatchObject({ cost: 20, data: { usuario: 'ana@oficina.com' } });
    expect(calls.some((call) => call.url === '/api/captcha?usuario=ana%40oficina.com')).toBe(true);
  });

  it('says in Spanish why it takes longer while it solves', async () => {
    logins.push(() => Response.json({ message: AUTH_MESSAGES.captchaStepUp, errors: [{ path: 'captcha', message: AUTH_MESSAGES.captchaStepUp }] }, { status: 400 }));
    let answer: (response: Response) => void = () => undefined;
    logins.push(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    renderLoginAt('/login');
    await typeCredentials();
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.captchaStepUp);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/users/login')).toHaveLength(2));
    answer(Response.json({ message: AUTH_MESSAGES.badCredentials }, { status: 401 }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.badCredentials));
  });

  it('offers the unlock link by e-mail to a stepped-up username when the server can send it', async () => {
    desbloqueo = true;
    logins.push(() => Response.json({ message: AUTH_MESSAGES.captchaStepUp, errors: [{ path: 'captcha', message: AUTH_MESSAGES.captchaStepUp }] }, { status: 400 }));
    logins.push(() => Response.json({ message: AUTH_MESSAGES.badCredentials }, { status: 401 }));
    renderLoginAt('/');
    await typeCredentials();
    expect(screen.queryByRole('button', { name: AUTH_MESSAGES.unlockAsk })).toBeNull();
    await solveCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await userEvent.click(await screen.findByRole('button', { name: AUTH_MESSAGES.unlockAsk }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.unlockSent));
    expect(calls.find((call) => call.url === '/api/users/desbloqueo')!.body).toEqual({ username: 'ana@oficina.com' });
  });
});

describe('UnlockScreen', () => {
  it("sends the link's token only when asked to, and says the user is unlocked", async () => {
    window.location.hash = '#token-de-prueba-123456789';
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={['/desbloquear']}>
            <UnlockScreen />
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(calls.some((call) => call.url.startsWith('/api/users/desbloqueo'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    expect((await screen.findByRole('status')).textContent).toBe(AUTH_MESSAGES.unlocked);
    expect(calls.find((call) => call.url === '/api/users/desbloqueo/confirmar')!.body).toEqual({ token: 'token-de-prueba-123456789' });
    window.location.hash = '';
  });
});
