import { AUTH_MESSAGES, SIN_CONEXION } from '@siniestros/domain';
import type { z } from 'zod';

export type FieldError = { path: string; message: string };

/** A failed call: the server's Spanish `message` (decision 000 errors) and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    /** The whole JSON answer, for a failure that carries more than its message (the duplicates of POST /casos/alta). */
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

export const API_BASE = '/api';

declare const checked: unique symbol;
/** A JSON body typed by its route's request schema: only `bodyOf` makes one. */
export type RequestBody = { readonly [checked]: true };
/** A call's body: a typed JSON body, a form with files, or `{}` for a route that takes none. */
type Body = RequestBody | FormData | Record<string, never> | undefined;

/**
 * The JSON body of a call, typed by the route's request schema from packages/domain (the one the
 * server validates it with): a field renamed or removed there fails the web type check at the call.
 * Only the type is checked here; the server parses the body.
 */
export function bodyOf<S extends z.core.$ZodType>(_schema: S, value: z.input<S>): RequestBody {
  return value as unknown as RequestBody;
}

/**
 * A response schema of the API contract (packages/domain, the one the server serializes with):
 * every JSON answer is parsed with it, so its type comes from the contract and a changed field
 * fails loudly here instead of showing `undefined` on a screen.
 */
export type ResponseSchema<T> = { parse: (data: unknown) => T };

/** GETs started at boot, each taken (once) by the first call of its path; null unless answered 2xx. */
const early = new Map<string, Promise<Response | null>>();

/**
 * Starts a GET before the code that reads it has loaded (the inspector's agenda, docs/decisions/105):
 * its answer waits for the first `api.get` of the same path, which then makes no request of its own.
 * An error status or no answer is dropped and the call asks again: a 401 at boot may precede the
 * session's refresh, and must not end it.
 */
export function requestEarly(path: string, after?: Promise<Response | null>): Promise<Response | null> {
  const ask = () =>
    fetch(`${API_BASE}${path}`, { credentials: 'same-origin' }).then(
      (response) => (response.ok ? response : null),
      () => null,
    );
  // `after`: asked only once that request answered 2xx (the agenda after the session: no 401 without one).
  const pending = after ? after.then((answer) => (answer ? ask() : null)) : ask();
  early.set(path, pending);
  return pending;
}

async function takeEarly(method: string, path: string, body?: Body, init?: RequestInit): Promise<Response | null> {
  const pending = method === 'GET' && body === undefined && init === undefined ? early.get(path) : undefined;
  if (!pending) return null;
  early.delete(path);
  return pending;
}

async function send(method: string, path: string, body?: Body, init?: RequestInit): Promise<Response> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    // Not answered at boot (no network, an error status): asked again now.
    response = (await takeEarly(method, path, body, init)) ?? await fetch(`${API_BASE}${path}`, {
      method,
      credentials: 'same-origin',
      headers: body && !isForm ? { 'Content-Type': 'application/json' } : undefined,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    // The browser knows it has no network: say so (docs/decisions/088), not an unknown error.
    throw new ApiError(0, navigator.onLine === false ? SIN_CONEXION.accion : AUTH_MESSAGES.network);
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => null);
    throw new ApiError(response.status, payload?.message ?? response.statusText ?? `Error del servidor: ${response.status}`, payload?.errors ?? [], payload);
  }
  return response;
}

async function json<T>(schema: ResponseSchema<T>, method: string, path: string, body?: Body, init?: RequestInit): Promise<T> {
  const response = await send(method, path, body, init);
  return schema.parse(await response.json());
}

async function blob(method: string, path: string, body?: Body): Promise<Blob> {
  return (await send(method, path, body)).blob();
}

export const api = {
  get: <T>(schema: ResponseSchema<T>, path: string) => json(schema, 'GET', path),
  post: <T>(schema: ResponseSchema<T>, path: string, body?: Body, init?: RequestInit) => json(schema, 'POST', path, body, init),
  patch: <T>(schema: ResponseSchema<T>, path: string, body?: Body) => json(schema, 'PATCH', path, body),
  put: <T>(schema: ResponseSchema<T>, path: string, body?: Body) => json(schema, 'PUT', path, body),
  delete: <T>(schema: ResponseSchema<T>, path: string, body?: Body) => json(schema, 'DELETE', path, body),
  /** A file (document, report, xlsx, zip, .docx). */
  getFile: (path: string) => blob('GET', path),
  postFile: (path: string, body?: Body) => blob('POST', path, body),
};

/** Query string from the defined values only. */
export function qs(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Saves a blob response as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
