import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { asc, eq } from 'drizzle-orm';
import {
  documentFileName,
  fileExtension,
  fotoMetaSchema,
  INSPECCION_FOTOS,
  INSPECCION_FOTOS_MESSAGES as MSG,
  type FotoChecklistItem,
  type FotoMeta,
  type FotosPorPagina,
  type InspeccionDetalle,
} from '@siniestros/domain';
import type { DbOrTx } from '../../db/client';
import { inspeccionFotos } from '../../db/tables/inspeccion-fotos';
import { badRequest, notFound } from '../../shared/errors';
import { renderInformeFotografico, type FotoDelInforme } from './inspeccion.informe';

/**
 * What the photos need of the case's documents (features/documentacion, wired in app.ts), besides
 * what the close's two files need: a stored file's bytes before its row exists, and the bytes of
 * filed documents by id (a document whose file went missing is left out).
 */
export type FotosDocumentos<Upload> = {
  storeUpload(idCaso: number, tipo: string, nombre: string, file: Pick<MultipartFile, 'file'>): Promise<Upload>;
  storedContent(upload: Upload): Promise<Buffer>;
  contents(idCaso: number, idsDocumento: readonly number[]): Promise<Map<number, Buffer>>;
};

/** Bytes from elsewhere (a drawn PDF, a taken resumable upload) as the file part storeUpload reads. */
export const asFilePart = (content: Readable): Pick<MultipartFile, 'file'> => ({
  file: Object.assign(content, { truncated: false, bytesRead: 0 }) as unknown as MultipartFile['file'],
});

const fail = (message: string) => badRequest(message, [{ path: INSPECCION_FOTOS.campoFoto, message }]);

/** The photos of an inspection, in the order the close sent them (issue 43 item 4, drizzle/0045). */
export const inspeccionFotosRepository = {
  async insert(tx: DbOrTx, rows: (typeof inspeccionFotos.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await tx.insert(inspeccionFotos).values(rows);
  },

  list: (db: DbOrTx, idInspeccion: number) =>
    db
      .select({
        id_documento: inspeccionFotos.id_documento,
        leyenda: inspeccionFotos.leyenda,
        capturada: inspeccionFotos.capturada,
        latitud: inspeccionFotos.latitud,
        longitud: inspeccionFotos.longitud,
      })
      .from(inspeccionFotos)
      .where(eq(inspeccionFotos.id_inspeccion, idInspeccion))
      .orderBy(asc(inspeccionFotos.id)),
};

type FotoRecibida<Upload> = { meta: FotoMeta; leyenda: string; upload: Upload };

/**
 * The photos of one close, as its multipart parts arrive (docs/decisions/087): each `foto` file part
 * right after its `foto_meta` JSON field; at most INSPECCION_FOTOS.max; JPEG or PNG (by name here,
 * by content in the store); a checklist item that allows one photo gets one. Each is stored at once
 * under the next free 'Foto' name; the caller discards `uploads()` when the close fails.
 */
export function fotosDelCierre<Upload>(deps: { idCaso: number; checklist: readonly FotoChecklistItem[]; documentos: FotosDocumentos<Upload> }) {
  const { idCaso, checklist, documentos } = deps;
  let pendiente: FotoMeta | null = null;
  const recibidas: FotoRecibida<Upload>[] = [];
  const porItem = new Map<number, number>();

  return {
    /** A `foto_meta` field: held for the photo that follows it. */
    meta(value: string) {
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        throw badRequest(MSG.datosInvalidos('no es JSON'), [{ path: INSPECCION_FOTOS.campoMeta, message: MSG.datosInvalidos('no es JSON') }]);
      }
      const parsed = fotoMetaSchema.safeParse(json);
      if (!parsed.success) {
        const message = MSG.datosInvalidos(parsed.error.issues[0]!.message);
        throw badRequest(message, [{ path: INSPECCION_FOTOS.campoMeta, message }]);
      }
      pendiente = parsed.data;
    },

    /** The metadata of the photo that follows, already validated (the offline close's body). */
    conMeta(meta: FotoMeta) {
      pendiente = meta;
    },

    /** A `foto` file part: checked, then stored under the next free name in `taken` (which it extends). */
    async foto(part: Pick<MultipartFile, 'filename' | 'file'>, taken: Set<string>) {
      const meta = pendiente;
      pendiente = null;
      if (!part.filename) {
        part.file.resume();
        return;
      }
      const refuse = (message: string) => {
        part.file.resume();
        return fail(message);
      };
      if (!meta) throw refuse(MSG.sinDatos);
      if (recibidas.length >= INSPECCION_FOTOS.max) throw refuse(MSG.demasiadas);
      if (!(INSPECCION_FOTOS.extensiones as readonly string[]).includes(fileExtension(part.filename))) throw refuse(MSG.tipoInvalido);
      let leyenda: string = INSPECCION_FOTOS.leyendaExtra;
      if (meta.id_checklist) {
        const item = checklist.find((row) => row.id === meta.id_checklist);
        if (!item) throw refuse(MSG.itemNoExiste);
        const count = (porItem.get(item.id) ?? 0) + 1;
        if (count > 1 && !item.multiple) throw refuse(MSG.itemUnaSola(item.nombre));
        porItem.set(item.id, count);
        leyenda = item.nombre;
      }
      // One extension for every JPEG, so the photos number on (Foto_02.jpg, Foto_03.jpg) whatever the phone called them.
      const extension = fileExtension(part.filename) === 'jpeg' ? 'jpg' : fileExtension(part.filename);
      const nombre = documentFileName(INSPECCION_FOTOS.tipo, `foto.${extension}`, taken);
      taken.add(nombre);
      recibidas.push({ meta, leyenda, upload: await documentos.storeUpload(idCaso, INSPECCION_FOTOS.tipo, nombre, part) });
    },

    uploads: (): Upload[] => recibidas.map((foto) => foto.upload),

    /**
     * The Informe fotográfico of these photos (2 a page), stored as the case's next
     * 'Informe_Fotografico' document; null without photos. 400 when a photo is not a readable image.
     */
    async informe(detalle: InspeccionDetalle, taken: Set<string>, orgName: string): Promise<Upload | null> {
      if (recibidas.length === 0) return null;
      const fotos: FotoDelInforme[] = [];
      for (const foto of recibidas) {
        fotos.push({
          bytes: await documentos.storedContent(foto.upload),
          leyenda: foto.leyenda,
          capturada: foto.meta.capturada_en,
          latitud: foto.meta.latitud ?? null,
          longitud: foto.meta.longitud ?? null,
        });
      }
      const { pdf, ilegibles } = await renderInformeFotografico(detalle, fotos, INSPECCION_FOTOS.porPaginaAlCerrar, orgName);
      if (ilegibles.length > 0) throw fail(MSG.ilegible(ilegibles[0]! + 1));
      const nombre = documentFileName(INSPECCION_FOTOS.informeTipo, INSPECCION_FOTOS.informeArchivo, taken);
      taken.add(nombre);
      return documentos.storeUpload(idCaso, INSPECCION_FOTOS.informeTipo, nombre, asFilePart(Readable.from([pdf])));
    },

    /** The photos' rows, inside the close's transaction, given their documents' ids in the order received. */
    async registrar(tx: DbOrTx, idInspeccion: number, idsDocumento: readonly number[]) {
      await inspeccionFotosRepository.insert(
        tx,
        recibidas.map((foto, index) => ({
          id_inspeccion: idInspeccion,
          id_documento: idsDocumento[index]!,
          id_checklist: foto.meta.id_checklist ?? null,
          leyenda: foto.leyenda,
          capturada: foto.meta.capturada_en,
          latitud: foto.meta.latitud ?? null,
          longitud: foto.meta.longitud ?? null,
        })),
      );
    },
  };
}

/** GET /inspeccion/{id}/informe-fotografico: the filed photos of a reachable inspection, drawn now. */
export async function informeFotografico<Upload>(
  deps: { db: DbOrTx; documentos: FotosDocumentos<Upload>; orgName: string },
  detalle: InspeccionDetalle,
  porPagina: FotosPorPagina,
): Promise<Buffer> {
  const rows = await inspeccionFotosRepository.list(deps.db, detalle.inspeccion.id);
  const contents = await deps.documentos.contents(detalle.caso.id, rows.map((row) => row.id_documento));
  const fotos = rows.flatMap((row): FotoDelInforme[] => {
    const bytes = contents.get(row.id_documento);
    return bytes ? [{ bytes, leyenda: row.leyenda, capturada: row.capturada, latitud: row.latitud, longitud: row.longitud }] : [];
  });
  if (fotos.length === 0) throw notFound(MSG.sinFotos);
  return (await renderInformeFotografico(detalle, fotos, porPagina, deps.orgName)).pdf;
}
