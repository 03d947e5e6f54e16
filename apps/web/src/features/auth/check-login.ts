import { loginSchema, MSG_CAPTCHA_REQUIRED, totpCodeSchema, type LoginInput } from '@siniestros/domain';

/** Spec §5, login: the form's first message, or the body to send. */
export function checkLogin(input: LoginInput, needsCaptcha: boolean): { message: string } | { data: LoginInput } {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return { message: parsed.error.issues[0]!.message };
  if (input.totp !== undefined) {
    const checked = totpCodeSchema.safeParse({ totp: input.totp });
    if (!checked.success) return { message: checked.error.issues[0]!.message };
  }
  if (needsCaptcha && !input.captcha) return { message: MSG_CAPTCHA_REQUIRED };
  return { data: parsed.data };
}
