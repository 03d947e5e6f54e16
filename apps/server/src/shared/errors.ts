export type FieldError = { path: string; message: string };

/** An error with a status and a Spanish message that is safe to show (decision 000, errors). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly errors?: FieldError[],
    /** What went wrong underneath (logged for a 5xx, never sent). */
    override readonly cause?: unknown,
    /** Sent as the `Retry-After` header: how many seconds the client should wait before trying again. */
    readonly retryAfterSeconds?: number,
    /** Sent as the body's `code`: a refusal's stable name a client acts on (docs/decisions/091). */
    readonly publicCode?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The same refusal with a stable `code` in its body, and optionally another message and field errors. */
export const withCode = (error: AppError, code: string, message = error.message, errors = error.errors) =>
  new AppError(error.statusCode, message, error.code, errors, error.cause, error.retryAfterSeconds, code);

export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, 'bad_request', errors);
export const unauthorized = (message: string) => new AppError(401, message, 'unauthorized');
export const forbidden = (message: string) => new AppError(403, message, 'forbidden');
export const notFound = (message: string) => new AppError(404, message, 'not_found');
export const conflict = (message: string, errors?: FieldError[]) => new AppError(409, message, 'conflict', errors);
export const unsupportedContent = (message: string) => new AppError(415, message, 'unsupported_media_type');
export const tooLarge = (message: string) => new AppError(413, message, 'too_large');
export const unprocessable = (message: string, errors?: FieldError[]) => new AppError(422, message, 'unprocessable', errors);
export const tooManyRequests = (message: string) => new AppError(429, message, 'too_many_requests');
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new AppError(503, message, 'unavailable', undefined, undefined, retryAfterSeconds);

export const MSG_VALIDATION = 'Los datos enviados no son validos';
export const MSG_INTERNAL = 'Ocurrió un error inesperado. Intente nuevamente.';
export const MSG_DB_UNAVAILABLE = 'La base de datos no está disponible. Intente nuevamente en unos instantes.';
export const MSG_DB_BUSY = 'La base de datos tardó demasiado en responder. Intente nuevamente en unos instantes.';
export const MSG_NOT_FOUND_ROUTE = 'Recurso no encontrado';
export const MSG_BAD_PATH = 'La dirección pedida no es válida: no puede contener una barra invertida (\\)';
export const MSG_TOO_LARGE = 'El contenido enviado es demasiado grande';
export const MSG_HEADERS_TOO_LARGE = 'Los encabezados de la solicitud son demasiado grandes';
export const MSG_UNSUPPORTED_TYPE = 'Tipo de contenido no soportado';
export const MSG_MULTIPART_MALFORMED = 'El formulario con archivos está mal formado';
/** A route's request rate exceeded (the per-route limits of @fastify/rate-limit). */
export const msgRateLimited = (seconds: number) =>
  `Demasiadas solicitudes. Intente nuevamente en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
