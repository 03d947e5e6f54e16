import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, Metadata, Server } from '@tus/server';
import { NodeRequest } from 'srvx/node';
import {
  DOCUMENTACION_MESSAGES,
  SUBIDA_MESSAGES,
  SUBIDA_METADATA,
  SUBIDA_PROPOSITOS,
  SUBIDAS,
  fileExtension,
  isSafeFileName,
  isSubidaProposito,
  type SubidaProposito,
} from '@siniestros/domain';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, MSG_INTERNAL, MSG_UNSUPPORTED_TYPE, MSG_VALIDATION, notFound, tooLarge, tooManyRequests, unprocessable, unsupportedContent } from '../../shared/errors';
import { MSG_STORAGE_FULL, MSG_STORAGE_UNAVAILABLE, type Storage } from '../../shared/storage';
import { MSG_BODY_TIMEOUT } from '../../plugins/body-timeout';
import type { CurrentUser } from '../users';
import { checkedContent, fileKindOf } from '../documentacion';
import { subidasRepository as repo, type SubidaRow } from './subidas.repository';
import type { SubidasStore } from './subidas.store';

/** The tus route (without its trailing slash: tus appends `/<id>`). */
export const SUBIDAS_PATH = SUBIDAS.ruta.replace(/\/$/, '');
/** An upload's id in its URL: 32 hex characters drawn by the server. */
const ID_RE = /^[0-9a-f]{32}$/;
const HOUR_MS = 3_600_000;
const SWEEP_BATCH = 500;

/** Checks that `user` may send files for the object `id` of a purpose (404/403 otherwise); app.ts gives one per purpose. */
export type DestinoCheck = (user: CurrentUser, id: number) => Promise<void>;

/** What a feature takes from a finished upload. */
export type SubidaTomada = {
  id: string;
  /** The upload's bytes, checked while they stream as today's uploads are (magic bytes, UTF-8 text). */
  contenido: Readable;
  tamano: number;
  /** The type its content was sniffed as (the kind of its extension). */
  mime: string;
  /** The client's file name (rename it with documentFileName before storing). */
  nombre: string;
  extension: string;
};

type RequestContext = { urlId: string; storeId: string };

/** Headers of tus's answer that Fastify sets itself, or that only a cross-origin client would read. */
const SKIPPED_HEADERS = new Set(['content-length', 'content-type', 'connection', 'access-control-expose-headers', 'access-control-allow-origin']);

/** tus's English bodies, as the Spanish message of the same failure. */
function spanishMessage(status: number, body: string, maxBytes: number): string {
  if (status === 404) return SUBIDA_MESSAGES.noEncontrada;
  if (status === 409) return SUBIDA_MESSAGES.conflictoOffset;
  if (status === 410) return SUBIDA_MESSAGES.vencida;
  if (status === 413) return body === ERRORS.ERR_SIZE_EXCEEDED.body ? SUBIDA_MESSAGES.parteGrande : SUBIDA_MESSAGES.demasiadoGrande(maxBytes);
  if (status === 415) return MSG_UNSUPPORTED_TYPE;
  if (status === 423 || body === ERRORS.ERR_LOCK_TIMEOUT.body) return SUBIDA_MESSAGES.ocupada;
  if (status === 400 && body === ERRORS.INVALID_METADATA.body) return SUBIDA_MESSAGES.metadataInvalida;
  if (status >= 500) return MSG_INTERNAL;
  return MSG_VALIDATION;
}

const isNotFound = (error: unknown) => error === ERRORS.FILE_NOT_FOUND || error === ERRORS.FILE_NO_LONGER_EXISTS;

/**
 * Resumable uploads (issue 43 item 5, docs/decisions/089): @tus/server behind the app's own checks.
 * Every request is a signed-in user's; the row in `subidas` says whose each upload is, and another
 * user's id answers 404 as an unknown one. Features take a finished upload with `take`, mark it
 * used in their own transaction (`consume`) and `remove` it once that committed.
 */
export function createSubidasService(deps: {
  db: Db;
  config: Config;
  storage: Storage;
  store: SubidasStore;
  destinos: Record<SubidaProposito, DestinoCheck>;
  now?: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, config, storage, store } = deps;
  const now = deps.now ?? (() => new Date());
  const maxBytes = config.uploadMaxBytes;
  const contexts = new WeakMap<Request, RequestContext>();
  const contextOf = (request: Request): RequestContext => {
    const context = contexts.get(request);
    if (!context) throw ERRORS.FILE_NOT_FOUND; // cannot happen: every request reaches tus through `handle`
    return context;
  };

  const tus = new Server({
    path: SUBIDAS_PATH,
    datastore: store.datastore,
    maxSize: maxBytes,
    // Same origin only: no Access-Control-Allow-Origin for anyone.
    allowedOrigins: [],
    // The id was drawn and its row written before tus saw the request.
    namingFunction: (request) => contextOf(request).storeId,
    generateUrl: (_request, { path }) => `${path}/${contextOf(_request).urlId}`,
    getFileIdFromRequest: (request) => contextOf(request).storeId,
  });

  const storeIdOf = (urlId: string) => `${store.prefix}${urlId}`;
  const expiresAt = (row: Pick<SubidaRow, 'creada'>) => new Date(row.creada).getTime() + SUBIDAS.caducaHoras * HOUR_MS;

  /** The row of `urlId` if it is `user`'s and not taken yet; anything else is 'not found'. */
  async function ownRow(user: CurrentUser, urlId: string): Promise<SubidaRow> {
    const row = ID_RE.test(urlId) ? await repo.find(db, urlId) : undefined;
    if (!row || row.id_usuario !== user.id) throw notFound(SUBIDA_MESSAGES.noEncontrada);
    return row;
  }

  function assertPartSize(request: FastifyRequest, required: boolean) {
    const header = request.headers['content-length'];
    if (header === undefined) {
      if (required || request.headers['transfer-encoding'] !== undefined) throw new AppError(411, SUBIDA_MESSAGES.sinLongitudParte, 'length_required');
      return;
    }
    if (Number(header) > SUBIDAS.parteMaxBytes) throw tooLarge(SUBIDA_MESSAGES.parteGrande);
  }

  /** Refused before a byte is read when the storage cannot take the file (as today's uploads, 507/503). */
  async function assertRoomFor(bytes: number) {
    const health = await storage.check();
    if (!health.writable) throw new AppError(503, MSG_STORAGE_UNAVAILABLE, 'storage_unwritable');
    if (health.freeBytes !== null && health.freeBytes - bytes < config.storageMinFreeBytes) throw new AppError(507, MSG_STORAGE_FULL, 'storage_full');
  }

  /** POST: the length, the metadata and the destination checked, the caps counted, the row written. */
  async function prepareCreate(user: CurrentUser, request: FastifyRequest): Promise<RequestContext> {
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,15}$/.test(lengthHeader) || request.headers['upload-defer-length'] !== undefined)
      throw badRequest(SUBIDA_MESSAGES.sinLongitud);
    const longitud = Number(lengthHeader);
    if (longitud === 0) throw badRequest(DOCUMENTACION_MESSAGES.noFiles);
    if (longitud > maxBytes) throw tooLarge(SUBIDA_MESSAGES.demasiadoGrande(maxBytes));
    if (request.headers['upload-concat'] !== undefined) throw badRequest(MSG_VALIDATION);

    let metadata: Record<string, string | null>;
    try {
      metadata = Metadata.parse(request.headers['upload-metadata'] as string | undefined) ?? {};
    } catch {
      throw badRequest(SUBIDA_MESSAGES.metadataInvalida);
    }
    const nombre = metadata[SUBIDA_METADATA.nombre]?.trim();
    if (!nombre) throw badRequest(SUBIDA_MESSAGES.sinNombre);
    if (!isSafeFileName(nombre)) throw badRequest(DOCUMENTACION_MESSAGES.badName);
    const proposito = metadata[SUBIDA_METADATA.proposito] ?? '';
    const idObjeto = Number(metadata[SUBIDA_METADATA.id]);
    if (!isSubidaProposito(proposito) || !Number.isSafeInteger(idObjeto) || idObjeto <= 0 || idObjeto > 2_147_483_647)
      throw badRequest(SUBIDA_MESSAGES.propositoInvalido);
    if (!(SUBIDA_PROPOSITOS[proposito].extensiones as readonly string[]).includes(fileExtension(nombre)))
      throw unsupportedContent(SUBIDA_MESSAGES.tipoNoPermitido);
    await deps.destinos[proposito](user, idObjeto);
    await assertRoomFor(longitud);

    const urlId = randomBytes(16).toString('hex');
    await db.transaction(async (tx) => {
      await repo.lockUsuario(tx, user.id);
      const pendientes = await repo.pendientes(tx, user.id);
      if (pendientes.cantidad >= SUBIDAS.maxPendientes) throw tooManyRequests(SUBIDA_MESSAGES.demasiadasPendientes);
      if (pendientes.bytes + longitud > SUBIDAS.maxBytesPendientes) throw tooManyRequests(SUBIDA_MESSAGES.demasiadosBytesPendientes);
      await repo.insert(tx, { id: urlId, id_usuario: user.id, proposito, id_objeto: idObjeto, nombre, longitud });
    });
    return { urlId, storeId: storeIdOf(urlId) };
  }

  /** Removes an upload's bytes (gone already is fine) and its row. */
  async function discard(urlId: string) {
    await store.remove(storeIdOf(urlId));
    await repo.delete(db, urlId);
  }

  return {
    /**
     * One tus request (POST, HEAD, PATCH, DELETE under /api/subidas/): the app's checks first, then
     * @tus/server with the raw request (its body streams into the store unread by Fastify), then
     * tus's answer sent through Fastify's reply (so the app's headers and hooks apply), an error
     * as a Spanish message.
     */
    async handle(request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply, user: CurrentUser) {
      const method = request.method;
      let context: RequestContext;
      if (method === 'POST') {
        assertPartSize(request, false);
        context = await prepareCreate(user, request);
      } else {
        const row = await ownRow(user, request.params.id ?? '');
        if (row.usada) throw notFound(SUBIDA_MESSAGES.noEncontrada);
        if (method === 'PATCH') {
          if (!row.terminada && now().getTime() > expiresAt(row)) throw new AppError(410, SUBIDA_MESSAGES.vencida, 'gone');
          assertPartSize(request, true);
        }
        context = { urlId: row.id, storeId: storeIdOf(row.id) };
      }

      const webRequest = new NodeRequest({ req: request.raw, res: reply.raw, maxRequestBodySize: SUBIDAS.parteMaxBytes }) as unknown as Request;
      contexts.set(webRequest, context);
      const response = await tus.handleWeb(webRequest);

      if (request.bodyTimedOut) return reply.status(408).header('Connection', 'close').send({ message: MSG_BODY_TIMEOUT });
      if (reply.raw.destroyed || request.raw.destroyed) {
        // The client went away mid-chunk (a cut connection): what arrived is kept, the next HEAD tells.
        request.log.info({ subida: context.urlId, status: response.status }, 'upload chunk cut short by the client');
      }
      const offset = response.headers.get('upload-offset');
      if (response.ok && offset !== null && (method === 'PATCH' || method === 'POST')) await repo.progreso(db, context.urlId, Number(offset));
      if (method === 'POST' && !response.ok) await discard(context.urlId).catch(() => undefined);
      if (method === 'DELETE' && response.ok) await repo.delete(db, context.urlId);

      reply.status(response.status);
      for (const [name, value] of response.headers) if (!SKIPPED_HEADERS.has(name)) reply.header(name, value);
      if (response.status < 400) return reply.send();
      const body = await response.text();
      if (response.status >= 500) request.log.error({ subida: context.urlId, status: response.status, body }, 'resumable upload failed in the store');
      return reply.send({ message: spanishMessage(response.status, body, maxBytes) });
    },

    /**
     * A finished upload of `user` for `para` (its purpose and object), to be stored by the caller:
     * its bytes checked as today's uploads (extension allowed for the purpose, or the narrower
     * `extensiones`; magic bytes matching it). Refused: another's or unknown (404), unfinished or
     * already used (409), made for another object (422), a type not allowed (415).
     */
    async take(
      user: CurrentUser,
      urlId: string,
      para: { proposito: SubidaProposito; id: number },
      opciones: { extensiones?: readonly string[] } = {},
    ): Promise<SubidaTomada> {
      const row = await ownRow(user, urlId);
      if (row.usada) throw conflict(SUBIDA_MESSAGES.yaUsada);
      if (row.proposito !== para.proposito || row.id_objeto !== para.id) throw unprocessable(SUBIDA_MESSAGES.otroDestino);
      // The store's own account: a row whose bytes are gone (a restore brings rows back, not uploads) is not found.
      const upload = await store.datastore.getUpload(storeIdOf(urlId)).catch((error: unknown) => {
        throw isNotFound(error) ? notFound(SUBIDA_MESSAGES.noEncontrada) : error;
      });
      if (!row.terminada || upload.offset !== row.longitud) throw conflict(SUBIDA_MESSAGES.sinTerminar(row.nombre, row.longitud - (upload.offset ?? 0)));
      const extension = fileExtension(row.nombre);
      const permitidas: readonly string[] = opciones.extensiones ?? SUBIDA_PROPOSITOS[para.proposito].extensiones;
      const kind = fileKindOf(extension);
      if (!permitidas.includes(extension) || !kind) throw unsupportedContent(SUBIDA_MESSAGES.tipoNoPermitido);
      // Both stores read a finished upload (FileStore at once, S3Store after GetObject); DataStore's type leaves it out.
      const readable = store.datastore as unknown as { read(id: string): Readable | Promise<Readable> };
      const raw = await Promise.resolve()
        .then(() => readable.read(storeIdOf(urlId)))
        .catch((error: unknown) => {
          throw isNotFound(error) ? notFound(SUBIDA_MESSAGES.noEncontrada) : error;
        });
      // The first bytes are checked now (415 before the caller stores anything), the rest as it streams.
      const checked = checkedContent(raw, extension as Parameters<typeof checkedContent>[1])[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      let first: IteratorResult<Buffer>;
      try {
        first = await checked.next();
      } catch (error) {
        raw.destroy();
        throw error;
      }
      const contenido = Readable.from(
        (async function* () {
          if (first.done) return;
          yield first.value;
          for (let next = await checked.next(); !next.done; next = await checked.next()) yield next.value;
        })(),
        { objectMode: false },
      );
      return { id: row.id, contenido, tamano: row.longitud, mime: kind.mime, nombre: row.nombre, extension };
    },

    /** In the caller's transaction: marks the uploads used; any already used (or not `user`'s) refuses the whole write (409). */
    async consume(tx: DbOrTx, user: CurrentUser, ids: readonly string[]): Promise<void> {
      const unicos = [...new Set(ids)];
      if ((await repo.marcarUsadas(tx, unicos, user.id)) !== unicos.length) throw conflict(SUBIDA_MESSAGES.yaUsada);
    },

    /** After the caller's transaction committed: the uploads' bytes and rows go (a failure is left to the sweep). */
    async remove(user: CurrentUser, ids: readonly string[]): Promise<void> {
      for (const id of ids) {
        const row = ID_RE.test(id) ? await repo.find(db, id) : undefined;
        if (!row || row.id_usuario !== user.id) continue;
        await discard(id).catch((error: unknown) => deps.log.warn({ err: error, subida: id }, 'upload not removed: the sweep will'));
      }
    },

    /** Unfinished uploads past their expiry, finished ones nobody took, used ones left over (main.ts, hourly). */
    async sweep(): Promise<number> {
      const at = now().getTime();
      let removed = 0;
      for (;;) {
        const ids = await repo.vencidas(
          db,
          new Date(at - SUBIDAS.caducaHoras * HOUR_MS).toISOString(),
          new Date(at - SUBIDAS.terminadaCaducaDias * 24 * HOUR_MS).toISOString(),
          SWEEP_BATCH,
        );
        for (const id of ids) await discard(id);
        removed += ids.length;
        if (ids.length < SWEEP_BATCH) return removed;
      }
    },

    close: () => store.close?.(),
  };
}

export type SubidasService = ReturnType<typeof createSubidasService>;
