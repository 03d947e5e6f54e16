// zod's messages in Spanish: imported here, the bundle would drop it from the domain's barrel (docs/decisions/027).
import '@siniestros/domain/zod-es';
import { TABLERO_PLAZOS_RECUENTO_MIN } from '@siniestros/domain';
import { loadConfig } from './config';
import { databaseOptions, openDatabase } from './db/client';
import { maintainPglite, PGLITE_MAINTENANCE_MS } from './db/maintenance';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { fillBusquedaPersonas } from './features/casos/casos.search-fill';
import { recontarPlazosTablero } from './features/tablero';
import { SHUTDOWN_BODY_WAIT_MS } from './plugins/body-timeout';

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
await migrate(database);
// PGlite runs no autovacuum: its tables are vacuumed and analyzed before the first request, then every 6 hours (docs/decisions/056).
await maintainPglite(database);
const app = await buildApp({ database, config });

const generated = await app.services.users.ensureAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD).catch(async (error: unknown) => {
  // A setting the operator must change (a weak ADMIN_PASSWORD, a taken ADMIN_USERNAME): said plainly, no stack.
  console.error(`\n  ${(error as Error).message}\n`);
  await app.close();
  await database.close();
  process.exit(1);
});
if (generated) {
  // Printed once, when the Admin is created with a generated password (docs/decisions/031-first-hour.md).
  app.log.warn(`Admin created: username ${config.ADMIN_USERNAME} password ${generated}`);
  console.log(`\n  Admin: ${config.ADMIN_USERNAME} / ${generated}\n`);
}

setInterval(
  () =>
    void maintainPglite(database).catch((error: unknown) =>
      app.log.warn({ err: error }, 'PGlite vacuum and analyze failed: retried at the next one'),
    ),
  PGLITE_MAINTENANCE_MS,
).unref();

const purge = setInterval(() => void app.services.sessions.purgeExpired().catch(() => undefined), 3600_000);
purge.unref();

/** Files without rows (a crash between the two, a removal deferred by a backup): on start, then every 6 hours. */
async function sweepOrphans() {
  try {
    const result = await app.services.documentacion.sweepOrphans();
    if (result.removed > 0 || result.skippedForBackup > 0) app.log.info(result, 'orphan files swept');
  } catch (error) {
    app.log.warn({ err: error }, 'orphan file sweep failed: retried at the next one');
  }
}
void sweepOrphans();
setInterval(() => void sweepOrphans(), 6 * 3600_000).unref();

/** Resumable uploads past their expiry, or finished and never taken (docs/decisions/089): on start, then every hour. */
async function sweepSubidas() {
  try {
    const removed = await app.services.subidas.sweep();
    if (removed > 0) app.log.info({ removed }, 'expired resumable uploads removed');
  } catch (error) {
    app.log.warn({ err: error }, 'resumable upload sweep failed: retried in an hour');
  }
}
void sweepSubidas();
setInterval(() => void sweepSubidas(), 3600_000).unref();

/** Chase tasks for cases waiting in Pendiente Documentación (docs/decisions/043): on start, then every hour. */
async function chaseDocumentacion() {
  try {
    const created = await app.services.tareas.sweepDocumentacion();
    if (created > 0) app.log.info({ created }, 'documentation chase tasks created');
  } catch (error) {
    app.log.warn({ err: error }, 'documentation chase sweep failed: retried at the next one');
  }
}
void chaseDocumentacion();
setInterval(() => void chaseDocumentacion(), 3600_000).unref();

/** The claimant portal's reminders and its 'no response' tasks (issue 42 item 6, decision 084): on start, then every hour, one node at a time. */
async function recordatoriosPortal() {
  try {
    const result = await app.services.portalRecordatorios.run();
    if (result && result.recordatorios + result.tareas > 0) app.log.info(result, 'portal reminders');
  } catch (error) {
    app.log.warn({ err: error }, 'portal reminder run failed: retried at the next one');
  }
}
void recordatoriosPortal();
setInterval(() => void recordatoriosPortal(), 3600_000).unref();

/** The Tablero's Plazo figures, counted every few minutes instead of per request (docs/decisions/052). */
async function recontarPlazos() {
  try {
    await recontarPlazosTablero(database.db);
  } catch (error) {
    app.log.warn({ err: error }, 'Tablero Plazo count failed: retried at the next one');
  }
}
void recontarPlazos();
setInterval(() => void recontarPlazos(), TABLERO_PLAZOS_RECUENTO_MIN * 60_000).unref();

/** Notifications of tasks due and clocks turning amber, and the daily digest from RESUMEN_HORA (docs/decisions/050): every 5 minutes. */
async function notificar() {
  try {
    const { avisos, resumenes } = await app.services.notificaciones.tick();
    if (avisos && avisos.tareas + avisos.plazos > 0) app.log.info(avisos, 'notifications made');
    if (resumenes && resumenes.enviados + resumenes.fallidos > 0) app.log.info(resumenes, 'daily digests');
  } catch (error) {
    app.log.warn({ err: error }, 'notification run failed: retried at the next one');
  }
}
void notificar();
setInterval(() => void notificar(), 5 * 60_000).unref();

/** The monthly informe de gestión by e-mail (docs/decisions/094): checked at start and every 5 minutes, each company's sent by one node. */
async function informesDelMes() {
  try {
    const { enviados, fallidos } = await app.services.informesEnvios.tick();
    if (enviados + fallidos > 0) app.log.info({ enviados, fallidos }, 'monthly informes sent');
  } catch (error) {
    app.log.warn({ err: error }, 'monthly informes run failed: retried at the next one');
  }
}
void informesDelMes();
setInterval(() => void informesDelMes(), 5 * 60_000).unref();

/** The day's online backup from BACKUP_HORA, when set (docs/decisions/076): checked at start and every 5 minutes, made by one node. */
async function backupDelDia() {
  try {
    const made = await app.services.backups.tick();
    if (made) app.log.info({ backup: made.nombre, eliminadas: made.eliminadas }, 'scheduled backup made');
  } catch (error) {
    app.log.error({ err: error }, 'scheduled backup failed: the next one is tomorrow, or take one from the Admin API');
  }
}
if (config.BACKUP_HORA) {
  void backupDelDia();
  setInterval(() => void backupDelDia(), 5 * 60_000).unref();
}

const stopFilling = new AbortController();
let filling = false;
/** Cases written before drizzle/0035 get the filter panel's search columns (docs/decisions/072): after the start, then hourly while any is left. */
async function fillSearchColumns() {
  // A fill of 10M cases outlasts the hour: one at a time, or two would each rest half the time.
  if (filling) return;
  filling = true;
  try {
    const started = performance.now();
    const filled = await fillBusquedaPersonas(database.db, {
      signal: stopFilling.signal,
      onBatch: (total) => total % 100_000 === 0 && app.log.info({ filled: total }, 'search columns: filling'),
    });
    if (filled > 0) app.log.info({ filled, seconds: Math.round((performance.now() - started) / 1000) }, 'search columns filled');
  } catch (error) {
    if (!stopFilling.signal.aborted) app.log.warn({ err: error }, 'search column fill failed: retried in an hour');
  } finally {
    filling = false;
  }
}
void fillSearchColumns();
setInterval(() => void fillSearchColumns(), 3600_000).unref();

let closing = false;
/**
 * SIGTERM/SIGINT: stop accepting connections, answer 503 to new requests on open ones, let the
 * requests in flight finish (up to SHUTDOWN_GRACE_SECONDS), then close the database and exit.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  stopFilling.abort();
  app.log.info(`${signal}: draining requests (a body still arriving in ${SHUTDOWN_BODY_WAIT_MS / 1000} s is given up)`);
  app.abortArrivingBodies(SHUTDOWN_BODY_WAIT_MS);
  const force = setTimeout(() => {
    app.log.error('shutdown grace period over: exiting with requests still open');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_SECONDS * 1000);
  force.unref();
  // A keep-alive connection whose request just finished becomes idle: close it too, or the
  // server would wait for the client to hang up.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  closeIdle.unref();
  await app.close();
  clearInterval(closeIdle);
  await database.close();
  app.log.info('shutdown complete');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
console.log(`\n  Siniestros listening on http://${shownHost}:${config.PORT}  (database: ${database.kind})\n`);
