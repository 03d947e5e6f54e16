import { useEffect, useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { AUTH_MESSAGES, TOTP, TOTP_MESSAGES, totpCodeSchema, type TotpEnrolment } from '@siniestros/domain';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { useConfirmTotp } from '../api/confirm-totp';
import { useDisableTotp } from '../api/disable-totp';
import { useSession } from '../api/get-session';
import { useStartTotp } from '../api/start-totp';
import { TotpCodeInput } from './TotpCodeInput';

type Props = { opened: boolean; onClose: () => void; isRequired: boolean; onEnabled: () => void };

/** The signed-in user's optional second factor (docs/decisions/022): enrol, confirm, turn off. */
export function TotpDialog({ opened, onClose, isRequired, onEnabled }: Props) {
  const session = useSession();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { refetch } = session;

  // The sign-in answer does not say whether the user has a factor; /users/auth does.
  useEffect(() => {
    if (opened) void refetch();
  }, [opened, refetch]);

  const close = () => {
    setEnrolment(null);
    setCode('');
    setError(null);
    onClose();
  };

  const parseCode = () => {
    const parsed = totpCodeSchema.safeParse({ totp: code });
    if (parsed.success) return parsed.data;
    setError(parsed.error.issues[0]!.message);
    return null;
  };

  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (result) => {
        setEnrolment(result);
        setCode('');
        setError(null);
      },
      onError: (failure) => notifyApiError(failure, AUTH_MESSAGES.network),
    });

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
      onError: (failure) => notifyApiError(failure, AUTH_MESSAGES.totpInvalid),
    });
  };

  const onDisable = (event: React.FormEvent) => {
    event.preventDefault();
    const body = parseCode();
    if (!body) return;
    disable.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(result.message || TOTP_MESSAGES.disabled);
        close();
      },
      onError: (failure) => notifyApiError(failure, AUTH_MESSAGES.totpInvalid),
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
  const hasTotp = session.data?.totp === true;

  return (
    <Modal opened={opened} onClose={close} title="Segundo factor" centered size="lg">
      <Stack>
        {isRequired && !hasTotp && (
          <Alert color="orange" role="alert">
            {AUTH_MESSAGES.totpSetupRequired}
          </Alert>
        )}
        {session.isFetching && !session.data ? null : hasTotp ? (
          <form onSubmit={onDisable} noValidate>
            <Stack>
              <Text size="sm">La verificación en dos pasos está activa. Para desactivarla ingrese un código actual de su aplicación.</Text>
              {codeInput}
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
          <Stack>
            <Text size="sm">
              La verificación en dos pasos pide, además de la contraseña, un código de {TOTP.digits} dígitos de una aplicación de autenticación
              (Google Authenticator, Microsoft Authenticator, FreeOTP…).
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button onClick={onStart} loading={start.isPending} data-autofocus>
                Generar clave
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
