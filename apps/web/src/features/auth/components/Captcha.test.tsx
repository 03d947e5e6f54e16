import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Captcha } from './Captcha';

/**
 * The captcha that replaced ALTCHA's own widget (docs/decisions/066): its states in the widget's
 * words, and the payload it sends. The server is stood in for at `fetch` and the browser's
 * proof-of-work worker by one that answers at once; the component and the solver are the real ones.
 */

const PARAMETERS = { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 10, keyLength: 32, keyPrefix: '00' };

const { SOLUTION, WorkerStandIn } = vi.hoisted(() => {
  const solution = { counter: 7, derivedKey: '00ff' };
  class WorkerStandIn extends EventTarget {
    postMessage(message: { type: string }) {
      if (message.type === 'work') setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: solution })), 0);
    }
    terminate() {}
  }
  return { SOLUTION: solution, WorkerStandIn };
});
// Vite's `?worker` constructors exist in its build only.
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: WorkerStandIn }));
vi.mock('altcha/workers/sha?worker', () => ({ default: WorkerStandIn }));

let challenges: (() => Response)[];

beforeEach(() => {
  challenges = [];
  vi.stubGlobal('fetch', async (input: string) => {
    expect(input).toBe('/api/captcha');
    return challenges.shift()!();
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderCaptcha() {
  const onChange = vi.fn<(payload: string | undefined) => void>();
  render(
    <MantineProvider>
      <Captcha onChange={onChange} />
    </MantineProvider>,
  );
  return onChange;
}

describe('Captcha', () => {
  it('says when the challenge could not be had, and tries again on the next click', async () => {
    challenges.push(() => Response.json({ message: 'Error' }, { status: 503 }));
    challenges.push(() => Response.json({ parameters: PARAMETERS, signature: 'firma' }));
    const onChange = renderCaptcha();
    await userEvent.click(screen.getByRole('checkbox', { name: 'No soy un robot' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Falló la verificación. Por favor vuelve a intentarlo más tarde.');
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'No soy un robot' }));
    expect((await screen.findByRole('checkbox', { name: 'Verificado' })).matches(':checked')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    const payload = onChange.mock.calls[0]![0]!;
    expect(JSON.parse(atob(payload))).toEqual({ challenge: { parameters: PARAMETERS, signature: 'firma' }, solution: SOLUTION });
  });

  it('takes the payload back when its challenge expires', async () => {
    // Two seconds at least (expiry is in whole seconds): one was not always enough to solve it on a busy machine.
    const expiresAt = Math.floor(Date.now() / 1000) + 3;
    challenges.push(() => Response.json({ parameters: { ...PARAMETERS, expiresAt }, signature: 'firma' }));
    const onChange = renderCaptcha();
    await userEvent.click(screen.getByRole('checkbox', { name: 'No soy un robot' }));
    await screen.findByRole('checkbox', { name: 'Verificado' });
    expect(onChange).toHaveBeenLastCalledWith(expect.any(String));

    const expired = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(expired.textContent).toBe('La verificación expiró. Por favor inténtalo de nuevo.');
    expect(onChange).toHaveBeenLastCalledWith(undefined);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'No soy un robot' }).matches(':checked')).toBe(false));
  });
});
