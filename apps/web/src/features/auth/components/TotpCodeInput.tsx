import { TextInput } from '@mantine/core';
import { TOTP } from '@siniestros/domain';

/** The 6-digit code box, shared with the sign-in form's second step. */
export function TotpCodeInput(props: { value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <TextInput
      label="Código de verificación"
      name="totp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={TOTP.digits}
      placeholder={'0'.repeat(TOTP.digits)}
      data-autofocus
      autoFocus
      value={props.value}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value.replace(/\D/g, ''))}
    />
  );
}
