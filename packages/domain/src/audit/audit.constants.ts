/**
 * What the audit log records (ASVS 16.2, 16.3). Security events come from the sign-in, session
 * and authorization code; `caso.update` rows come from database triggers (migration 0004), one
 * per changed row of a case, its insured party or a third party, the actor set by `setAuditActor`.
 */
export const AUDIT_ACTION = {
  loginSucceeded: 'login.success',
  loginFailed: 'login.failure',
  accessDenied: 'authz.denied',
  sessionsRevoked: 'sessions.revoked',
  userCreated: 'user.created',
  userUpdated: 'user.updated',
  totpEnabled: 'totp.enabled',
  totpDisabled: 'totp.disabled',
  totpReset: 'totp.reset',
  casoCreated: 'caso.create',
  casoUpdated: 'caso.update',
  casoDeleted: 'caso.delete',
} as const;
export type AuditAction = (typeof AUDIT_ACTION)[keyof typeof AUDIT_ACTION];

/** The entity names audit rows point to. */
export const AUDIT_ENTITY = { caso: 'caso', usuario: 'usuario' } as const;
export type AuditEntity = (typeof AUDIT_ENTITY)[keyof typeof AUDIT_ENTITY];

/** `{field: [before, after]}`; secret fields are recorded as `AUDIT_REDACTED`, never by value. */
export type AuditChanges = Record<string, [unknown, unknown]>;
export const AUDIT_REDACTED = '[oculto]';

export const AUDIT_MESSAGES = { empty: 'El caso no tiene registros de auditoría.' } as const;

export type AuditEntry = {
  id: number;
  /** UTC, ISO 8601. */
  fecha: string;
  actor: string | null;
  action: string;
  entity: string | null;
  entity_id: number | null;
  ip: string | null;
  method: string | null;
  route: string | null;
  detail: string | null;
  changes: AuditChanges | null;
};

export type AuditPage = { data: AuditEntry[]; totalPages: number; total: number };
