import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { downloadQuery, VISTA_PREVIA_MESSAGES } from '@siniestros/domain';
import { AppError } from '../../shared/errors';
import type { OfficePdf } from '../../shared/office-pdf';
import { fileReply, replies } from '../../shared/responses';
import { sendFile } from '../../shared/send-file';
import { ANY_ROLE, userOf, type CurrentUser } from '../../plugins/auth';
import type { DocumentacionService } from './documentacion.service';

/** What a browser may show inline: PDFs and pictures it draws itself (never SVG, HTML or text). */
const INLINE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};
/** Office documents LibreOffice turns into a PDF. */
const OFFICE = new Set(['docx', 'doc', 'odt']);

/** Converted PDFs kept in memory, by storage key (a stored file's bytes never change under its key). */
const CACHE_ENTRIES = 32;
const CACHE_BYTES = 64 * 1024 * 1024;

export type VistaPrevia = { nombre: string; type: string; content: Readable | Buffer };

const extensionOf = (nombre: string) => nombre.slice(nombre.lastIndexOf('.') + 1).toLowerCase();
const sinVistaPrevia = () => new AppError(422, VISTA_PREVIA_MESSAGES.sinVistaPrevia, 'sin_vista_previa');

/**
 * GET /documentacion/vista-previa (issue 44 item 4, docs/decisions/099): the document through the
 * download's own checks, as something a browser shows in place.
 */
export function createVistaPreviaService(deps: { documentacion: DocumentacionService; officePdf: OfficePdf }) {
  const cache = new Map<string, Buffer>();
  let cachedBytes = 0;
  const remember = (key: string, pdf: Buffer) => {
    cache.set(key, pdf);
    cachedBytes += pdf.length;
    for (const [oldest, value] of cache) {
      if (cache.size <= CACHE_ENTRIES && cachedBytes <= CACHE_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= value.length;
    }
  };

  return {
    async get(user: CurrentUser, idCaso: number, nombre: string): Promise<VistaPrevia> {
      const { documento, content } = await deps.documentacion.download(user, idCaso, nombre);
      const extension = extensionOf(documento.nombre);
      const inline = INLINE_TYPES[extension];
      if (inline) return { nombre: documento.nombre, type: inline, content };
      if (!OFFICE.has(extension) || !deps.officePdf.enabled) {
        content.destroy();
        throw sinVistaPrevia();
      }
      const pdfName = `${documento.nombre.slice(0, documento.nombre.lastIndexOf('.'))}.pdf`;
      const cached = cache.get(documento.storage_key);
      if (cached) {
        content.destroy();
        cache.delete(documento.storage_key);
        cache.set(documento.storage_key, cached);
        return { nombre: pdfName, type: INLINE_TYPES.pdf!, content: cached };
      }
      const pdf = await deps.officePdf.toPdf(await buffer(content), extension);
      if (!pdf) throw sinVistaPrevia();
      remember(documento.storage_key, pdf);
      return { nombre: pdfName, type: INLINE_TYPES.pdf!, content: pdf };
    },
  };
}
export type VistaPreviaService = ReturnType<typeof createVistaPreviaService>;

/** Any role, as the download: an Inspector only for the cases of their inspections (checked by the download). */
export function vistaPreviaRoutes(app: FastifyInstance, vistaPrevia: VistaPreviaService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/documentacion/vista-previa',
    {
      config: { access: ANY_ROLE },
      schema: { tags: ['documentacion'], querystring: downloadQuery, response: replies({ 200: fileReply('application/pdf', 'The document shown in place: a PDF or a picture, an office document as PDF') }) },
    },
    async (request, reply) => {
      const preview = await vistaPrevia.get(userOf(request), request.query.id, request.query.name);
      return sendFile(reply, 'inline', preview.nombre, preview.type, preview.content);
    },
  );
}
