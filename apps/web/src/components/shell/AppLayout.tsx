import { useState } from 'react';
import { ActionIcon, AppShell, Burger, Divider, Group, NavLink, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconShieldLock } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LOGOUT_DELAY_MS } from '@siniestros/domain';
import { useAppConfig } from '../../features/auth/api/get-app-config';
import { useSession } from '../../features/auth/api/get-session';
import { useLogout } from '../../features/auth/api/logout';
import { TotpDialog } from '../../features/auth/components/TotpDialog';
import { useTotpSetupRequired } from '../../features/auth/hooks/use-totp-setup-required';
import { notifyApiError } from '../../lib/notify';
import { menuFor, type MenuEntry } from './menu';

export function AppLayout() {
  const [isOpen, { toggle, close }] = useDisclosure();
  const session = useSession();
  const config = useAppConfig();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = menuFor(session.data?.rol);
  const totpSetup = useTotpSetupRequired();
  const [isTotpOpen, setTotpOpen] = useState(false);
  const [seenTotpSignal, setSeenTotpSignal] = useState(0);
  // ADMIN_REQUIRE_TOTP: lead the Admin to the enrolment instead of screens that answer 403.
  if (totpSetup.isRequired && totpSetup.signal > seenTotpSignal) {
    setSeenTotpSignal(totpSetup.signal);
    setTotpOpen(true);
  }

  const onEntry = (entry: MenuEntry) => (event: React.MouseEvent) => {
    close();
    // Spec §2: a click on /casos while already there reloads the whole page.
    if (entry.to === '/casos' && location.pathname === '/casos') {
      event.preventDefault();
      window.location.assign('/casos');
    }
  };

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => setTimeout(() => navigate('/', { replace: true }), LOGOUT_DELAY_MS),
      onError: (error) => notifyApiError(error, 'Ocurrió un error al cerrar sesión.'),
    });
  };

  const link = (entry: MenuEntry) => (
    <NavLink key={entry.to} component={Link} to={entry.to} label={entry.label} active={location.pathname === entry.to} onClick={onEntry(entry)} />
  );

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !isOpen } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menú" />
            <Text fw={700} size="lg" title={config.data?.orgName}>
              {config.data?.orgAcronym ?? ''}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Text size="sm" truncate data-testid="header-user">
              {session.data?.usr}
            </Text>
            <Tooltip label="Segundo factor">
              <ActionIcon variant="subtle" aria-label="Segundo factor" onClick={() => setTotpOpen(true)}>
                <IconShieldLock size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menú principal">
        <AppShell.Section grow component={ScrollArea}>
          {menu.main.map(link)}
          {menu.admin.length > 0 && <Divider my="xs" />}
          {menu.admin.map(link)}
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="xs" />
          <NavLink component="button" label="Cerrar Sesión" leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={logout.isPending} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <TotpDialog opened={isTotpOpen} onClose={() => setTotpOpen(false)} isRequired={totpSetup.isRequired} onEnabled={totpSetup.clear} />
    </AppShell>
  );
}
