import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { APROBACION_MESSAGES, TOTP_MESSAGES, USER_MESSAGES } from '@siniestros/domain';
import { UsersScreen } from './UsersScreen';

/**
 * docs/decisions/079: the Admin's dialogs that take over another user's sign-in ask for the acting
 * Admin's own password (or a code when they have a factor). The server is stood in for at `fetch`.
 */

const ANA = { id: 7, apellido: 'Pérez', nombre: 'Ana', username: 'ana@oficina.com', rol: 2, id_tipo_usuario: 2, id_inspect: null, activo: true, limite_ofrecimiento: null, id_analista: null, totp: true };
/** Analysts (docs/decisions/083): Luz is free, Beto is another user's. */
const ANALISTAS = [
  { id: 3, apellido: 'Luz', nombre: 'Marta', id_usuario: null, usuario: null, disponible: true },
  { id: 4, apellido: 'Beto', nombre: 'Juan', id_usuario: 9, usuario: 'beto@oficina.com', disponible: true },
];
type Call = { url: string; method: string; body?: Record<string, unknown> };
let calls: Call[];
let adminHasTotp = false;
let answers: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  adminHasTotp = false;
  answers = {};
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url}`];
    if (answer) return answer();
    if (url === '/api/users' && method === 'GET') return Response.json([ANA]);
    if (url === '/api/users/auth')
      return Response.json({ usr: 'admin@oficina.com', rol: 1, id_inspect: null, nombre: 'A', apellido: 'B', totp: adminHasTotp, totp_required: false, id_analista: null });
    if (url === '/api/inspector') return Response.json([]);
    if (url === '/api/analistas/abm') return Response.json(ANALISTAS);
    throw new Error(`unexpected ${method} ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderScreen() {
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <UsersScreen />
          </MemoryRouter>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

describe("UsersScreen: taking over another user's sign-in", () => {
  it("removing a user's second factor asks for the Admin's password and shows a wrong one under the field", async () => {
    answers['DELETE /api/users/7/totp'] = () =>
      Response.json({ message: USER_MESSAGES.passwordCurrentWrong, errors: [{ path: 'password_admin', message: USER_MESSAGES.passwordCurrentWrong }] }, { status: 400 });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Quitar segundo factor de ${ANA.username}` }));
    const dialog = await screen.findByRole('dialog', { name: `Quitar segundo factor de ${ANA.username}` });
    expect(within(dialog).getByText(TOTP_MESSAGES.confirmReset)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await within(dialog).findByText(USER_MESSAGES.adminReauthRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Su contraseña', { exact: false }), 'Clave-Del-Admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quitar' }));
    expect(await within(dialog).findByText(USER_MESSAGES.passwordCurrentWrong)).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')!.body).toEqual({ password_admin: 'Clave-Del-Admin' });
  });

  it("setting a user's password sends the Admin's code when that is what they typed", async () => {
    adminHasTotp = true;
    answers['PATCH /api/users/7'] = () => Response.json({ message: USER_MESSAGES.passwordUpdated, user: ANA });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Cambiar contraseña de ${ANA.username}` }));
    const dialog = await screen.findByRole('dialog', { name: `Cambiar contraseña de ${ANA.username}` });
    await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), 'Nueva-Clave-De-Ana');
    await userEvent.type(within(dialog).getByLabelText('Repita Contraseña', { exact: false }), 'Nueva-Clave-De-Ana');
    await userEvent.type(await within(dialog).findByLabelText('o un código de verificación'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ password: 'Nueva-Clave-De-Ana', password2: 'Nueva-Clave-De-Ana', totp_admin: '123456' }));
  });
});

describe('UsersScreen: the offer limit (docs/decisions/081)', () => {
  it('an Admin gives a User a limit typed as es-AR and it is sent as a plain decimal', async () => {
    answers['PATCH /api/users/7'] = () => Response.json({ message: USER_MESSAGES.updated, user: { ...ANA, limite_ofrecimiento: '100000.00' } });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Editar ${ANA.username}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    const limite = within(dialog).getByLabelText(APROBACION_MESSAGES.limite);
    await userEvent.type(limite, '100.000,5');
    expect((limite as HTMLInputElement).value).toBe('100.000,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ limite_ofrecimiento: '100000.5' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }));
    // Only a User has a limit: a new user's form asks for it once the role is Usuario.
    const nuevo = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    expect(within(nuevo).queryByLabelText(APROBACION_MESSAGES.limite)).toBeNull();
  });
});

describe('UsersScreen: users are the analysts (docs/decisions/083)', () => {
  it("links a user to a free analyst and shows the server's refusal under the field", async () => {
    answers['PATCH /api/users/7'] = () =>
      Response.json({ message: 'El analista ya está vinculado al usuario x', errors: [{ path: 'id_analista', message: 'El analista ya está vinculado al usuario x' }] }, { status: 409 });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: `Editar ${ANA.username}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuario' });
    const analista = within(dialog).getAllByLabelText('Analista')[0]!;
    expect((analista as HTMLInputElement).value).toBe('No es analista');
    await userEvent.click(analista);
    // Another user's analyst is not offered, nor a new one when editing.
    expect(screen.queryByRole('option', { name: 'Beto Juan' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Nuevo analista con su nombre' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Luz Marta' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ id_analista: 3 }));
    expect(await within(dialog).findByText('El analista ya está vinculado al usuario x')).toBeTruthy();
  });

  it("makes a new user a new analyst with their name; an Inspector has no analyst field", async () => {
    answers['POST /api/users'] = () => Response.json({ message: USER_MESSAGES.created, user: { ...ANA, id: 8 } }, { status: 201 });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Nuevo Usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo Usuario' });
    await userEvent.type(within(dialog).getByLabelText(/Apellido/), 'Sosa');
    await userEvent.type(within(dialog).getByLabelText(/^Nombre/), 'Eva');
    await userEvent.type(within(dialog).getByLabelText(/Username/), 'eva@oficina.com');
    await userEvent.type(within(dialog).getByLabelText(/^Contraseña/), 'Clave-segura-2026');
    await userEvent.type(within(dialog).getByLabelText(/Repita Contraseña/), 'Clave-segura-2026');
    await userEvent.click(within(dialog).getAllByLabelText(/Tipo de Usuario/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Inspector' }));
    expect(within(dialog).queryByLabelText('Analista')).toBeNull();
    await userEvent.click(within(dialog).getAllByLabelText(/Tipo de Usuario/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Usuario' }));
    await userEvent.click(within(dialog).getAllByLabelText('Analista')[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'Nuevo analista con su nombre' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ nuevo_analista: true, id_analista: null, rol: '2' }));
  });
});
