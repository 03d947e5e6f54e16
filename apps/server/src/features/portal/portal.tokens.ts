import crypto from 'node:crypto';

/**
 * The portal's secrets (docs/decisions/084): a link's token and a portal session's id are 32
 * random bytes in base64url; only their SHA-256 (hex) is stored, so a copy of the database opens
 * nothing.
 */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string => crypto.createHash('sha256').update(secret).digest('hex');

/** The link a claimant opens: the token rides in the fragment, which no browser sends to a server. */
export const portalLink = (appUrl: string, token: string): string => `${appUrl.replace(/\/+$/, '')}/portal#t=${token}`;

/** The portal session's cookie: its own name and path, never a staff session's. */
export const PORTAL_COOKIE = 'portal_sid';
export const PORTAL_COOKIE_PATH = '/api/portal';
