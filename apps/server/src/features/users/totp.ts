import { Secret, TOTP as Totp } from 'otpauth';
import { TOTP } from '@siniestros/domain';

/** RFC 6238 TOTP with the parameters of `TOTP` in the domain (what authenticator apps expect). */
function totpOf(secretBase32: string, label = '', issuer = '') {
  return new Totp({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: TOTP.secretBytes }).base32;
}

/** The `otpauth://totp/...` URI an authenticator app reads from a QR code. */
export function totpUri(secretBase32: string, username: string, issuer: string): string {
  return totpOf(secretBase32, username, issuer).toString();
}

/** The code for `at` (tests and tools). */
export function totpCode(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The time step a code belongs to, or null when it matches none of the current step and its
 * neighbours (clock drift). The caller refuses a step it already accepted (single use).
 */
export function totpStepOf(secretBase32: string, code: string, at: Date): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP.acceptedSteps });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / TOTP.periodSeconds) + delta;
}
