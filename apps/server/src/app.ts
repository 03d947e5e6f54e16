import fs from 'node:fs';
import path from 'node:path';
import { SUBIDAS, todayIso } from '@siniestros/domain';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { SERVER_DIR } from './paths';
import { API_DOCS_PREFIX, registerAuth } from './plugins/auth';
import { registerBodyTimeout, type BodyTimeoutOptions } from './plugins/body-timeout';
import { connectionLimits, registerEarlyAnswerClose } from './plugins/connections';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security';
import { PORTAL_PAGE, registerPortalPage, setPortalPageHeaders } from './plugins/portal-page';
import { responseSerializerCompiler } from './plugins/serializer';
import { MSG_BAD_PATH, MSG_NOT_FOUND_ROUTE, MSG_VALIDATION, msgRateLimited, tooManyRequests } from './shared/errors';
import type { Storage } from './shared/storage';
import { openStorage } from './shared/storage.open';
import { registerNulCharGuard } from './shared/input';
import { databaseRateLimitStore } from './shared/rate-limit-store';
import { createInvalidation } from './shared/invalidation';
import { createOfficePdf } from './shared/office-pdf';
import { captchaRoutes, createCaptchaService, type CaptchaService } from './features/captcha';
import { healthRoutes } from './features/health';
import { createFotoChecklistService, createReferenceService, fotoChecklistRoutes, referenceRoutes } from './features/reference';
import { auditRoutes, createAuditService, registerAuditHooks } from './features/audit';
import { createLoginGuard, createSessionsService, createUsersService, usersRoutes } from './features/users';
import { createHistorialService, historialRoutes } from './features/historial';
import { createVistasService, vistasRoutes } from './features/vistas';
import { createLineaTiempoService, lineaTiempoRoutes } from './features/linea-tiempo';
import {
  aprobacionesRoutes,
  casoPersonas,
  casosLifecycleRoutes,
  casosRoutes,
  createAprobacionesService,
  createCasosLifecycleService,
  createCasosService,
  createGinCleanup,
  type XlsxExportOptions,
} from './features/casos';
import { createDocumentacionService, documentacionRoutes } from './features/documentacion';
import { createVistaPreviaService, vistaPreviaRoutes } from './features/documentacion/documentacion.vista-previa';
import { plantillaVistaPreviaPdfRoutes } from './features/plantillas/plantillas.vista-previa-pdf';
import { createLetradosService, letradosRoutes } from './features/letrados';
import { createLesionadosService, lesionadosRoutes } from './features/lesionados';
import { createMediacionService, mediacionRoutes } from './features/mediacion';
import { createInspeccionService, inspeccionRoutes } from './features/inspeccion';
import { createValoresService, valoresRoutes } from './features/valores';
import { createGeneratedDocumentsService, createPlantillasService, generatedDocumentsRoutes, plantillasRoutes } from './features/plantillas';
import { createTareasService, tareasRoutes } from './features/tareas';
import { createPlazosService, plazosRoutes } from './features/plazos';
import { asignacionRoutes, createAsignacionService } from './features/asignacion';
import { createTableroService, tableroRoutes } from './features/tablero';
import { createInformesEnvios, createInformesService, informesRoutes, type InformesEnvios } from './features/informes';
import { createPreferenciasService, preferenciasRoutes } from './features/preferencias';
import { createMailer, createNotificacionesService, notificacionesRoutes, type Mailer } from './features/notificaciones';
import { backupsRoutes, createBackupsService } from './features/backups';
import { createPagosService, pagosRoutes } from './features/pagos';
import {
  createPortalAdminService,
  createPortalClaimantService,
  createPortalConvenioService,
  createPortalStaffService,
  portalAdminRoutes,
  portalClaimantRoutes,
  portalConvenioStaffRoutes,
  portalStaffRoutes,
} from './features/portal';
import { createPortalRecordatoriosService } from './features/portal/portal.recordatorios';
import { createSubidasService, openSubidasStore, subidasRoutes, type SubidasService } from './features/subidas';

/**
 * The first segment of `url`, decoded and lower-cased, is `api`, parameters apart (`/api;x/users`,
 * RFC 3986 §3.3): only chooses which 404 to answer.
 */
export function looksLikeApiPath(url: string): boolean {
  let pathname = url.split('?')[0]!.replace(/^[a-z]+:\/\/[^/]*/i, '');
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  const firstSegment = pathname.split('/').find((segment) => segment !== '' && segment !== '.');
  return firstSegment?.split(';')[0]!.toLowerCase() === 'api';
}

/** A backslash in the path of `url`, as typed or percent-encoded: no route has one, and browsers read it as '/'. */
export function hasBackslash(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.includes('\\') || /%5c/i.test(pathname);
}

const WEB_ASSETS_DIR = 'assets';
const WEB_ASSET_CACHE = 'public, max-age=31536000, immutable';

function looksLikeAssetPath(url: string): boolean {
  const firstSegment = url.split('?')[0]!.split('/').find((segment) => segment !== '');
  return firstSegment === WEB_ASSETS_DIR;
}

export type AppDeps = {
  database: Database;
  config: Config;
  storage?: Storage;
  captcha?: CaptchaService;
  /**
   * The clock (tests inject one): sessions, login throttling, and "today" in Argentina for the
   * services that date things (todayIso of it). SQL's own now() is the database's.
   */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** How slow a request body may arrive (tests shorten it). */
  bodyTimeout?: BodyTimeoutOptions;
  /** The digest's sender (tests); else one from the SMTP_* settings, none without SMTP_HOST. */
  mailer?: Mailer;
  /** The xlsx export's worker threads (tests shrink them; docs/decisions/055). */
  exportWorkers?: XlsxExportOptions;
  /** Text searches at once and waiting (tests shrink them; docs/decisions/058). */
  textSearches?: { running: number; waiting: number };
};

const DEFAULT_WEB_DIST = path.resolve(SERVER_DIR, '../web/dist');

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());
  const storage = deps.storage ?? (await openStorage(config));

  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Shutdown closes idle keep-alive connections and lets in-flight requests finish (main.ts).
    forceCloseConnections: 'idle',
    // The spec's paths end in '/' before a query string (`/casos/?page=`): both forms match.
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed URL or an over-long path param answers like any other bad request, not with
    // Fastify's English text, its error code and the URL echoed back (test/security/fuzz.test.ts).
    frameworkErrors: (error, _request, reply) => (reply as FastifyReply).status(error.statusCode ?? 400).send({ message: MSG_VALIDATION }),
    ...connectionLimits({ headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECONDS * 1000, requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECONDS * 1000 }),
  });
  // The S3 client's sockets go with the app (the disk driver holds none).
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV === 'test'));
  app.decorate('strictResponses', config.NODE_ENV === 'test');
  registerErrorHandler(app);
  registerBodyTimeout(app, deps.bodyTimeout);
  registerEarlyAnswerClose(app);

  await app.register(cookie);
  registerSecurityHeaders(app, config);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: the limits hold for the fleet, not per node (decision 046).
    store: databaseRateLimitStore(db, () => now().getTime()),
    errorResponseBuilder: (_request, context) => tooManyRequests(msgRateLimited(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
  const sessions = createSessionsService(db, {
    lifetimeMs: config.SESSION_HOURS * 3600_000,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    now,
  });
  // Before any route is added, so that every route (plugins' too) passes its access check.
  registerAuth(app, sessions, { config, totpRequiredRoles: config.totpRequiredRoles });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: config.UPLOAD_MAX_FILES, fields: 20, fieldSize: 100_000, parts: 60 },
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Siniestros API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  if (config.swaggerUi) {
    await app.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
  }

  const captcha = deps.captcha ?? createCaptchaService(config, db, () => now().getTime());
  if (!captcha.enabled) app.log.warn('CAPTCHA=off: the login form runs without a captcha (tests and local development only)');
  const guard = createLoginGuard(db, {
    maxPerAccount: config.LOGIN_MAX_FAILURES,
    maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    now: () => now().getTime(),
  });
  const audit = createAuditService(db, { now });
  const mailer = deps.mailer ?? createMailer(config);
  if (mailer && !deps.mailer) app.addHook('onClose', async () => mailer.close());
  const users = createUsersService({
    db,
    sessions,
    captcha,
    guard,
    audit,
    now,
    totpRequiredRoles: config.totpRequiredRoles,
    totpIssuer: config.ORG_NAME,
    stepUp: { maxFactor: config.LOGIN_STEP_UP_MAX_FACTOR, delayMs: config.LOGIN_STEP_UP_DELAY_MS },
    unlockMail: mailer && config.APP_URL ? { mailer, appUrl: config.APP_URL, org: config.ORG_NAME } : undefined,
    log: app.log,
  });
  // Caches every node drops when another changes their data (LISTEN/NOTIFY on PostgreSQL, decision 046).
  const invalidation = createInvalidation(database, app.log);
  app.addHook('onClose', () => invalidation.close());
  const reference = createReferenceService(db, { audit, invalidation });
  const historial = createHistorialService(db);
  const asignacion = createAsignacionService({ db, audit });
  const ginCleanup = database.kind === 'postgres' ? createGinCleanup(db, app.log) : undefined;
  app.addHook('onClose', async () => ginCleanup?.settled());
  const casos = createCasosService({
    db,
    historial,
    reference,
    today,
    exportWorkers: deps.exportWorkers,
    textSearches: deps.textSearches,
    // Routing (docs/decisions/083). `tareas` is made below; the closure runs only at request time.
    ownership: {
      elegirAnalista: (tx, caso) => asignacion.elegirAnalista(tx, caso),
      moverTareas: (tx, idCaso, de, a, usuario) => tareas.moverConElCaso(tx, idCaso, de, a, { actor: usuario }),
    },
    ginCleanup,
  });
  app.addHook('onClose', () => casos.closeExports());
  const pagos = createPagosService({ db, historial, mailer, org: config.ORG_NAME, log: app.log, today });
  const plantillas = createPlantillasService({ db, audit });
  const documentacion = createDocumentacionService({ db, storage, historial, config });
  // One converter for the process: it converts one document at a time (shared/office-pdf.ts).
  const officePdf = createOfficePdf({ sofficePath: config.sofficePath, log: app.log });
  const generated = createGeneratedDocumentsService({ casos, plantillas, config, today });
  const letrados = createLetradosService({ db, historial });
  const lesionados = createLesionadosService({ db, historial, audit });
  const notificaciones = createNotificacionesService({
    db,
    audit,
    mailer,
    org: config.ORG_NAME,
    appUrl: config.APP_URL,
    resumenHora: config.RESUMEN_HORA,
    log: app.log,
    now,
  });
  const tareas = createTareasService({ db, historial, audit, notificaciones, documentacionDias: config.TAREA_DOCUMENTACION_DIAS, today });
  // Authority limits (docs/decisions/081): the approvers' items and task, the maker's outcome.
  const aprobaciones = createAprobacionesService({
    db,
    historial,
    avisos: { notificar: notificaciones.avisar, abrirTarea: tareas.aprobacionPedida, cerrarTarea: tareas.aprobacionResuelta },
  });
  const lifecycle = createCasosLifecycleService({ db, historial, today, pagos, aprobaciones });
  const plazos = createPlazosService({ db, audit, historial, today });
  const tablero = createTableroService({ db, today });
  // The informe de gestión (issue 46) and its monthly e-mail (docs/decisions/094).
  const informes = createInformesService({ db, today, now });
  const informesEnvios = createInformesEnvios({ db, informes, mailer, orgName: config.ORG_NAME, now });
  const mediacion = createMediacionService({ db, historial, audit, tareas, today });
  const fotoChecklist = createFotoChecklistService(db, { audit });
  const inspeccion = createInspeccionService({
    db,
    historial,
    documentacion,
    personas: casoPersonas,
    tareas,
    today,
    // The photos of the close and their Informe fotográfico (issue 43 items 4 and 6).
    fotoChecklist: () => fotoChecklist.list(),
    orgName: config.ORG_NAME,
    // The offline close takes its files from resumable uploads (docs/decisions/091); made just below.
    subidas: () => subidas,
  });
  const valores = createValoresService({ db });
  // Resumable uploads (docs/decisions/089): tus in the app's storage; each purpose checks its object.
  const subidas = createSubidasService({
    db,
    config,
    storage,
    store: await openSubidasStore(config, SUBIDAS.caducaHoras * 3600_000),
    now,
    log: app.log,
    destinos: { inspeccion: async (user, id) => void (await inspeccion.detail(id, user)) },
  });
  app.addHook('onClose', async () => subidas.close());
  const backups = createBackupsService({ database, config, audit, log: app.log, now });
  // The convenio a distancia (issue 42 item 7): published to the portal, as PDF where LibreOffice converts it.
  const portalConvenio = createPortalConvenioService({
    db,
    storage,
    historial,
    audit,
    documentacion,
    notificaciones,
    convenios: generated,
    officePdf,
    mailer,
    org: config.ORG_NAME,
    appUrl: config.APP_URL,
    now,
    log: app.log,
  });
  // The claimant portal, the office's side (docs/decisions/084).
  const portalStaff = createPortalStaffService({ db, historial, audit, mailer, org: config.ORG_NAME, appUrl: config.APP_URL, now, log: app.log, convenios: portalConvenio });
  // Its reminders and the 'no response' task, run hourly by main.ts (issue 42 item 6).
  const portalRecordatorios = createPortalRecordatoriosService({ db, historial, mailer, org: config.ORG_NAME, now, log: app.log });
  const portalAdmin = createPortalAdminService({ db, storage, audit });
  // The claimant portal's side (docs/decisions/084): its own cookie, never a staff session.
  const portalClaimant = createPortalClaimantService({ db, storage, documentacion, historial, notificaciones, config, now, convenio: portalConvenio });
  registerAuditHooks(app, { db, audit });
  registerNulCharGuard(app);
  database.availability?.subscribe((event) => {
    if (event.type === 'down') app.log.error({ err: event.error }, 'database down: answering 503 until it answers again');
    else if (event.type === 'up') app.log.warn('database reachable again');
    else app.log.warn({ err: event.error }, 'database connection lost');
  });

  await app.register(
    async (api) => {
      healthRoutes(api, { db, storage, minFreeBytes: config.storageMinFreeBytes });
      captchaRoutes(api, captcha, (username) => users.captchaFor(username));
      usersRoutes(api, { users, sessions, config });
      auditRoutes(api, audit);
      referenceRoutes(api, { reference, config });
      fotoChecklistRoutes(api, fotoChecklist);
      historialRoutes(api, historial);
      lineaTiempoRoutes(api, createLineaTiempoService(db));
      casosRoutes(api, casos);
      casosLifecycleRoutes(api, lifecycle);
      aprobacionesRoutes(api, { aprobaciones, lifecycle });
      documentacionRoutes(api, documentacion);
      vistaPreviaRoutes(api, createVistaPreviaService({ documentacion, officePdf }));
      generatedDocumentsRoutes(api, generated);
      letradosRoutes(api, letrados);
      lesionadosRoutes(api, lesionados);
      mediacionRoutes(api, mediacion);
      inspeccionRoutes(api, inspeccion);
      subidasRoutes(api, subidas);
      valoresRoutes(api, valores);
      plantillasRoutes(api, plantillas);
      plantillaVistaPreviaPdfRoutes(api, { plantillas, officePdf });
      tareasRoutes(api, tareas);
      plazosRoutes(api, plazos);
      asignacionRoutes(api, asignacion);
      vistasRoutes(api, createVistasService({ db, audit }));
      tableroRoutes(api, tablero);
      informesRoutes(api, { informes, envios: informesEnvios, orgName: config.ORG_NAME });
      preferenciasRoutes(api, createPreferenciasService({ db }));
      notificacionesRoutes(api, notificaciones);
      backupsRoutes(api, backups);
      pagosRoutes(api, pagos);
      portalStaffRoutes(api, portalStaff);
      portalAdminRoutes(api, portalAdmin);
      portalConvenioStaffRoutes(api, portalConvenio);
      portalClaimantRoutes(api, { claimant: portalClaimant, config, convenio: portalConvenio });
    },
    { prefix: '/api' },
  );

  const webDist = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const indexHtml = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const webAssets = path.join(webDist, WEB_ASSETS_DIR) + path.sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes each script and style also as .br and .gz (apps/web/vite.config.ts): sent
      // to a browser that accepts them, with Vary: Accept-Encoding (docs/decisions/088).
      preCompressed: true,
      // Vite names every file under assets/ by its content hash: a new build makes new names, so
      // those never need revalidating; index.html (which names them) must be asked for every time.
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', filePath.startsWith(webAssets) ? WEB_ASSET_CACHE : 'no-cache');
        if (filePath === path.join(webDist, PORTAL_PAGE)) setPortalPageHeaders(reply);
      },
    });
    registerPortalPage(app);
  }
  // The web app's routes are client-side: any other GET gets index.html, which holds no data.
  // A path that reads as the API in any spelling (`/API/x`, `//api`, `/%61pi`) gets the JSON 404,
  // and so does a missing asset (a script of an older build must not be answered with the page).
  app.setNotFoundHandler((request, reply) => {
    if (hasBackslash(request.url)) return reply.status(400).send({ message: MSG_BAD_PATH });
    if (!hasWeb || request.method !== 'GET' || looksLikeApiPath(request.url) || looksLikeAssetPath(request.url)) {
      return reply.status(404).send({ message: MSG_NOT_FOUND_ROUTE });
    }
    return reply.type('text/html').sendFile('index.html');
  });

  app.decorate('services', {
    users,
    sessions,
    audit,
    reference,
    storage,
    historial,
    casos,
    lifecycle,
    documentacion,
    letrados,
    lesionados,
    mediacion,
    inspeccion,
    valores,
    tareas,
    plazos,
    notificaciones,
    backups,
    portalRecordatorios,
    informesEnvios,
    subidas,
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      users: ReturnType<typeof createUsersService>;
      sessions: ReturnType<typeof createSessionsService>;
      audit: ReturnType<typeof createAuditService>;
      reference: ReturnType<typeof createReferenceService>;
      storage: Storage;
      historial: ReturnType<typeof createHistorialService>;
      casos: ReturnType<typeof createCasosService>;
      lifecycle: ReturnType<typeof createCasosLifecycleService>;
      documentacion: ReturnType<typeof createDocumentacionService>;
      letrados: ReturnType<typeof createLetradosService>;
      lesionados: ReturnType<typeof createLesionadosService>;
      mediacion: ReturnType<typeof createMediacionService>;
      inspeccion: ReturnType<typeof createInspeccionService>;
      valores: ReturnType<typeof createValoresService>;
      tareas: ReturnType<typeof createTareasService>;
      plazos: ReturnType<typeof createPlazosService>;
      notificaciones: ReturnType<typeof createNotificacionesService>;
      backups: ReturnType<typeof createBackupsService>;
      portalRecordatorios: ReturnType<typeof createPortalRecordatoriosService>;
      informesEnvios: InformesEnvios;
      subidas: SubidasService;
    };
  }
}
