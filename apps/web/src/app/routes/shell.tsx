import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { AppLayout } from '../shell/AppLayout';
import { SessionGuard } from '../../features/auth/components/SessionGuard';
import { TOAST_MS, useToastCarriedOverReload } from '../../lib/notify';

/** The signed-in shell, loaded apart so the login screen does not carry it. */
export function Component() {
  useToastCarriedOverReload();
  return (
    <ModalsProvider labels={{ confirm: 'SI', cancel: 'NO' }}>
      <Notifications position="top-right" limit={3} autoClose={TOAST_MS} />
      <SessionGuard>
        <AppLayout />
      </SessionGuard>
    </ModalsProvider>
  );
}
