import { sql } from 'drizzle-orm';
import {
  FIRST_CLOSED_ESTADO,
  PORTAL_CORREO,
  PORTAL_HISTORIA,
  PORTAL_TAREA_SIN_RESPUESTA,
  ROL,
  TAREA_HISTORIA,
  addDiasHabiles,
  todayIso,
} from '@siniestros/domain';
import { resultRows, type Db, type DbOrTx } from '../../db/client';
import { ADVISORY_LOCK } from '../../db/locks';
import { portalEnvios } from '../../db/tables/portal';
import type { HistorialService } from '../historial';
import type { Mailer } from '../notificaciones';

const DAY_MS = 86_400_000;
const SISTEMA = 'sistema';
const RECLAMADO = 'Enviando';

type Log = { warn: (object: object, message: string) => void };

/** A live (not revoked) link of an open case whose third party still has items 'pendiente' or 'rechazado'. */
type Candidato = {
  id: number;
  id_caso: number;
  nombre: string;
  mail: string | null;
  reclamo_nro: string;
  compania: string;
  creado: number;
  expira: number;
  /** The oldest 'solicitado' of the items still pending. */
  desde: number;
  items: string;
  /** The last reminder of this link (epoch ms), if any. */
  ultimo: number | null;
  sin_respuesta: boolean;
};

type Recordatorio = { idEnvio: number; candidato: Candidato; dia: number };

/** The addresses of a stored mail list ('a@b; c@d', or 'S/D'). */
const direcciones = (mail: string | null) =>
  (mail ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('@'));

const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

const repo = {
  async tryLock(tx: DbOrTx): Promise<boolean> {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCK.PORTAL_RECORDATORIOS}) as ok`);
    return resultRows<{ ok: boolean }>(result)[0]?.ok === true;
  },

  async dias(tx: DbOrTx): Promise<number[]> {
    const rows = resultRows<{ dias: number[] | string }>(
      await tx.execute(sql`select recordatorios_dias as dias from portal_ajustes where id = 1`),
    );
    const raw = rows[0]?.dias ?? [3, 7, 10];
    // PGlite and node-postgres both parse smallint[]; a text '{3,7,10}' is read as a fallback.
    const list = Array.isArray(raw) ? raw.map(Number) : String(raw).replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
    return [...new Set(list.filter((dia) => Number.isInteger(dia) && dia > 0))].sort((a, b) => a - b);
  },

  async candidatos(tx: DbOrTx): Promise<Candidato[]> {
    const result = await tx.execute(sql`
      select e.id, e.id_caso, trim(coalesce(t.nombre, '') || ' ' || t.apellido) as nombre, t.mail, c.reclamo_nro, co.nombre as compania,
        ${epoch('e.creado')} as creado, ${epoch('e.expira')} as expira,
        p.desde, p.items,
        (select ${epoch('max(v.creado)')} from portal_envios v where v.id_enlace = e.id and v.canal = 'recordatorio') as ultimo,
        exists (select 1 from portal_envios v where v.id_enlace = e.id and v.canal = 'sin_respuesta') as sin_respuesta
      from portal_enlaces e
      join terceros t on t.id = e.id_tercero
      join casos c on c.id = e.id_caso
      join companias co on co.id = c.id_compania
      join lateral (
        select ${epoch('min(i.solicitado)')} as desde, string_agg(i.nombre, E'\\n' order by i.id) as items
        from portal_items i
        where i.id_tercero = e.id_tercero and i.estado in ('pendiente', 'rechazado') and i.solicitado is not null
      ) p on p.desde is not null
      -- A closed case chases nobody: its claimant is not reminded and its analyst gets no task.
      where e.revocado is null and c.id_estado < ${FIRST_CLOSED_ESTADO}
      order by e.id`);
    return resultRows<Candidato>(result).map((row) => ({
      ...row,
      creado: Number(row.creado),
      expira: Number(row.expira),
      desde: Number(row.desde),
      ultimo: row.ultimo === null ? null : Number(row.ultimo),
    }));
  },

  /** The case's responsible user gets the task (responsable_caso, drizzle/0038); false when no one can (no active Admin). */
  async insertTarea(tx: DbOrTx, idCaso: number, idEnlace: number, texto: string, vence: string): Promise<boolean> {
    const result = await tx.execute(sql`
      insert into tareas (id_caso, texto, vence, id_usuario, origen, origen_id, creado_por)
      select c.id, ${texto}, ${vence}, responsable_caso(c.id_analista, c.usuario), 'portal', ${idEnlace}, ${SISTEMA}
      from casos c
      where c.id = ${idCaso} and exists (select 1 from usuarios u where u.activo and u.rol = ${ROL.ADMIN})
      on conflict do nothing
      returning id`);
    return resultRows(result).length > 0;
  },
};

export type PortalRecordatoriosService = ReturnType<typeof createPortalRecordatoriosService>;

/**
 * The claimant portal's reminders (issue 42 item 6, docs/decisions/084). A live link whose third
 * party still has items 'pendiente' or 'rechazado' gets one reminder e-mail per configured day
 * (portal_ajustes.recordatorios_dias) counted from when they were asked; once the last day has
 * passed, the case's responsible user gets the task "El reclamante no respondió", once per link.
 * The run claims its sends under a transaction-level advisory lock (one node of a fleet at a time)
 * by writing their portal_envios rows; the e-mails go after the commit, as the digest's do, so a
 * slow SMTP server holds no lock. A process killed between the claim and the send loses that
 * reminder (at most once). The reminder carries no link: the token is never stored.
 */
export function createPortalRecordatoriosService(deps: {
  db: Db;
  historial: HistorialService;
  mailer?: Mailer;
  org: string;
  now?: () => Date;
  log?: Log;
}) {
  const { db, historial } = deps;
  const now = deps.now ?? (() => new Date());

  async function enviar(recordatorio: Recordatorio) {
    const { candidato, dia } = recordatorio;
    const para = direcciones(candidato.mail);
    let ok = false;
    let detalle: string | null;
    if (para.length === 0) detalle = 'El tercero no tiene correo electrónico';
    else if (!deps.mailer) detalle = 'El correo no está configurado';
    else {
      const datos = { nombre: candidato.nombre, org: deps.org, reclamo: candidato.reclamo_nro, compania: candidato.compania };
      try {
        await deps.mailer.send({
          to: para.join(', '),
          subject: PORTAL_CORREO.recordatorioAsunto(datos),
          text: PORTAL_CORREO.recordatorioTexto({
            ...datos,
            items: candidato.items.split('\n'),
            enviado: todayIso(new Date(candidato.creado)),
            vence: todayIso(new Date(candidato.expira)),
          }),
        });
        ok = true;
        detalle = null;
      } catch (error) {
        deps.log?.warn({ err: error, idCaso: candidato.id_caso }, 'portal reminder not sent');
        detalle = 'El servidor de correo no respondió';
      }
    }
    const destino = para.length > 0 ? para.join(', ') : null;
    await db.transaction(async (tx) => {
      await tx
        .update(portalEnvios)
        .set({ ok, detalle, destino })
        .where(sql`${portalEnvios.id} = ${recordatorio.idEnvio}`);
      await historial.add(
        tx,
        candidato.id_caso,
        SISTEMA,
        PORTAL_HISTORIA.recordatorio(candidato.nombre, dia, ok ? `enviado a ${destino}` : `no enviado (${detalle})`),
      );
    });
    return ok;
  }

  return {
    /** What main.ts runs every hour. Null: another node holds the run. */
    async run(): Promise<{ recordatorios: number; enviados: number; tareas: number } | null> {
      const momento = now();
      const ahora = momento.getTime();
      const claimed = await db.transaction(async (tx) => {
        if (!(await repo.tryLock(tx))) return null;
        const dias = await repo.dias(tx);
        const ultimoDia = dias.at(-1);
        if (ultimoDia === undefined) return { recordatorios: [] as Recordatorio[], tareas: 0 };
        const recordatorios: Recordatorio[] = [];
        let tareas = 0;
        for (const candidato of await repo.candidatos(tx)) {
          // Counted from when the items still pending were asked, never before this link existed.
          const desde = Math.max(candidato.creado, candidato.desde);
          const dia = dias.filter((d) => ahora >= desde + d * DAY_MS).at(-1);
          // One reminder per configured day: none yet sent since that day began for this link.
          if (dia !== undefined && candidato.expira > ahora && !(candidato.ultimo !== null && candidato.ultimo >= desde + dia * DAY_MS)) {
            const [row] = await tx
              .insert(portalEnvios)
              .values({
                id_enlace: candidato.id,
                canal: 'recordatorio',
                destino: null,
                usuario: SISTEMA,
                creado: momento.toISOString(),
                ok: false,
                detalle: RECLAMADO,
              })
              .returning({ id: portalEnvios.id });
            recordatorios.push({ idEnvio: row!.id, candidato, dia });
          }
          if (!candidato.sin_respuesta && ahora >= desde + (ultimoDia + 1) * DAY_MS) {
            const texto = PORTAL_TAREA_SIN_RESPUESTA(candidato.nombre, ultimoDia);
            const vence = addDiasHabiles(todayIso(momento), 1);
            const hecha = await repo.insertTarea(tx, candidato.id_caso, candidato.id, texto, vence);
            await tx.insert(portalEnvios).values({
              id_enlace: candidato.id,
              canal: 'sin_respuesta',
              usuario: SISTEMA,
              creado: momento.toISOString(),
              ok: hecha,
              detalle: hecha ? null : 'No hay un usuario responsable del caso',
            });
            await historial.add(tx, candidato.id_caso, SISTEMA, PORTAL_HISTORIA.sinRespuesta(candidato.nombre, ultimoDia));
            if (hecha) {
              await historial.add(tx, candidato.id_caso, SISTEMA, TAREA_HISTORIA.created(texto, 'el responsable del caso', vence));
              tareas++;
            }
          }
        }
        return { recordatorios, tareas };
      });
      if (!claimed) return null;
      let enviados = 0;
      for (const recordatorio of claimed.recordatorios) if (await enviar(recordatorio)) enviados++;
      return { recordatorios: claimed.recordatorios.length, enviados, tareas: claimed.tareas };
    },
  };
}
