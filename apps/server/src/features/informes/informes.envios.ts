import { and, asc, desc, eq } from 'drizzle-orm';
import {
  addDaysIso,
  diaHabilDesde,
  INFORME_ENVIO_DIAS_PARA_REINTENTAR,
  INFORME_MESSAGES,
  todayIso,
  type InformeDestinatariosInput,
} from '@siniestros/domain';
import type { Db } from '../../db/client';
import { companias } from '../../db/tables/reference';
import { informeDestinatarios, informeEnviados } from '../../db/tables/informes';
import { notFound } from '../../shared/errors';
import type { Mailer } from '../notificaciones';
import { informeNombreArchivo, informePdf } from './informes.archivos';
import { mesAnterior, type InformesService } from './informes.service';

/**
 * The monthly e-mail (issue 46 item 4, docs/decisions/094): on the first working day of a month
 * (Argentine holidays, diaHabilDesde), or within INFORME_ENVIO_DIAS_PARA_REINTENTAR days after it
 * when no node ran that day or a send failed, each company with recipients gets the previous month's PDF once. The row of informe_enviados (unique per company and month) is the
 * claim across nodes, written before the send; a failed send removes it so the next run retries.
 */
export function createInformesEnvios(deps: { db: Db; informes: InformesService; mailer?: Mailer; orgName: string; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async destinatarios() {
      const rows = await db
        .select({ id_compania: companias.id, compania: companias.nombre, destinatarios: informeDestinatarios.destinatarios })
        .from(companias)
        .leftJoin(informeDestinatarios, eq(informeDestinatarios.id_compania, companias.id))
        .orderBy(asc(companias.nombre));
      return rows.map((row) => ({ ...row, destinatarios: row.destinatarios ?? [] }));
    },

    async guardarDestinatarios(idCompania: number, input: InformeDestinatariosInput) {
      const [compania] = await db.select({ id: companias.id }).from(companias).where(eq(companias.id, idCompania));
      if (!compania) throw notFound(INFORME_MESSAGES.companiaNotFound);
      const destinatarios = [...new Set(input.destinatarios)];
      await db
        .insert(informeDestinatarios)
        .values({ id_compania: idCompania, destinatarios })
        .onConflictDoUpdate({ target: informeDestinatarios.id_compania, set: { destinatarios } });
      return { message: INFORME_MESSAGES.destinatariosGuardados };
    },

    async quitarDestinatarios(idCompania: number) {
      await db.delete(informeDestinatarios).where(eq(informeDestinatarios.id_compania, idCompania));
      return { message: INFORME_MESSAGES.destinatariosGuardados };
    },

    async enviados() {
      const rows = await db
        .select({
          id: informeEnviados.id,
          id_compania: informeEnviados.id_compania,
          compania: companias.nombre,
          mes: informeEnviados.mes,
          destinatarios: informeEnviados.destinatarios,
          enviado: informeEnviados.enviado,
        })
        .from(informeEnviados)
        .innerJoin(companias, eq(companias.id, informeEnviados.id_compania))
        .orderBy(desc(informeEnviados.mes), asc(companias.nombre))
        .limit(500);
      return rows.map((row) => ({
        ...row,
        mes: row.mes.slice(0, 7),
        enviado: new Date(row.enviado).toISOString(),
        archivo: `/api/informes/enviados/${row.id}.pdf`,
      }));
    },

    async copia(id: number) {
      const [row] = await db
        .select({ pdf: informeEnviados.pdf, mes: informeEnviados.mes, compania: companias.nombre })
        .from(informeEnviados)
        .innerJoin(companias, eq(companias.id, informeEnviados.id_compania))
        .where(eq(informeEnviados.id, id));
      if (!row) throw notFound('El informe enviado no existe');
      return row;
    },

    /** Sends what is due today; returns how many went and how many failed (they are retried at the next run). */
    async tick(hoy = todayIso(now())): Promise<{ enviados: number; fallidos: number }> {
      const result = { enviados: 0, fallidos: 0 };
      const { mailer } = deps;
      const primero = diaHabilDesde(`${hoy.slice(0, 7)}-01`);
      if (!mailer || hoy < primero || hoy > addDaysIso(primero, INFORME_ENVIO_DIAS_PARA_REINTENTAR)) return result;
      const mes = mesAnterior(hoy.slice(0, 7));
      const pendientes = await db
        .select({ id_compania: informeDestinatarios.id_compania, destinatarios: informeDestinatarios.destinatarios })
        .from(informeDestinatarios)
        .orderBy(asc(informeDestinatarios.id_compania));
      for (const pendiente of pendientes) {
        const [ya] = await db
          .select({ id: informeEnviados.id })
          .from(informeEnviados)
          .where(and(eq(informeEnviados.id_compania, pendiente.id_compania), eq(informeEnviados.mes, `${mes}-01`)));
        if (ya) continue;
        const informe = await deps.informes.get({ compania: String(pendiente.id_compania), desde: mes, hasta: mes });
        const pdf = await informePdf(informe, deps.orgName);
        const [claim] = await db
          .insert(informeEnviados)
          .values({ id_compania: pendiente.id_compania, mes: `${mes}-01`, destinatarios: pendiente.destinatarios, pdf })
          .onConflictDoNothing()
          .returning({ id: informeEnviados.id });
        if (!claim) continue;
        const compania = informe.compania?.nombre ?? '';
        try {
          await mailer.send({
            to: pendiente.destinatarios.join(', '),
            subject: INFORME_MESSAGES.asunto(compania, mes),
            text: `${deps.orgName}\n\nAdjuntamos el informe de gestión de ${compania} del mes ${mes}.\n`,
            attachments: [{ filename: informeNombreArchivo(informe, 'pdf'), content: pdf, contentType: 'application/pdf' }],
          });
          result.enviados += 1;
        } catch {
          await db.delete(informeEnviados).where(eq(informeEnviados.id, claim.id));
          result.fallidos += 1;
        }
      }
      return result;
    },
  };
}
export type InformesEnvios = ReturnType<typeof createInformesEnvios>;
