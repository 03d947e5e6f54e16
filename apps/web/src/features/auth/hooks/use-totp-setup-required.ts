import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@siniestros/domain';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/session';

const isSetupRequired = (error: unknown) => error instanceof ApiError && error.status === 403 && error.message === AUTH_MESSAGES.totpSetupRequired;

/**
 * REQUIRE_TOTP (docs/decisions/022, 028): a user whose role must have a second factor and has
 * none is told so at sign-in, by the session (`totp_required` without `totp`) and by every 403
 * until they enrol; any of them turns this on so the shell can open the enrolment dialog instead of
 * leaving screens that fail silently.
 */
export function useTotpSetupRequired() {
  const queryClient = useQueryClient();
  const session = useSession();
  const [forbiddenCount, setForbiddenCount] = useState(0);
  const [wasFlagged, setWasFlagged] = useState(false);
  const [isEnabled, setEnabled] = useState(false);
  // The sign-in answer flags it; after a reload the session says it. Kept once seen (the session refetches).
  const isFlagged = session.data?.totp_setup_required || (session.data?.totp_required && session.data.totp === false);
  if (isFlagged && !wasFlagged) setWasFlagged(true);
  const onError = (error: unknown) => {
    if (isSetupRequired(error)) setForbiddenCount((count) => count + 1);
  };

  useEffect(() => {
    const onQuery = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const onMutation = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      onQuery();
      onMutation();
    };
  }, [queryClient]);

  /** Grows with every sign that enrolment is required, so the shell can open the dialog again. */
  const signal = forbiddenCount + (wasFlagged ? 1 : 0);
  return { isRequired: signal > 0 && !isEnabled, signal, clear: () => setEnabled(true) };
}
