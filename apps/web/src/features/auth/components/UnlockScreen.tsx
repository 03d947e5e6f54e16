import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { useConfirmUnlock } from '../api/unlock';

/**
 * The page of the unlock link (docs/decisions/079): the token travels after `#`, so it never
 * reaches a server log or a Referer; it is used only on the button, so a mail scanner that opens
 * the link does not spend it.
 */
export function UnlockScreen() {
  const confirm = useConfirmUnlock();
  const token = window.location.hash.replace(/^#/, '');
  const failure = confirm.error instanceof ApiError && confirm.error.status !== 0 ? confirm.error.message : confirm.error ? AUTH_MESSAGES.network : null;
  return (
    <Center component="main" mih="100vh" bg="var(--siniestros-fondo)" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} maw="100%">
        <Stack>
          <Title order={1} size="h2" ta="center">
            Desbloquear usuario
          </Title>
          {confirm.isSuccess ? (
            <Alert color="green" role="status">
              {confirm.data.message}
            </Alert>
          ) : (
            <>
              <Text size="sm">Hubo varios intentos fallidos con su usuario. Confirme para ingresar sin esperar.</Text>
              {(failure || !token) && (
                <Alert color="red" role="alert">
                  {failure ?? AUTH_MESSAGES.unlockInvalid}
                </Alert>
              )}
              <Button onClick={() => confirm.mutate(token)} loading={confirm.isPending} disabled={!token}>
                Desbloquear
              </Button>
            </>
          )}
          <Anchor component={Link} to="/" ta="center">
            Ir a iniciar sesión
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}
