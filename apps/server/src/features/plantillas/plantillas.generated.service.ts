import type { Readable } from 'node:stream';
import {
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  ESTADO,
  todayIso,
  type CasoDetalle,
  type ConvenioRequest,
} from '@siniestros/domain';
import type { Config } from '../../config';
import { badRequest, unprocessable } from '../../shared/errors';
import { zipOf } from '../../shared/zip';
import { convenioDatos, convenioFileName, valorDelConvenio } from './plantillas.convenios';
import { renderCasoReport } from './plantillas.report';
import type { PlantillasService } from './plantillas.service';

export type GeneratedDocumentsService = ReturnType<typeof createGeneratedDocumentsService>;

/**
 * The documents drawn from a case: the report PDF and the convenios filled in from the templates.
 * `casos` reads the case as GET /casos/{id} shows it (the casos feature, wired in app.ts).
 */
export function createGeneratedDocumentsService(deps: {
  casos: { getDetail(idCaso: number): Promise<CasoDetalle> };
  plantillas: Pick<PlantillasService, 'render'>;
  config: Pick<Config, 'ORG_NAME' | 'CONVENIO_LUGAR' | 'CONVENIO_PLAZO_PAGO_DIAS'>;
  today?: () => string;
}) {
  const { casos, plantillas, config } = deps;
  const today = deps.today ?? (() => todayIso());
  return {
    /** 'Informe' (decision 000): the case summary as a PDF, drawn while it streams. */
    async report(idCaso: number, usuario: string) {
      return renderCasoReport(await casos.getDetail(idCaso), config.ORG_NAME, usuario);
    },

    /**
     * Status 5 'Seleccionar Convenios' (spec §4): one .docx per chosen template for one third party, zipped;
     * with several third parties the request must say which.
     */
    async convenios(idCaso: number, request: ConvenioRequest): Promise<Readable> {
      const templates = CONVENIO_TEMPLATES.filter((template) => request.convenioFile.includes(template.nombre));
      if (templates.length === 0) throw badRequest(CONVENIO_MESSAGES.noneSelected);
      const detail = await casos.getDetail(idCaso);
      if (detail.caso.id_estado !== ESTADO.CONVENIO) throw unprocessable(CONVENIO_MESSAGES.wrongEstado);
      if (!valorDelConvenio(detail.caso)) throw unprocessable(CONVENIO_MESSAGES.noOffer);
      const { id_tercero: idTercero, convenioFile: _chosen, ...datosDelPedido } = request;
      if (idTercero === undefined && detail.terceros.length > 1) throw unprocessable(CONVENIO_MESSAGES.chooseTercero);
      const tercero = idTercero === undefined ? detail.terceros[0] : detail.terceros.find((candidate) => candidate.id === idTercero);
      if (!tercero) throw unprocessable(idTercero === undefined ? CONVENIO_MESSAGES.noTercero : CONVENIO_MESSAGES.unknownTercero);
      const office = { orgName: config.ORG_NAME, place: config.CONVENIO_LUGAR, plazoPagoDias: config.CONVENIO_PLAZO_PAGO_DIAS };
      const datos = convenioDatos(detail, tercero, datosDelPedido, templates, office, today());
      const files = await Promise.all(
        templates.map(async (template) => ({
          name: convenioFileName(template, idCaso),
          content: await plantillas.render(template, datos, { creator: config.ORG_NAME, title: `${template.nombre} - Caso ${idCaso}` }),
        })),
      );
      return zipOf(files.map((file) => ({ name: file.name, open: () => file.content })));
    },
  };
}
