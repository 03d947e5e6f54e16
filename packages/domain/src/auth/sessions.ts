import { z } from 'zod';

/** The signed-in user's own sessions ('Mi cuenta', docs/decisions/028). */
export const SESSION_MESSAGES = {
  revoked: 'Sesión cerrada',
  notFound: 'La sesión no existe o ya terminó',
  idInvalid: 'La sesión indicada no es válida',
  confirmRevoke: '¿Desea cerrar esta sesión?',
  confirmRevokeCurrent: 'Es la sesión que está usando: se cerrará y volverá a la pantalla de ingreso. ¿Desea continuar?',
  empty: 'No hay sesiones activas.',
  unknownDevice: 'Dispositivo desconocido',
} as const;

/** Sessions are named by a random public id, never by the token or its hash. */
export const sessionIdParam = z.object({ id: z.uuid({ error: SESSION_MESSAGES.idInvalid }) });

/** How much of the User-Agent header a session keeps. */
export const USER_AGENT_MAX = 300;

export const sesionActivaResponse = z.object({
  id: z.string(),
  /** 'Chrome en Windows', from the User-Agent of the sign-in. */
  dispositivo: z.string(),
  /** The address the session signed in from. */
  ip: z.string().nullable(),
  /** UTC, ISO 8601. */
  creado: z.string(),
  ultimo_uso: z.string(),
  expira: z.string(),
  /** The session making the request. */
  actual: z.boolean(),
});
export type SesionActiva = z.infer<typeof sesionActivaResponse>;
export const sesionesPageResponse = z.object({ data: z.array(sesionActivaResponse), totalPages: z.number(), total: z.number() });
export type SesionesPage = z.infer<typeof sesionesPageResponse>;

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** A short, human name for the device of a User-Agent header: 'Firefox en Linux', 'Safari en iPhone'. */
export function deviceOf(userAgent: string | null | undefined): string {
  const header = userAgent?.trim() ?? '';
  if (!header) return SESSION_MESSAGES.unknownDevice;
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1];
  if (browser && system) return `${browser} en ${system}`;
  if (browser || system) return (browser ?? system)!;
  // A program rather than a browser (curl/8.5.0, node): its first product name.
  const product = /^[A-Za-z][\w.-]{0,39}/.exec(header)?.[0];
  return product ?? SESSION_MESSAGES.unknownDevice;
}
