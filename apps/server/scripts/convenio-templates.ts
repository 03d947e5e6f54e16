/**
 * The nine shipped convenio templates (apps/server/templates/convenios/*.docx), written from the
 * legal texts below with `{campo}` merge fields (docs/decisions/038-plantillas-de-convenio.md).
 * The .docx files are what the server reads; this script is their source:
 *   npx tsx apps/server/scripts/convenio-templates.ts
 * An office changes its texts in Word and uploads them in 'Plantillas', not here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { CONVENIO_TEMPLATES, type ConvenioTemplate } from '@siniestros/domain';
import { DEFAULTS_DIR, defaultTemplatePath } from '../src/features/plantillas/plantillas.defaults';

type Parte = ConvenioTemplate['parte'];
type Clausula = [titulo: string, texto: string];
type Firmante = { nombre: string; detalle: string; cuit?: string };

/** Keeps «CUIT» and its number on one line (the number's hyphens are kept by renderTemplate). */
const NBSP = '\u00a0';

const TITULOS: Record<Parte, string> = {
  titular: 'CONVENIO DE PAGO DE INDEMNIZACIÓN POR DAÑOS MATERIALES',
  no_titular: 'CONVENIO DE PAGO DE INDEMNIZACIÓN POR DAÑOS MATERIALES — RECLAMANTE NO TITULAR',
  apoderado: 'CONVENIO DE PAGO DE INDEMNIZACIÓN POR DAÑOS MATERIALES — RECLAMO POR APODERADO',
  aceptacion_previa: 'ACTA DE ACEPTACIÓN PREVIA DE PROPUESTA INDEMNIZATORIA',
  destruccion_total: 'CONVENIO DE INDEMNIZACIÓN POR DESTRUCCIÓN TOTAL Y TRANSFERENCIA DE RESTOS',
};

const VEHICULO_TERCERO = 'del vehículo dominio {tercero_dominio} ({tercero_vehiculo})';

/** Who EL RECLAMANTE is, as the opening paragraph introduces them. */
const RECLAMANTE: Record<Parte, string> = {
  titular: `{tercero_nombre}, {tercero_documento}, con domicilio en {tercero_domicilio}, en su carácter de titular registral ${VEHICULO_TERCERO}`,
  no_titular:
    `{tercero_nombre}, {tercero_documento}, con domicilio en {tercero_domicilio}, en su carácter de {caracter} ${VEHICULO_TERCERO}, ` +
    'cuyo titular registral es {titular_nombre}, {titular_documento}',
  apoderado:
    `{apoderado_nombre}, {apoderado_documento}, en nombre y representación de {tercero_nombre}, {tercero_documento}, con domicilio en {tercero_domicilio}, ` +
    `titular registral ${VEHICULO_TERCERO}, conforme al poder otorgado por {poder}, cuya copia se agrega al presente`,
  aceptacion_previa: `{tercero_nombre}, {tercero_documento}, con domicilio en {tercero_domicilio}, en su carácter de titular registral ${VEHICULO_TERCERO}`,
  destruccion_total: `{tercero_nombre}, {tercero_documento}, con domicilio en {tercero_domicilio}, en su carácter de titular registral ${VEHICULO_TERCERO}`,
};

const ANTECEDENTES: Clausula = [
  'ANTECEDENTES',
  'Las partes se refieren al siniestro N° {siniestro_nro} (Caso {caso}), ocurrido el {fecha_siniestro} en {lugar_siniestro}, en el que ' +
    'intervinieron el vehículo dominio {asegurado_dominio} ({asegurado_vehiculo}), asegurado por LA ASEGURADORA y de titularidad de ' +
    '{asegurado_nombre}, {asegurado_documento}, y el vehículo dominio {tercero_dominio} ({tercero_vehiculo}).',
];

const INDEMNIZACION: Clausula = [
  'INDEMNIZACIÓN',
  'Sin reconocer hechos ni derechos y al solo efecto conciliatorio, LA ASEGURADORA abonará a EL RECLAMANTE la suma única, total y definitiva de ' +
    '{monto_en_letras} ({monto}), en concepto de indemnización por los daños materiales sufridos por el vehículo dominio {tercero_dominio}, ' +
    'incluidos su privación de uso, su desvalorización y todo otro rubro derivado del siniestro.',
];

const cuenta = 'mediante transferencia bancaria a la cuenta CBU N° {cbu}, de titularidad de {tercero_nombre}. La constancia de la transferencia será suficiente recibo y carta de pago.';

const PAGO: Clausula = ['PAGO', `El pago se efectuará dentro de los {plazo_pago} siguientes a la firma del presente, ${cuenta}`];

const RENUNCIA: Clausula = [
  'RENUNCIA',
  'Percibida la suma convenida, EL RECLAMANTE nada más tendrá que reclamar a LA ASEGURADORA, a su asegurado {asegurado_nombre} ni al ' +
    'conductor del vehículo asegurado por ningún concepto derivado del siniestro, y renuncia a toda acción judicial o extrajudicial por el mismo hecho.',
];

const LEGITIMACION: Clausula = [
  'LEGITIMACIÓN',
  'EL RECLAMANTE declara bajo juramento que reclama en su carácter de {caracter}, con conocimiento y conformidad del titular registral ' +
    '{titular_nombre}, y se obliga a mantener indemnes a LA ASEGURADORA y a su asegurado frente a cualquier reclamo que el titular ' +
    'registral u otra persona formulen por los mismos daños.',
];

const REPRESENTACION: Clausula = [
  'REPRESENTACIÓN',
  '{apoderado_nombre} declara bajo juramento que el poder invocado ({poder}) se encuentra vigente, que no ha sido revocado ni limitado ' +
    'y que lo faculta para celebrar el presente convenio en nombre de {tercero_nombre}; el pago se hará a la cuenta de su representado.',
];

/** The lawyer's fees, inside the amount of the clause that states it (INDEMNIZACIÓN, or PROPUESTA in Aceptación Previa). */
const honorarios = (clausulaDelMonto: string): Clausula => [
  'HONORARIOS',
  `Los honorarios de {letrado_nombre} por su intervención extrajudicial están incluidos en la suma de la cláusula ${clausulaDelMonto}. ` +
    'El letrado, que suscribe el presente en prueba de conformidad, declara que nada más tendrá que reclamar por honorarios ni gastos a ' +
    'LA ASEGURADORA ni a su asegurado.',
];

const JURISDICCION: Clausula = [
  'JURISDICCIÓN',
  'Para cualquier controversia derivada del presente, las partes se someten a los tribunales ordinarios con competencia en {ciudad}, ' +
    'con renuncia a cualquier otro fuero o jurisdicción.',
];

/** The clauses of each type, lawyer's fees apart (added to every 'con Letrado'). */
const CLAUSULAS: Record<Parte, Clausula[]> = {
  titular: [ANTECEDENTES, INDEMNIZACION, PAGO, RENUNCIA],
  no_titular: [ANTECEDENTES, INDEMNIZACION, PAGO, LEGITIMACION, RENUNCIA],
  apoderado: [ANTECEDENTES, INDEMNIZACION, PAGO, REPRESENTACION, RENUNCIA],
  aceptacion_previa: [
    ANTECEDENTES,
    [
      'PROPUESTA',
      'LA ASEGURADORA, sin reconocer hechos ni derechos y al solo efecto conciliatorio, propone indemnizar los daños materiales sufridos ' +
        'por el vehículo dominio {tercero_dominio} con la suma única, total y definitiva de {monto_en_letras} ({monto}).',
    ],
    [
      'ACEPTACIÓN',
      'EL RECLAMANTE acepta la propuesta en forma expresa e irrevocable antes de la liquidación final del reclamo. La aceptación queda ' +
        'sujeta únicamente a que EL RECLAMANTE entregue la documentación del vehículo y de su titularidad que LA ASEGURADORA le requiera.',
    ],
    ['PAGO', `El pago se efectuará dentro de los {plazo_pago} siguientes a la entrega completa de esa documentación, ${cuenta}`],
    RENUNCIA,
  ],
  destruccion_total: [
    [ANTECEDENTES[0], `${ANTECEDENTES[1]} A consecuencia del siniestro, el vehículo dominio {tercero_dominio} resultó con daños que configuran su destrucción total.`],
    [
      'INDEMNIZACIÓN',
      'Sin reconocer hechos ni derechos y al solo efecto conciliatorio, LA ASEGURADORA abonará a EL RECLAMANTE la suma única, total y ' +
        'definitiva de {monto_en_letras} ({monto}), en concepto de valor del vehículo dominio {tercero_dominio} al momento del siniestro ' +
        'y de todo otro rubro derivado de él.',
    ],
    [
      'TRANSFERENCIA DE LOS RESTOS',
      'EL RECLAMANTE transfiere a LA ASEGURADORA, o a quien ésta designe, la propiedad de los restos del vehículo dominio {tercero_dominio}, ' +
        'libres de gravámenes, embargos, inhibiciones y deudas por patentes o infracciones. Se obliga a entregar el título del automotor, ' +
        'la cédula de identificación, el formulario 08 firmado con firma certificada, las llaves y el libre deuda de patentes, y a firmar ' +
        'cuanto sea necesario para la transferencia o la baja del vehículo ante el Registro Nacional de la Propiedad del Automotor.',
    ],
    ['PAGO', `El pago se efectuará dentro de los {plazo_pago} siguientes a la entrega de los restos y de toda la documentación de la cláusula anterior, ${cuenta}`],
    RENUNCIA,
  ],
};

const ORDINALES = ['PRIMERA', 'SEGUNDA', 'TERCERA', 'CUARTA', 'QUINTA', 'SEXTA', 'SÉPTIMA', 'OCTAVA', 'NOVENA'];
const EJEMPLARES = ['', '', 'dos (2)', 'tres (3)'];

function firmantes(template: ConvenioTemplate): Firmante[] {
  const reclamante =
    template.parte === 'apoderado'
      ? { nombre: '{apoderado_nombre}', detalle: 'p/p {tercero_nombre}' }
      : { nombre: '{tercero_nombre}', detalle: '{tercero_documento}' };
  return [
    { nombre: '{aseguradora}', detalle: 'p/ LA ASEGURADORA' },
    reclamante,
    ...(template.conLetrado ? [{ nombre: '{letrado_nombre}', detalle: 'Letrado patrocinante', cuit: `CUIT${NBSP}{letrado_cuit}` }] : []),
  ];
}

/** One template as Word writes it: each `{campo}` inside a single run, so a merge never meets a split tag. */
export async function buildDefaultTemplate(template: ConvenioTemplate): Promise<Buffer> {
  const signers = firmantes(template);
  const letrado = template.conLetrado ? `, con el patrocinio letrado de {letrado_nombre}, CUIT${NBSP}{letrado_cuit}` : '';
  const propias = CLAUSULAS[template.parte];
  const delMonto = ORDINALES[propias.findIndex(([, texto]) => texto.includes('{monto}'))]!;
  const clausulas = [...propias, ...(template.conLetrado ? [honorarios(delMonto)] : []), JURISDICCION];
  // The last clause, the closing sentence and the signatures stay on one page: signatures never stand alone.
  const body = (children: TextRun[], after = 200, keepNext = false) =>
    new Paragraph({ spacing: { after, line: 300 }, alignment: AlignmentType.JUSTIFIED, keepNext, keepLines: keepNext, children });
  const noBorder = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const centered = (text: string, bold = false, before = 0) =>
    new Paragraph({ spacing: { before }, alignment: AlignmentType.CENTER, keepNext: true, keepLines: true, children: [new TextRun({ text, bold })] });

  const document = new Document({
    creator: 'Siniestros',
    title: template.nombre,
    styles: { default: { document: { run: { font: 'Arial', size: 22, language: { value: 'es-AR' } } } } },
    sections: [
      {
        properties: { page: { margin: { top: 1418, bottom: 1418, left: 1701, right: 1418 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ text: 'Siniestro N° {siniestro_nro} — Caso {caso} — Página ', size: 16 }),
                  new TextRun({ children: [PageNumber.CURRENT], size: 16 }),
                  new TextRun({ text: ' de ', size: 16 }),
                  new TextRun({ children: [PageNumber.TOTAL_PAGES], size: 16 }),
                ],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 360 }, children: [new TextRun({ text: TITULOS[template.parte], bold: true, size: 26 })] }),
          body([
            new TextRun(
              `En {ciudad}, {fecha_en_letras}, entre {aseguradora}, en adelante «LA ASEGURADORA», representada por quien suscribe al pie, por una parte, ` +
                `y ${RECLAMANTE[template.parte]}${letrado}, en adelante «EL RECLAMANTE», por la otra, convienen celebrar el presente ` +
                'sujeto a las cláusulas siguientes:',
            ),
          ]),
          ...clausulas.map(([titulo, texto], index) =>
            body([new TextRun({ text: `${ORDINALES[index]} — ${titulo}: `, bold: true }), new TextRun(texto)], 200, index === clausulas.length - 1),
          ),
          body(
            [
              new TextRun(
                `En prueba de conformidad se firman ${EJEMPLARES[signers.length]} ejemplares de un mismo tenor y a un solo efecto, en el lugar y la fecha indicados al comienzo.`,
              ),
            ],
            600,
            true,
          ),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            borders: { top: noBorder, bottom: noBorder, left: noBorder, right: noBorder, insideHorizontal: noBorder, insideVertical: noBorder },
            rows: [
              new TableRow({
                cantSplit: true,
                children: signers.map(
                  (signer) =>
                    new TableCell({
                      width: { size: Math.floor(100 / signers.length), type: WidthType.PERCENTAGE },
                      children: [
                        centered('______________________', false, 1200),
                        centered(signer.nombre, true),
                        centered(signer.detalle),
                        ...(signer.cuit ? [centered(signer.cuit)] : []),
                        centered('Firma y aclaración'),
                      ],
                    }),
                ),
              }),
            ],
          }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.mkdirSync(DEFAULTS_DIR, { recursive: true });
  for (const template of CONVENIO_TEMPLATES) {
    fs.writeFileSync(defaultTemplatePath(template), await buildDefaultTemplate(template));
    console.log(`wrote ${path.relative(process.cwd(), defaultTemplatePath(template))}`);
  }
}
