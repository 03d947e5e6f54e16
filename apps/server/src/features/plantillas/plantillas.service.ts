import { and, desc, eq, max, sql } from 'drizzle-orm';
import {
  AUDIT_ACTION,
  AUDIT_ENTITY,
  CONVENIO_TEMPLATES,
  PLANTILLA_MESSAGES,
  camposRequeridos,
  convenioSlug,
  type ConvenioDatos,
  type ConvenioTemplate,
  type PlantillaConvenio,
} from '@siniestros/domain';
import type { Db } from '../../db/client';
import { ADVISORY_LOCK } from '../../db/locks';
import { notFound } from '../../shared/errors';
import type { AuditActor, AuditService } from '../audit';
import { checkTemplate, renderTemplate } from './plantillas.docx';
import { readDefaultTemplate } from './plantillas.defaults';
import { plantillasConvenio } from '../../db/tables/plantillas';

/** The case a template is previewed with: every field filled, as a real convenio would be. */
export const DEMO_CONVENIO: ConvenioDatos = {
  ciudad: 'la Ciudad Autónoma de Buenos Aires',
  fecha_en_letras: 'a los veinticinco días del mes de noviembre de 2026',
  fecha: '25/11/2026',
  aseguradora: 'La Rioplatense Seguros S.A.',
  caso: '1234',
  siniestro_nro: '1000531564',
  fecha_siniestro: '23/03/2026',
  lugar_siniestro: 'Av. Corrientes y Av. Callao, CABA',
  asegurado_nombre: 'María José González',
  asegurado_documento: 'DNI 28.456.789',
  asegurado_dominio: 'AB123CD',
  asegurado_vehiculo: 'Toyota Etios',
  tercero_nombre: 'Laura Sosa',
  tercero_documento: 'DNI 33.222.111',
  tercero_domicilio: 'Av. Rivadavia 4500, CABA',
  tercero_dominio: 'AD200YY',
  tercero_vehiculo: 'Volkswagen Gol Trend',
  titular_nombre: 'Jorge Sosa',
  titular_documento: 'DNI 12.345.678',
  caracter: 'conductor autorizado',
  apoderado_nombre: 'Martín Ruiz',
  apoderado_documento: 'DNI 25.111.222',
  poder: 'escritura N° 152 del 10/02/2026, ante la escribana Ana Paz, Registro 1234 de CABA',
  letrado_nombre: 'Julia Fernández',
  letrado_cuit: '27-22333444-5',
  monto: '$ 1.291.478,36',
  monto_en_letras: 'PESOS UN MILLÓN DOSCIENTOS NOVENTA Y UN MIL CUATROCIENTOS SETENTA Y OCHO CON 36/100',
  plazo_pago: 'quince (15) días hábiles',
  cbu: '2850590940090418135201',
};

export type PlantillasService = ReturnType<typeof createPlantillasService>;

const templateById = (id: number) => {
  const template = CONVENIO_TEMPLATES.find((candidate) => candidate.id === id);
  if (!template) throw notFound(PLANTILLA_MESSAGES.notFound);
  return template;
};

/** The office's convenio templates: the shipped ones, and the versions an Admin uploads or restores. */
export function createPlantillasService({ db, audit }: { db: Db; audit: AuditService }) {
  const contentOf = async (template: ConvenioTemplate, contenido: Buffer | null) => contenido ?? (await readDefaultTemplate(template));

  /** A version's bytes: 0 is the shipped file; no version means the one in use. */
  async function versionBytes(template: ConvenioTemplate, version?: number): Promise<{ version: number; contenido: Buffer }> {
    if (version === 0) return { version: 0, contenido: await readDefaultTemplate(template) };
    const [row] = await db
      .select({ version: plantillasConvenio.version, contenido: plantillasConvenio.contenido })
      .from(plantillasConvenio)
      .where(and(eq(plantillasConvenio.id_plantilla, template.id), version === undefined ? undefined : eq(plantillasConvenio.version, version)))
      .orderBy(desc(plantillasConvenio.version))
      .limit(1);
    if (!row) {
      if (version !== undefined) throw notFound(PLANTILLA_MESSAGES.versionNotFound);
      return { version: 0, contenido: await readDefaultTemplate(template) };
    }
    return { version: row.version, contenido: await contentOf(template, row.contenido) };
  }

  /** Adds the next version (uploads and restores alike), recorded in the audit trail. */
  async function addVersion(template: ConvenioTemplate, values: { contenido: Buffer | null; nombre_archivo: string | null; restaurada_de: number | null }, who: AuditActor) {
    return db.transaction(async (tx) => {
      // Two Admins saving at once: the second waits for the first and takes the next number.
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK.PLANTILLAS}, ${template.id})`);
      const [{ last } = { last: null }] = await tx
        .select({ last: max(plantillasConvenio.version) })
        .from(plantillasConvenio)
        .where(eq(plantillasConvenio.id_plantilla, template.id));
      const version = (last ?? 0) + 1;
      await tx.insert(plantillasConvenio).values({ id_plantilla: template.id, version, usuario: who.actor, ...values });
      await audit.record(tx, {
        ...who,
        action: AUDIT_ACTION.plantillaUpdated,
        entity: AUDIT_ENTITY.plantilla,
        entityId: template.id,
        changes: { version: [last ?? 0, version], ...(values.restaurada_de !== null ? { restaurada_de: [null, values.restaurada_de] } : {}) },
      });
      return version;
    });
  }

  return {
    /** The nine templates with every version kept, newest first (version 0, the shipped one, last). */
    async list(): Promise<PlantillaConvenio[]> {
      const rows = await db
        .select({
          idPlantilla: plantillasConvenio.id_plantilla,
          version: plantillasConvenio.version,
          nombreArchivo: plantillasConvenio.nombre_archivo,
          restauradaDe: plantillasConvenio.restaurada_de,
          usuario: plantillasConvenio.usuario,
          creado: plantillasConvenio.creado,
        })
        .from(plantillasConvenio)
        .orderBy(desc(plantillasConvenio.version));
      return CONVENIO_TEMPLATES.map((template) => ({
        id: template.id,
        nombre: template.nombre,
        versiones: [
          ...rows
            .filter((row) => row.idPlantilla === template.id)
            .map((row) => ({
              version: row.version,
              archivo: row.nombreArchivo,
              restaurada_de: row.restauradaDe,
              usuario: row.usuario,
              fecha: new Date(row.creado).toISOString(),
            })),
          { version: 0, archivo: null, restaurada_de: null, usuario: null, fecha: null },
        ],
      }));
    },

    /** The .docx of a version (default: the one in use) and the name it downloads as. */
    async file(id: number, version?: number) {
      const template = templateById(id);
      const found = await versionBytes(template, version);
      return { ...found, nombre: `${convenioSlug(template)}_v${found.version}.docx` };
    },

    /** A version filled with the demo case: how the next convenio will read. */
    async preview(id: number, version?: number) {
      const template = templateById(id);
      const found = await versionBytes(template, version);
      return {
        nombre: `Vista_previa_${convenioSlug(template)}_v${found.version}.docx`,
        contenido: await renderTemplate(found.contenido, DEMO_CONVENIO, { creator: DEMO_CONVENIO.aseguradora, title: `Vista previa — ${template.nombre}` }),
      };
    },

    /** A new version from an uploaded .docx, once it opens, uses only known fields and renders the demo case. */
    async upload(id: number, contenido: Buffer, nombreArchivo: string, who: AuditActor) {
      const template = templateById(id);
      await checkTemplate(contenido, camposRequeridos(template));
      await renderTemplate(contenido, DEMO_CONVENIO, { creator: '', title: '' });
      return addVersion(template, { contenido, nombre_archivo: nombreArchivo.slice(0, 200), restaurada_de: null }, who);
    },

    /** Puts an earlier version back in use as a new version; nothing is deleted. */
    async restore(id: number, version: number, who: AuditActor) {
      const template = templateById(id);
      if (version === 0) return addVersion(template, { contenido: null, nombre_archivo: null, restaurada_de: 0 }, who);
      const [row] = await db
        .select({ contenido: plantillasConvenio.contenido, nombre_archivo: plantillasConvenio.nombre_archivo })
        .from(plantillasConvenio)
        .where(and(eq(plantillasConvenio.id_plantilla, id), eq(plantillasConvenio.version, version)));
      if (!row) throw notFound(PLANTILLA_MESSAGES.versionNotFound);
      return addVersion(template, { contenido: row.contenido, nombre_archivo: row.nombre_archivo, restaurada_de: version }, who);
    },

    /** The bytes of each template in use, for the convenios being generated. */
    /** The version in use of `template`, filled with one convenio's data. */
    async render(template: ConvenioTemplate, datos: ConvenioDatos, meta: { creator: string; title: string }): Promise<Buffer> {
      return renderTemplate((await versionBytes(template)).contenido, datos, meta);
    },
  };
}
