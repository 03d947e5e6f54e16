import { useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Checkbox, Group, Loader, Paper, Text } from '@mantine/core';
import { solveCaptcha } from '../altcha';

/**
 * `onload`: the widget solves by itself as soon as it appears (the second sign-in step, a step-up).
 * `usuario`: solve the challenge issued for that username (docs/decisions/079).
 */
type Props = { onChange: (payload: string | undefined) => void; auto?: 'onload'; usuario?: string };

type State = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error';

/** ALTCHA's own widget's texts in es-419 (its i18n file), word for word. */
const TEXTS = {
  unverified: 'No soy un robot',
  verifying: 'Verificando...',
  verified: 'Verificado',
  expired: 'La verificación expiró. Por favor inténtalo de nuevo.',
  error: 'Falló la verificación. Por favor vuelve a intentarlo más tarde.',
};

/**
 * ALTCHA proof of work (decision 001) behind a checkbox, in the widget's words and layout: its
 * own widget (Svelte) was 30 KB gzipped of the login route's script (docs/decisions/066).
 */
export function Captcha({ onChange, auto, usuario }: Props) {
  const [state, setState] = useState<State>(auto === 'onload' ? 'verifying' : 'unverified');
  const solving = useRef<AbortController | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Solves a fresh challenge; the state is 'verifying' meanwhile. */
  const solve = useCallback(() => {
    const controller = new AbortController();
    solving.current = controller;
    solveCaptcha(controller, usuario).then(
      (solved) => {
        if (!solved) return;
        setState('verified');
        onChange(solved.payload);
        if (solved.expiresAt === undefined) return;
        const expire = () => {
          setState('expired');
          onChange(undefined);
        };
        expiry.current = setTimeout(expire, solved.expiresAt * 1000 - Date.now());
      },
      () => {
        if (!controller.signal.aborted) setState('error');
      },
    );
  }, [onChange, usuario]);

  useEffect(() => {
    if (auto === 'onload') solve();
    return () => {
      solving.current?.abort();
      clearTimeout(expiry.current);
    };
  }, [auto, solve]);

  const isSolvedOrSolving = state === 'verifying' || state === 'verified';
  const verify = () => {
    if (isSolvedOrSolving) return;
    setState('verifying');
    solve();
  };
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Checkbox
          size="md"
          checked={state === 'verified'}
          onChange={verify}
          label={<span aria-live="polite">{isSolvedOrSolving ? TEXTS[state] : TEXTS.unverified}</span>}
        />
        {state === 'verifying' && <Loader size="sm" aria-hidden />}
      </Group>
      {(state === 'expired' || state === 'error') && (
        <Text role="alert" size="sm" c="red" mt="xs">
          {TEXTS[state]}
        </Text>
      )}
      <Group justify="flex-end" mt={4}>
        <Text size="xs" c="dimmed">
          Protegido por{' '}
          <Anchor
            href="https://altcha.org/"
            target="_blank"
            tabIndex={-1}
            aria-label="Altcha (sitio web oficial)"
            c="dimmed"
            underline="never"
          >
            ALTCHA
          </Anchor>
        </Text>
      </Group>
    </Paper>
  );
}
