import {
  fechaEnLetras,
  formatDate,
  formatPesos,
  pesosEnLetras,
  todayIso,
  type CasoDetalle,
  type ConvenioTemplate,
  type Tercero,
} from '@siniestros/domain';

/** Who issues the convenio and where it is signed (ORG_NAME, CONVENIO_LUGAR: the place as it reads after 'en'). */
export type ConvenioOffice = { orgName: string; place: string };

const INTROS: Record<ConvenioTemplate['parte'], string> = {
  titular: 'en su carácter de titular del vehículo dañado',
  no_titular: 'en su carácter de conductor/usuario no titular del vehículo dañado, con autorización del titular',
  apoderado: 'en su carácter de apoderado del titular del vehículo dañado, según poder que acompaña',
  aceptacion_previa: 'quien manifiesta su aceptación previa de la propuesta indemnizatoria',
  destruccion_total: 'en su carácter de titular del vehículo declarado en destrucción total',
};

/** Names as a document addresses people: 'Juan Pérez', not the list's 'Pérez Juan'. */
const fullName = (person: { apellido: string; nombre: string | null }) => `${person.nombre ?? ''} ${person.apellido}`.trim();

/** The amount the convenio pays: the agreed value once the offer was accepted, else the offer. */
export const valorDelConvenio = (caso: CasoDetalle['caso']) => caso.valor_acordado ?? caso.valor_ofertado;

/** One convenio as a .docx for one third party of the case (docs/decisions/037-montos-en-letras.md). */
export async function renderConvenio(
  template: ConvenioTemplate,
  detail: CasoDetalle,
  tercero: Tercero | undefined,
  office: ConvenioOffice,
): Promise<Buffer> {
  const { AlignmentType, BorderStyle, Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } = await import('docx');
  const { caso, asegurados: asegurado, letrado } = detail;
  const valor = valorDelConvenio(caso) ?? '0';
  const paragraph = (text: string, bold = false) =>
    new Paragraph({ spacing: { after: 200 }, alignment: AlignmentType.JUSTIFIED, children: [new TextRun({ text, bold })] });
  const signers = [
    caso.nombre_compania,
    tercero ? fullName(tercero) : 'EL RECLAMANTE',
    ...(template.conLetrado ? [letrado ? `Dr./Dra. ${fullName(letrado)}` : 'Letrado patrocinante'] : []),
  ];
  const noBorder = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const signatureCell = (name: string) =>
    new TableCell({
      borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder },
      children: [
        new Paragraph({ spacing: { before: 1200 }, alignment: AlignmentType.CENTER, children: [new TextRun('______________________________')] }),
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ text: name, bold: true })] }),
        new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun('Firma y aclaración')] }),
      ],
    });

  const partes = [
    `Entre ${caso.nombre_compania}, en adelante "LA ASEGURADORA", por una parte, y ${tercero ? fullName(tercero) : '________________'}, ` +
      `${tercero?.tipo_doc ?? 'DNI'} ${tercero?.nro_doc ?? '________'}, ${INTROS[template.parte]}, dominio ${tercero?.dominio ?? '________'}, ` +
      `en adelante "EL RECLAMANTE", por la otra, convienen lo siguiente:`,
  ];
  if (template.conLetrado) {
    partes.push(
      letrado
        ? `EL RECLAMANTE actúa con el patrocinio letrado del Dr./Dra. ${fullName(letrado)}${letrado.cuit ? `, CUIT ${letrado.cuit}` : ''}.`
        : 'EL RECLAMANTE actúa con el patrocinio letrado del Dr./Dra. ________________.',
    );
  }
  const clauses = [
    `PRIMERO: El presente se refiere al siniestro Nro. ${caso.reclamo_nro} (Caso ${caso.id}), ocurrido el ${formatDate(caso.fecha_siniestro)} en ${caso.lugar_siniestro ?? '________'}, ` +
      `entre el vehículo dominio ${asegurado.dominio ?? '________'} asegurado por LA ASEGURADORA a nombre de ${fullName(asegurado)} ` +
      `(${asegurado.tipo_doc ?? 'DNI'} ${asegurado.nro_doc ?? '________'}) y el vehículo dominio ${tercero?.dominio ?? '________'}.`,
    template.parte === 'destruccion_total'
      ? `SEGUNDO: LA ASEGURADORA abonará la suma de ${pesosEnLetras(valor)} (${formatPesos(valor)}) en concepto de indemnización total por la destrucción total del vehículo, contra la entrega de la documentación registral y la baja correspondiente.`
      : `SEGUNDO: LA ASEGURADORA abonará a EL RECLAMANTE la suma de ${pesosEnLetras(valor)} (${formatPesos(valor)}) en concepto de única y total indemnización por los daños reclamados.`,
    'TERCERO: Con el cobro de dicha suma EL RECLAMANTE nada más tendrá que reclamar a LA ASEGURADORA ni a su asegurado por ningún concepto derivado del siniestro.',
    template.conLetrado
      ? 'CUARTO: Los honorarios del letrado interviniente quedan a cargo de EL RECLAMANTE, salvo pacto en contrario.'
      : null,
  ].filter((text): text is string => text !== null);

  const document = new Document({
    creator: office.orgName,
    lastModifiedBy: office.orgName,
    title: `Convenio ${template.nombre} - Caso ${caso.id}`,
    styles: { default: { document: { run: { font: 'Arial', size: 22, language: { value: 'es-AR' } } } } },
    sections: [
      {
        children: [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            spacing: { after: 300 },
            children: [new TextRun({ text: `CONVENIO DE PAGO — ${template.nombre.toUpperCase()}`, bold: true, size: 28 })],
          }),
          ...partes.map((text) => paragraph(text)),
          ...clauses.map((text) => paragraph(text)),
          paragraph(
            `En prueba de conformidad se firman dos ejemplares de un mismo tenor y a un solo efecto, en ${office.place}, ${fechaEnLetras(todayIso())}.`,
          ),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder, insideHorizontal: noBorder, insideVertical: noBorder },
            rows: [new TableRow({ cantSplit: true, children: signers.map(signatureCell) })],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export function convenioFileName(template: ConvenioTemplate, casoId: number): string {
  // Accents dropped first so 'Daños' reads 'Danos', not 'Da_os' (zip entry names stay ASCII).
  const ascii = template.nombre.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `Convenio_${template.id}_${ascii.replace(/[^A-Za-z0-9]+/g, '_')}_Caso_${casoId}.docx`;
}
