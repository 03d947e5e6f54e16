import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, Code, CopyButton, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, ROL, TOTP, TOTP_MESSAGES, totpCodeSchema, USER_MESSAGES, type TotpEnrolment } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useConfirmTotp } from '../api/confirm-totp';
import { useDisableTotp } from '../api/disable-totp';
import { useSession } from '../../../lib/session';
import { useStartTotp } from '../api/start-totp';
import { TotpCodeInput } from './TotpCodeInput';

type Props = { opened: boolean; onClose: () => void; isRequired: boolean; onEnabled: () => void };

/** The server's message for one field of the form, when it named that field. */
const fieldMessage = (error: unknown, field: string) =>
  error instanceof ApiError ? (error.errors.find((item) => item.path === field)?.message ?? null) : null;

/**
 * The signed-in user's second factor (docs/decisions/022, 028): enrol after the current password,
 * confirm with a code, turn off with a code or (not an Admin) the current password.
 */
export function TotpDialog({ opened, onClose, isRequired, onEnabled }: Props) {
  const session = useSession();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [isByPassword, setByPassword] = useState(false);
  const { refetch } = session;

  // The sign-in answer does not say whether the user has a factor; /users/auth does.
  useEffect(() => {
    if (opened) void refetch();
  }, [opened, refetch]);

  const close = () => {
    setEnrolment(null);
    setCode('');
    setError(null);
    setPassword('');
    setPasswordError(null);
    setByPassword(false);
    onClose();
  };

  /** A wrong code or password shows under its field; anything else as a notification. */
  const showError = (failure: unknown, fallback: string) => {
    const onCode = fieldMessage(failure, 'totp');
    const onPassword = fieldMessage(failure, 'password');
    if (onCode) setError(onCode);
    if (onPassword) setPasswordError(onPassword);
    if (!onCode && !onPassword) notifyApiError(failure, fallback);
  };

  const parseCode = () => {
    const parsed = totpCodeSchema.safeParse({ totp: code });
    if (parsed.success) return parsed.data;
    setError(parsed.error.issues[0]!.message);
    return null;
  };

  const onStart = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) return setPasswordError(USER_MESSAGES.passwordCurrentRequired);
    start.mutate(
      { password },
      {
        onSuccess: (result) => {
          setEnrolment(result);
          setCode('');
          setError(null);
          setPassword('');
        },
        onError: (failure) => showError(failure, AUTH_MESSAGES.network),
      },
    );
  };

  const onConfirm = (event: React.FormEvent) => {
    event.preventDefault();
    const body = parseCode();
    if (!body) return;
    confirm.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(result.message || TOTP_MESSAGES.enabled);
        onEnabled();
        close();
      },
      onError: (failure) => showError(failure, AUTH_MESSAGES.totpInvalid),
    });
  };

  const onDisable = (event: React.FormEvent) => {
    event.preventDefault();
    if (isByPassword && !password) return setPasswordError(USER_MESSAGES.passwordCurrentRequired);
    const body = isByPassword ? { password } : parseCode();
    if (!body) return;
    disable.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(result.message || TOTP_MESSAGES.disabled);
        close();
      },
      onError: (failure) => showError(failure, AUTH_MESSAGES.totpInvalid),
    });
  };

  const codeInput = (
    <TotpCodeInput
      value={code}
      error={error}
      onChange={(value) => {
        setCode(value);
        setError(null);
      }}
    />
  );
  const passwordInput = (
    <PasswordInput
      label="Contraseña actual"
      autoComplete="current-password"
      data-autofocus
      value={password}
      error={passwordError}
      onChange={(event) => {
        setPassword(event.currentTarget.value);
        setPasswordError(null);
      }}
    />
  );
  const hasTotp = session.data?.totp === true;
  const isMandatory = session.data?.totp_required === true;
  // An Admin turns it off only with a code (docs/decisions/028).
  const mayUsePassword = session.data?.rol !== ROL.ADMIN;

  return (
    <Modal opened={opened} onClose={close} title="Segundo factor" centered size="lg">
      <Stack>
        {isRequired && !hasTotp && (
          <Alert color="orange" role="alert">
            {AUTH_MESSAGES.totpSetupRequired}
          </Alert>
        )}
        {session.isFetching && !session.data ? null : hasTotp && isMandatory ? (
          <Stack>
            <Text size="sm">La verificación en dos pasos está activa. Es obligatoria para su tipo de usuario: no puede desactivarla.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cerrar
              </Button>
            </Group>
          </Stack>
        ) : hasTotp ? (
          <form onSubmit={onDisable} noValidate>
            <Stack>
              <Text size="sm">
                La verificación en dos pasos está activa. Para desactivarla ingrese un código actual de su aplicación
                {mayUsePassword ? ' o su contraseña.' : '.'}
              </Text>
              {isByPassword ? passwordInput : codeInput}
              {mayUsePassword && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setByPassword((value) => !value);
                    setError(null);
                    setPasswordError(null);
                  }}
                >
                  {isByPassword ? 'Usar un código de la aplicación' : 'Usar mi contraseña'}
                </Anchor>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" color="red" loading={disable.isPending}>
                  Desactivar
                </Button>
              </Group>
            </Stack>
          </form>
        ) : enrolment ? (
          <form onSubmit={onConfirm} noValidate>
            <Stack>
              <Text size="sm">{enrolment.message}</Text>
              <Text size="sm">Si su aplicación no lee códigos QR, ingrese esta clave a mano:</Text>
              <Group gap="xs" wrap="nowrap">
                <Code fz="md" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                  {enrolment.secret}
                </Code>
                <CopyButton value={enrolment.secret}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copiado' : 'Copiar'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                Dirección para la aplicación:
              </Text>
              <Code block data-testid="totp-url" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {enrolment.otpauth_url}
              </Code>
              {codeInput}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" loading={confirm.isPending}>
                  Activar
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={onStart} noValidate>
            <Stack>
              <Text size="sm">
                La verificación en dos pasos pide, además de la contraseña, un código de {TOTP.digits} dígitos de una aplicación de autenticación
                (Google Authenticator, Microsoft Authenticator, FreeOTP…). Para activarla confirme su contraseña actual.
              </Text>
              {passwordInput}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancelar
                </Button>
                <Button type="submit" loading={start.isPending}>
                  Generar clave
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
