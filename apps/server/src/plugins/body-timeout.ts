import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../shared/errors';

export const MSG_BODY_TIMEOUT = 'El envío tardó demasiado y se canceló. Revise la conexión e intente nuevamente.';

/** How slow a request body may arrive (docs/decisions/032-request-body-timeout.md). */
export type BodyTimeoutOptions = {
  /** No byte for this long: the body is given up. */
  idleMs: number;
  /** After `graceMs`, the body must have arrived at this average rate at least. */
  minBytesPerSecond: number;
  graceMs: number;
  checkEveryMs: number;
};

export const BODY_TIMEOUT_DEFAULTS: BodyTimeoutOptions = {
  idleMs: 15_000,
  minBytesPerSecond: 16 * 1024,
  graceMs: 30_000,
  checkEveryMs: 1_000,
};

/** At shutdown, a body still arriving gets this long to finish before it is given up. */
export const SHUTDOWN_BODY_WAIT_MS = 2_000;

const bodyTimeoutError = () => new AppError(408, MSG_BODY_TIMEOUT, 'body_timeout');

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the body was given up for arriving too slowly (or at shutdown): the answer is 408. */
    bodyTimedOut: boolean;
  }
  interface FastifyInstance {
    /** Shutdown: gives up every body still arriving after `delayMs`, so a slow client does not hold the exit. */
    abortArrivingBodies: (delayMs?: number) => void;
  }
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A request body that stalls or trickles (a slow-loris upload holding a temp file and a socket)
 * is given up: the request stream errors, the upload removes its partial file, and the answer is
 * a 408 in Spanish with `Connection: close`. Node's own `requestTimeout` would cut the socket with
 * an English status line only. The socket's byte count is read, never the stream itself.
 */
export function registerBodyTimeout(app: FastifyInstance, options: BodyTimeoutOptions = BODY_TIMEOUT_DEFAULTS) {
  const arriving = new Set<() => void>();
  app.decorateRequest('bodyTimedOut', false);
  app.decorate('abortArrivingBodies', (delayMs = 0) => {
    const abortAll = () => [...arriving].forEach((abort) => abort());
    if (delayMs === 0) abortAll();
    else setTimeout(abortAll, delayMs).unref();
  });

  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(request)) return done();
    const socket = raw.socket;
    const started = Date.now();
    const startBytes = socket.bytesRead;
    let lastBytes = startBytes;
    let lastProgress = started;
    const stop = () => {
      clearInterval(timer);
      arriving.delete(abort);
    };
    const abort = () => {
      stop();
      if (raw.complete || raw.destroyed) return;
      request.bodyTimedOut = true;
      request.log.warn({ receivedBytes: socket.bytesRead - startBytes, ms: Date.now() - started }, 'request body too slow: given up (408)');
      reply.header('Connection', 'close');
      // The body's reader (JSON parser, multipart) fails with it; the error handler answers 408.
      raw.emit('error', bodyTimeoutError());
      // No reader took it (the handler was not reading yet): the connection is cut.
      setTimeout(() => reply.sent || raw.destroy(), options.idleMs).unref();
    };
    const timer = setInterval(() => {
      if (raw.complete) return stop();
      const now = Date.now();
      if (socket.bytesRead !== lastBytes) {
        lastBytes = socket.bytesRead;
        lastProgress = now;
      }
      const isIdle = now - lastProgress >= options.idleMs;
      const elapsedMs = now - started;
      const isTrickling = elapsedMs >= options.graceMs && ((socket.bytesRead - startBytes) * 1000) / elapsedMs < options.minBytesPerSecond;
      if (isIdle || isTrickling) abort();
    }, options.checkEveryMs);
    timer.unref();
    arriving.add(abort);
    // The error emitted on give-up must never be unheard (an unheard 'error' ends the process).
    raw.on('error', () => undefined);
    raw.once('end', stop);
    raw.once('close', stop);
    done();
  });
}
