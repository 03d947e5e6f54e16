import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { FullScreenLoader } from '../../../components/FullScreenLoader';
import { useAppConfig } from '../api/get-app-config';
import { useSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useCargarPreferencias } from '../../preferencias';
import { useRequestUnlock } from '../api/unlock';
import { checkLogin } from '../check-login';
import { homeFor } from '../home';
import { Captcha } from './Captcha';
import { TotpCodeInput } from './TotpCodeInput';

/** Spec §8, login: 401 → the server's message; other statuses and network failures → fixed texts. */
function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_MESSAGES.loginException;
  if (error.status === 0) return AUTH_MESSAGES.network;
  if (error.status === 401 || error.status === 429 || error.status === 400) return error.message || AUTH_MESSAGES.badCredentials;
  return `Error del servidor: ${error.status}`;
}

/** docs/decisions/022: a right password of a user with a second factor answers 401 naming `totp`. */
const asksForCode = (error: unknown) => error instanceof ApiError && error.status === 401 && error.errors[0]?.path === 'totp';

/** Messages that are not errors of the user's: shown in yellow. */
const NOTICES: string[] = [AUTH_MESSAGES.captchaStepUp, AUTH_MESSAGES.unlockSent];

/** docs/decisions/079: failed sign-ins against this username ask for its harder captcha. */
const asksForStepUp = (error: unknown) => error instanceof ApiError && error.status === 400 && error.message === AUTH_MESSAGES.captchaStepUp;

export function LoginScreen() {
  const session = useSession();
  const config = useAppConfig();
  // The user's colour scheme before the first screen (docs/decisions/101): no flash of another's.
  const login = useLogin(useCargarPreferencias());
  const unlock = useRequestUnlock();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  /** The username whose harder captcha is being solved, to send the form again once it is (decision 079). */
  const [stepUpFor, setStepUpFor] = useState<string | undefined>();
  const retryWhenSolved = useRef(false);
  const sendAgain = useRef<(payload: string) => void>(() => undefined);
  const onCaptcha = useCallback((payload: string | undefined) => {
    setCaptcha(payload);
    if (payload && retryWhenSolved.current) {
      retryWhenSolved.current = false;
      sendAgain.current(payload);
    }
  }, []);

  /** `isStepUpRetry`: the step-up's message stays until the answer comes. */
  const send = (captchaPayload: string | undefined, needsCaptcha: boolean, isStepUpRetry = false) => {
    const checked = checkLogin({ username, password, captcha: captchaPayload, totp: needsCode ? code : undefined }, needsCaptcha);
    if ('message' in checked) return setMessage(checked.message);
    if (!isStepUpRetry) setMessage(null);
    login.mutate(checked.data, {
      onSuccess: (result) => navigate(homeFor(result.rol), { replace: true }),
      onError: (error) => {
        setMessage(loginErrorMessage(error));
        if (asksForCode(error)) {
          setNeedsCode(true);
          setCode('');
        }
        // The harder challenge for this username is solved by itself, then the form goes again.
        const stepUp = asksForStepUp(error);
        // Kept for this username: its next attempts solve the harder captcha from the start.
        if (stepUp) setStepUpFor(username);
        retryWhenSolved.current = stepUp;
        // A captcha solution is good for one attempt only.
        setCaptcha(undefined);
        setCaptchaKey((key) => key + 1);
      },
    });
  };

  useEffect(() => {
    sendAgain.current = (payload) => send(payload, true, true);
  });

  if (session.isPending || config.isPending) return <FullScreenLoader />;
  if (session.data) return <Navigate to={homeFor(session.data.rol)} replace />;
  const needsCaptcha = config.data?.captcha !== 'off';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send(captcha, needsCaptcha);
  };
  // A username edited after the step-up gets the ordinary captcha again.
  const captchaUser = stepUpFor !== undefined && stepUpFor === username ? stepUpFor : undefined;

  return (
    <Center component="main" mih="100vh" bg="var(--siniestros-fondo)" p="md">
      <Paper component="form" onSubmit={submit} noValidate withBorder shadow="sm" p="xl" radius="md" w={380} maw="100%">
        <Stack>
          <Title order={1} size="h2" ta="center">
            {config.data?.orgName ?? 'Siniestros'}
          </Title>
          {message && (
            <Alert color={NOTICES.includes(message) ? 'yellow' : 'red'} role="alert">
              {message}
            </Alert>
          )}
          <TextInput label="Usuario" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
          <PasswordInput label="Contraseña" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          {needsCode && <TotpCodeInput value={code} onChange={setCode} />}
          {/* The server takes each captcha once: the second step solves a fresh one by itself. */}
          {needsCaptcha && (
            <Captcha key={captchaKey} onChange={onCaptcha} usuario={captchaUser} auto={needsCode || captchaUser ? 'onload' : undefined} />
          )}
          <Button type="submit" disabled={login.isPending} fullWidth>
            {login.isPending ? 'Cargando...' : 'Ingresar'}
          </Button>
          {/* docs/decisions/079: whoever is slowed by someone else's guesses may skip the wait by e-mail. */}
          {captchaUser && config.data?.desbloqueo && (
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={unlock.isPending}
              onClick={() =>
                unlock.mutate(captchaUser, {
                  onSuccess: (result) => setMessage(result.message),
                  onError: (error) => setMessage(loginErrorMessage(error)),
                })
              }
            >
              {AUTH_MESSAGES.unlockAsk}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
