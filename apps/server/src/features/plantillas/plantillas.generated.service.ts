import type { Readable } from 'node:stream';
import {
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  ESTADO,
  todayIso,
  type CasoDetalle,
  type ConvenioDatos,
  type ConvenioRequest,
  type ConvenioTemplate,
  type Tercero,
} from '@siniestros/domain';
import type { Config } from '../../config';
import { badRequest, unprocessable } from '../../shared/errors';
import { zipOf } from '../../shared/zip';
import { convenioDatos, convenioFileName, valorDelConvenio } from './plantillas.convenios';
import { renderCasoReport } from './plantillas.report';
import type { PlantillasService } from './plantillas.service';

export type GeneratedDocumentsService = ReturnType<typeof createGeneratedDocumentsService>;

/** A convenio checked and ready to fill in: the case, its third party, the chosen templates and the merge fields. */
export type ConvenioPreparado = { detail: CasoDetalle; tercero: Tercero; templates: ConvenioTemplate[]; datos: ConvenioDatos };
/** One filled-in template. */
export type ConvenioArchivo = { template: ConvenioTemplate; nombre: string; contenido: Buffer };

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

  async function prepararConvenio(idCaso: number, request: ConvenioRequest, rule: { estados: readonly number[]; estadoInvalido: string }): Promise<ConvenioPreparado> {
    const templates = CONVENIO_TEMPLATES.filter((template) => request.convenioFile.includes(template.nombre));
    if (templates.length === 0) throw badRequest(CONVENIO_MESSAGES.noneSelected);
    const detail = await casos.getDetail(idCaso);
    if (!rule.estados.includes(detail.caso.id_estado)) throw unprocessable(rule.estadoInvalido);
    if (!valorDelConvenio(detail.caso)) throw unprocessable(CONVENIO_MESSAGES.noOffer);
    const { id_tercero: idTercero, convenioFile: _chosen, ...datosDelPedido } = request;
    if (idTercero === undefined && detail.terceros.length > 1) throw unprocessable(CONVENIO_MESSAGES.chooseTercero);
    const tercero = idTercero === undefined ? detail.terceros[0] : detail.terceros.find((candidate) => candidate.id === idTercero);
    if (!tercero) throw unprocessable(idTercero === undefined ? CONVENIO_MESSAGES.noTercero : CONVENIO_MESSAGES.unknownTercero);
    const office = { orgName: config.ORG_NAME, place: config.CONVENIO_LUGAR, plazoPagoDias: config.CONVENIO_PLAZO_PAGO_DIAS };
    return { detail, tercero, templates, datos: convenioDatos(detail, tercero, datosDelPedido, templates, office, today()) };
  }

  function renderConvenio(idCaso: number, convenio: ConvenioPreparado): Promise<ConvenioArchivo[]> {
    return Promise.all(
      convenio.templates.map(async (template) => ({
        template,
        nombre: convenioFileName(template, idCaso),
        contenido: await plantillas.render(template, convenio.datos, { creator: config.ORG_NAME, title: `${template.nombre} - Caso ${idCaso}` }),
      })),
    );
  }

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
      const convenio = await prepararConvenio(idCaso, request, { estados: [ESTADO.CONVENIO], estadoInvalido: CONVENIO_MESSAGES.wrongEstado });
      const files = await renderConvenio(idCaso, convenio);
      return zipOf(files.map((file) => ({ name: file.nombre, open: () => file.contenido })));
    },

    /** The convenios' checks (the status among `estados`, the templates, the third party, the signers and the CBU) and their merge fields. */
    prepararConvenio,
    /** Each template of a prepared convenio filled in: its .docx bytes and file name. */
    renderConvenio,
  };
}
