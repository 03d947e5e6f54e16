import { z } from 'zod';

/**
 * What the audit log records (ASVS 16.2, 16.3). Security events come from the sign-in, session
 * and authorization code; `caso.update` rows come from database triggers (migration 0004), one
 * per changed row of a case, its insured party or a third party, the actor set by `setAuditActor`.
 * Changes of people's data outside the case tables (injured people, hearings, reference data,
 * users) are recorded by their services with who, when, address, method and route
 * (docs/decisions/028).
 */
export const AUDIT_ACTION = {
  loginSucceeded: 'login.success',
  loginFailed: 'login.failure',
  accessDenied: 'authz.denied',
  sessionsRevoked: 'sessions.revoked',
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  /** The user's own change, with the current password. */
  passwordChanged: 'user.password_changed',
  /** A wrong current password where one is asked again (password change, second factor). */
  reauthFailed: 'reauth.failure',
  /** The user ended one of their own sessions. */
  sessionRevoked: 'session.revoked',
  totpEnabled: 'totp.enabled',
  totpDisabled: 'totp.disabled',
  totpReset: 'totp.reset',
  /** An unlock link sent by e-mail, and one followed (docs/decisions/079). */
  unlockRequested: 'login.unlock_requested',
  unlocked: 'login.unlocked',
  casoCreated: 'caso.create',
  casoUpdated: 'caso.update',
  casoDeleted: 'caso.delete',
  lesionadoCreated: 'lesionado.create',
  lesionadoUpdated: 'lesionado.update',
  audienciaCreated: 'audiencia.create',
  audienciaUpdated: 'audiencia.update',
  /** Reference data: companies, analysts, responsibilities, document types (the entity says which). */
  referenceCreated: 'reference.create',
  referenceUpdated: 'reference.update',
  /** A convenio template uploaded or an earlier version restored. */
  plantillaUpdated: 'plantilla.update',
  /** A task of the Diario created, completed or reassigned (docs/decisions/043). */
  tareaCreated: 'tarea.create',
  tareaUpdated: 'tarea.update',
  /** A legal deadline rule changed by an Admin (docs/decisions/044). */
  plazoUpdated: 'plazo.update',
  /** A user's own notification settings: the daily digest, the analyst they are (docs/decisions/050). */
  notificacionPreferencias: 'notificacion.preferencias',
  /** An online backup taken by an Admin (docs/decisions/076); `detail` names its folder. */
  backupCreated: 'backup.create',
  /** The routing's rules and settings changed by an Admin (docs/decisions/083). */
  asignacionUpdated: 'asignacion.update',
  /** The claimant portal (docs/decisions/084): a request of documents (a new link), a link revoked, its reference data and settings. */
  portalPedido: 'portal.pedido',
  portalRevocado: 'portal.revocado',
  portalRequisito: 'portal.requisito',
  portalAjustes: 'portal.ajustes',
  /** The convenio a distancia published to a third party's portal (issue 42 item 7). */
  portalConvenio: 'portal.convenio',
  /** Who may share saved views of the case list, changed by an Admin (docs/decisions/096). */
  vistasAjustes: 'vistas.ajustes',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];

/** The entity names audit rows point to. */
export const AUDIT_ENTITY = {
  caso: 'caso',
  usuario: 'usuario',
  lesionado: 'lesionado',
  audiencia: 'audiencia',
  compania: 'compania',
  analista: 'analista',
  responsabilidad: 'responsabilidad',
  tipoDoc: 'tipo_doc',
  plantilla: 'plantilla_convenio',
  tarea: 'tarea',
  plazo: 'plazo_legal',
  notificacionPreferencias: 'notificacion_preferencias',
  reglaAsignacion: 'regla_asignacion',
  ajustesAsignacion: 'ajustes_asignacion',
  requisitoPortal: 'documentacion_requerida',
  ajustesPortal: 'portal_ajustes',
  /** An item of the inspection's photo checklist (issue 43 item 4). */
  fotoChecklist: 'foto_checklist',
  ajustesVistas: 'ajustes_vistas',
} as const;
export type AuditEntity = (typeof AUDIT_ENTITY)[keyof typeof AUDIT_ENTITY];

/** `{field: [before, after]}`; secret fields are recorded as `AUDIT_REDACTED`, never by value. */
export type AuditChanges = Record<string, [unknown, unknown]>;
export const AUDIT_REDACTED = '[oculto]';

export const AUDIT_MESSAGES = { empty: 'El caso no tiene registros de auditoría.' } as const;

export const auditEntryResponse = z.object({
  id: z.number(),
  /** UTC, ISO 8601. */
  fecha: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entity_id: z.number().nullable(),
  ip: z.string().nullable(),
  method: z.string().nullable(),
  route: z.string().nullable(),
  detail: z.string().nullable(),
  /** `{field: [before, after]}`. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

export const auditPageResponse = z.object({ data: z.array(auditEntryResponse), totalPages: z.number(), total: z.number() });
export type AuditPage = z.infer<typeof auditPageResponse>;
