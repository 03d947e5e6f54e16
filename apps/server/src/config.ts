import path from 'node:path';
import { z } from 'zod';
import { BACKUP_KEEP_DEFAULT, TOTP_REQUIREMENT, totpRequiredRoles, type Rol, type TotpRequirement } from '@siniestros/domain';
import { sofficeOnPath } from './shared/office-pdf';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Every setting comes from the environment; README "Configuration" documents each one. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
  CAPTCHA: z.enum(['altcha', 'off']).default('altcha'),
  CAPTCHA_SECRET: z.string().min(16).optional(),
  /** PBKDF2 iterations per attempt; the widget solves ~1000-3000 attempts. */
  CAPTCHA_COST: z.coerce.number().int().min(1).default(1000),
  CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(1).default(3000),
  SESSION_HOURS: z.coerce.number().min(0.01).max(24).default(4),
  /** Shorter than SESSION_HOURS (checked below): a session left alone ends well before its 4 h. */
  SESSION_IDLE_MINUTES: z.coerce.number().min(1).default(30),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * `false`; the number of proxies in front (`1` for one reverse proxy); the proxies' addresses or
   * CIDRs separated by commas; or `true` (trusts every hop: a client can then choose its own address).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string[] | ((address: string, hop: number) => boolean) => {
      const trimmed = value.trim().toLowerCase();
      if (['true', 'yes'].includes(trimmed)) return true;
      if (['false', '0', 'no', ''].includes(trimmed)) return false;
      if (/^\d+$/.test(trimmed)) {
        const hops = Number(trimmed);
        return (_address, hop) => hop < hops;
      }
      return trimmed
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
    }),
  UPLOAD_MAX_MB: z.coerce.number().min(0.001).max(1024).default(20),
  UPLOAD_MAX_FILES: z.coerce.number().int().min(1).max(100).default(20),
  /** Days a case may sit in Pendiente Documentación before the Diario gets a chase task (docs/decisions/043). */
  TAREA_DOCUMENTACION_DIAS: z.coerce.number().int().min(1).max(365).default(10),
  /** Online backups kept in DATA_DIR/backups: the older ones are removed after each new one (docs/decisions/076). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(BACKUP_KEEP_DEFAULT),
  /** Unset: no scheduled backup; HH:MM in Argentina: one online backup a day from then on, by one node (docs/decisions/076). */
  BACKUP_HORA: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 00:00 to 23:59').optional(),
  /** Below this much free space the storage counts as full: uploads answer 507, readiness 503. */
  STORAGE_MIN_FREE_MB: z.coerce.number().min(0).default(100),
  /** Where documents live: `disk` (DATA_DIR/files) or `s3` (an S3-compatible bucket, S3_* below; decision 045). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  /** Unset: AWS itself; else the address of an S3-compatible server (`http://minio:9000`). */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Both or neither; neither: the SDK's own chain (AWS_* variables, the instance's role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true` for most self-hosted servers (MinIO, Ceph, Garage): the bucket in the path, not the host name. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().min(0.1).default(15),
  /** Higher than per account: several people of one office share an address. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /**
   * A username past LOGIN_MAX_FAILURES is slowed, never refused (docs/decisions/079): its captcha
   * costs 2, 4, 8… times as much, up to this factor, and each attempt waits this many ms per
   * failure past the limit (at most 10 of them).
   */
  LOGIN_STEP_UP_MAX_FACTOR: z.coerce.number().int().min(1).max(1024).default(16),
  LOGIN_STEP_UP_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * Who must have a second factor: `off`, `admins` or `all` (docs/decisions/028). Unset: `admins` in
   * production, `off` otherwise; the older ADMIN_REQUIRE_TOTP=true|false still means admins|off.
   */
  REQUIRE_TOTP: z.enum([TOTP_REQUIREMENT.off, TOTP_REQUIREMENT.admins, TOTP_REQUIREMENT.all]).optional(),
  ADMIN_REQUIRE_TOTP: bool.optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /**
   * A request's head must arrive within HTTP_HEADERS_TIMEOUT_SECONDS and the whole request within
   * HTTP_REQUEST_TIMEOUT_SECONDS, else 408 in Spanish and the connection closed (docs/decisions/075).
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(600),
  ADMIN_USERNAME: z.string().default('admin@siniestros.local'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ORG_ACRONYM: z.string().default('SGS'),
  ORG_NAME: z.string().default('Gestión de Siniestros'),
  /** Where convenios are signed, as it reads after 'en': 'En la Ciudad Autónoma de Buenos Aires, a los…'. */
  CONVENIO_LUGAR: z.string().min(1).default('la Ciudad Autónoma de Buenos Aires'),
  /** Working days a convenio gives the insurer to pay (its payment clause). */
  CONVENIO_PLAZO_PAGO_DIAS: z.coerce.number().int().min(1).max(365).default(15),
  /** The daily e-mail digest (docs/decisions/050): unset SMTP_HOST, no e-mail is sent. */
  SMTP_HOST: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  /** `true`: TLS from the start (usually port 465); `false`: STARTTLS when the server offers it. */
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().optional(),
  /** The sender, `Siniestros <siniestros@oficina.com.ar>`; required with SMTP_HOST. */
  SMTP_FROM: z.string().min(3).optional(),
  /** When the digest goes, HH:MM in Argentina (the first run of the job from then on). */
  RESUMEN_HORA: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 00:00 to 23:59').default('08:00'),
  /** The address users open the app at (`https://siniestros.oficina.com.ar`): the digest links to it. */
  APP_URL: z.string().url().optional(),
  /**
   * LibreOffice's `soffice`, which turns office documents into PDF (the convenio a distancia,
   * decision 084); unset: `soffice` when found on PATH; `off`: never (the .docx is published).
   */
  SOFFICE_PATH: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  SWAGGER_UI: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  uploadMaxBytes: number;
  storageMinFreeBytes: number;
  isProduction: boolean;
  swaggerUi: boolean;
  requireTotp: TotpRequirement;
  /** The roles that must have a second factor (REQUIRE_TOTP). */
  totpRequiredRoles: readonly Rol[];
  /** LibreOffice's soffice to convert documents to PDF with (SOFFICE_PATH); null: none. */
  sofficePath: string | null;
};

/** REQUIRE_TOTP wins; then the older ADMIN_REQUIRE_TOTP; then Admins in production only (ASVS 6.3.3). */
function totpRequirementOf(config: z.infer<typeof configSchema>): TotpRequirement {
  if (config.REQUIRE_TOTP) return config.REQUIRE_TOTP;
  if (config.ADMIN_REQUIRE_TOTP !== undefined) return config.ADMIN_REQUIRE_TOTP ? TOTP_REQUIREMENT.admins : TOTP_REQUIREMENT.off;
  return config.NODE_ENV === 'production' ? TOTP_REQUIREMENT.admins : TOTP_REQUIREMENT.off;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const config = parsed.data;
  if (config.SESSION_IDLE_MINUTES >= config.SESSION_HOURS * 60) {
    throw new Error(
      `Invalid configuration:\nSESSION_IDLE_MINUTES: must be shorter than SESSION_HOURS (${config.SESSION_IDLE_MINUTES} min >= ${config.SESSION_HOURS} h)`,
    );
  }
  if (config.STORAGE === 's3' && !config.S3_BUCKET) throw new Error('Invalid configuration:\nS3_BUCKET: required with STORAGE=s3');
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\nS3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (config.SMTP_HOST && !config.SMTP_FROM) throw new Error('Invalid configuration:\nSMTP_FROM: required with SMTP_HOST');
  const isProduction = config.NODE_ENV === 'production';
  const requireTotp = totpRequirementOf(config);
  return {
    ...config,
    // Relative to where the operator ran npm (INIT_CWD), not to apps/server where npm runs the script.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR),
    uploadMaxBytes: Math.round(config.UPLOAD_MAX_MB * 1024 * 1024),
    storageMinFreeBytes: Math.round(config.STORAGE_MIN_FREE_MB * 1024 * 1024),
    isProduction,
    swaggerUi: config.SWAGGER_UI ?? !isProduction,
    requireTotp,
    totpRequiredRoles: totpRequiredRoles(requireTotp),
    sofficePath: config.SOFFICE_PATH === 'off' ? null : (config.SOFFICE_PATH ?? sofficeOnPath(env.PATH ?? process.env.PATH)),
  };
}
