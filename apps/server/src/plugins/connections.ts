import type net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_BODY_TIMEOUT } from './body-timeout';
import { MSG_HEADERS_TOO_LARGE, MSG_VALIDATION } from '../shared/errors';

/**
 * After an answer given before its request's body arrived, the body is read and thrown away for
 * at most this long, then the connection is cut (docs/decisions/075-connections-never-stuck.md).
 */
export const LINGER_MS = 2_000;
/** How often Node looks for requests past `headersTimeout`/`requestTimeout` (its default, 30 s, let a slow head live 90 s). */
export const CONNECTIONS_CHECK_MS = 1_000;

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * The server's limits on a request's arrival: its head within `headersTimeoutMs`, the whole of it
 * within `requestTimeoutMs` (a trickling body is given up sooner, decision 032). Past either, and
 * on a request Node cannot parse, the answer is JSON in Spanish instead of Fastify's English.
 */
export function connectionLimits(limits: { headersTimeoutMs: number; requestTimeoutMs: number }) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: CONNECTIONS_CHECK_MS },
    clientErrorHandler(error: Error & { code?: string }, socket: net.Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, reason, message] =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', MSG_BODY_TIMEOUT]
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'Request Header Fields Too Large', MSG_HEADERS_TOO_LARGE]
            : [400, 'Bad Request', MSG_VALIDATION];
      // A response already under way cannot be followed by another on the same socket.
      const inFlight = (socket as net.Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      if (socket.writable && !inFlight?.headersSent) {
        const body = JSON.stringify({ message });
        socket.write(
          `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
  };
}

/**
 * A request answered before its body arrived (401, 403, 429, 413, an upload refused mid-write)
 * gets `Connection: close`; what is left of the body is read and discarded for at most `lingerMs`
 * after the answer, then the socket is cut. Without this Node keeps the connection for as long as
 * the body trickles (or, with a reader that stopped, until the keep-alive timeout), and the
 * client's next request on it waits. Cutting at once instead would make the kernel reset a
 * connection with unread bytes, and a client can lose the answer with it (RFC 9112 §9.6).
 */
export function registerEarlyAnswerClose(app: FastifyInstance, lingerMs = LINGER_MS) {
  // `complete` is false on Node's requests until the body has come; an injected request (tests) leaves it undefined.
  const isArriving = (request: FastifyRequest) => request.raw.complete === false && hasBody(request) && request.raw.socket !== null;
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isArriving(request)) return done(null, payload);
    // A small body sent with its head may still be in this very read: its end is seen by then.
    setImmediate(() => {
      if (isArriving(request)) closeAfterAnswer(request, reply, lingerMs);
      done(null, payload);
    });
  });
}

function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply, lingerMs: number) {
  const raw = request.raw;
  reply.header('Connection', 'close');
  const socket = raw.socket as net.Socket & { destroySoon?: () => void };
  // Node calls destroySoon() once a `Connection: close` answer is written; it would destroy the socket right after.
  socket.destroySoon = () => {
    socket.end();
    const cut = setTimeout(() => socket.destroy(), lingerMs);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
    socket.once('end', () => socket.destroy());
    // A reader that stopped (the upload's parser after a write failed) would hold the bytes and pause the socket.
    raw.unpipe();
    raw.resume();
    socket.resume();
  };
}
