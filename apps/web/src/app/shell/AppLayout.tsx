import { lazy, Suspense, useState } from 'react';
import { Alert, AppShell, Burger, Divider, Group, Menu, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery, useNetwork } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconShieldLock, IconUserCircle, IconWifiOff } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { CIERRE_SALIDA_TEXTS, LOGOUT_DELAY_MS, ROL, SIN_CONEXION } from '@siniestros/domain';
import { confirmAction } from '../../lib/confirm';
import { useSession } from '../../lib/session';
import { useVisorLateralAbierto, VISOR_LATERAL_ANCHO, VISOR_LATERAL_ID, VISOR_LATERAL_MIN } from '../../lib/visor-lateral';
import { TotpDialog, useAppConfig, useLogout, useTotpSetupRequired } from '../../features/auth';
import { notifyApiError } from '../../lib/notify';
import { menuFor, type MenuEntry } from './menu';
import { usePreferencias } from '../../features/preferencias';
import { AtajosSheet, useAtajoAyuda } from './AtajosSheet';
import classes from './AppLayout.module.css';

// The office's bell, loaded for the office only: the inspector's first screen does not carry it
// (docs/decisions/088, the 250 KB budget).
const NotificacionesBell = lazy(async () => ({ default: (await import('../../features/notificaciones')).NotificacionesBell }));

// The inspector's sender of closes saved offline (issue 43 item 3, docs/decisions/091): IndexedDB's
// code stays out of the office's first script.
const EnvioDeCierres = lazy(() => import('../../features/inspeccion/salida/EnvioDeCierres'));

// The command palette (Ctrl/⌘+K, docs/decisions/100), for the office: Spotlight's code in a chunk of its own.
const Paleta = lazy(() => import('./Paleta'));

/** How many closes of `usr` wait on this device (0 when the device cannot tell). */
async function cierresSinEnviar(usr: string | undefined): Promise<number> {
  if (!usr) return 0;
  const { cierresDe } = await import('../../lib/device/salida');
  return (await cierresDe(usr).catch(() => [])).length;
}

const MAIN_ID = 'contenido';
const NAV_ID = 'menu-principal';

export function AppLayout() {
  const [isOpen, { toggle, close }] = useDisclosure();
  // Below the 'sm' breakpoint (phones, 200 % zoom) the menu slides off screen when closed:
  // inert takes its links out of the Tab order and away from screen readers.
  const isMenuCollapsed = useMediaQuery('(max-width: 47.99em)', false) && !isOpen;
  const isVisorAbierto = useVisorLateralAbierto();
  const session = useSession();
  const config = useAppConfig();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = menuFor(session.data?.rol);
  // The browser's own word, and a session opened from the device (docs/decisions/088).
  const isOffline = !useNetwork().online || Boolean(session.data?.sinConexion);
  const totpSetup = useTotpSetupRequired();
  // The user's colour scheme and row density, as the server keeps them (docs/decisions/101).
  usePreferencias();
  const isStaff = session.data?.rol === ROL.ADMIN || session.data?.rol === ROL.USER;
  const [isAtajosOpen, atajos] = useDisclosure();
  useAtajoAyuda(isStaff ? atajos.open : undefined);
  const [isTotpOpen, setTotpOpen] = useState(false);
  const [seenTotpSignal, setSeenTotpSignal] = useState(0);
  // REQUIRE_TOTP: lead the user to the enrolment instead of screens that answer 403.
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

  const salir = (olvidar: boolean) => {
    const usr = session.data?.usr;
    logout.mutate(undefined, {
      onSuccess: () => {
        // The user chose to leave with closes unsent: theirs leave the device (nobody else's).
        if (olvidar && usr) void import('../../lib/device/salida').then(({ olvidarCierres }) => olvidarCierres(usr));
        setTimeout(() => navigate('/', { replace: true }), LOGOUT_DELAY_MS);
      },
      onError: (error) => notifyApiError(error, 'Ocurrió un error al cerrar sesión.'),
    });
  };
  // Closes still on the device: asked first; NO stays signed in and keeps them.
  const onLogout = () => {
    if (session.data?.rol !== ROL.INSPECTOR) return salir(false);
    void cierresSinEnviar(session.data.usr).then((n) => (n > 0 ? confirmAction(CIERRE_SALIDA_TEXTS.salirConPendientes(n), () => salir(true)) : salir(false)));
  };

  const link = (entry: MenuEntry) => (
    <NavLink
      key={entry.to}
      component={Link}
      to={entry.to}
      label={entry.label}
      active={location.pathname === entry.to}
      onClick={onEntry(entry)}
    />
  );

  const skipToContent = (event: React.MouseEvent) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !isOpen } }}
      aside={{ width: VISOR_LATERAL_ANCHO, breakpoint: VISOR_LATERAL_MIN, collapsed: { desktop: !isVisorAbierto, mobile: true } }}
      padding="md"
    >
      <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skipToContent}>
        Saltar al contenido
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={isOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Menú"
              aria-expanded={isOpen}
              aria-controls={NAV_ID}
            />
            <Text fw={700} size="lg" title={config.data?.orgName}>
              {config.data?.orgAcronym ?? ''}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap" miw={0}>
            {(session.data?.rol === ROL.ADMIN || session.data?.rol === ROL.USER) && (
              <Suspense fallback={null}>
                <NotificacionesBell />
              </Suspense>
            )}
            <Menu position="bottom-end" width={220} shadow="md">
              <Menu.Target>
                <UnstyledButton
                  aria-label={`Menú de usuario ${session.data?.usr ?? ''}`.trim()}
                  miw={0}
                  py={4}
                  px={6}
                  style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                >
                  <Group gap={6} wrap="nowrap" miw={0}>
                    <IconUserCircle size={20} style={{ flexShrink: 0 }} />
                    <Text size="sm" truncate data-testid="header-user">
                      {session.data?.usr}
                    </Text>
                    <IconChevronDown size={14} style={{ flexShrink: 0 }} />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to="/mi-cuenta" leftSection={<IconUserCircle size={16} />}>
                  Mi cuenta
                </Menu.Item>
                <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => setTotpOpen(true)}>
                  Segundo factor
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout} disabled={logout.isPending}>
                  Cerrar Sesión
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menú principal" id={NAV_ID} inert={isMenuCollapsed}>
        <AppShell.Section grow component={ScrollArea}>
          {menu.main.map(link)}
          {menu.admin.length > 0 && <Divider my="xs" />}
          {menu.admin.map(link)}
        </AppShell.Section>
        <AppShell.Section>
          <Divider my="xs" />
          <NavLink
            component="button"
            label="Cerrar Sesión"
            leftSection={<IconLogout size={16} />}
            onClick={onLogout}
            disabled={logout.isPending}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        {isOffline && (
          <Alert color="yellow" icon={<IconWifiOff size={18} />} mb="md" role="status" data-testid="sin-conexion">
            {SIN_CONEXION.aviso}
          </Alert>
        )}
        <Outlet />
        {session.data?.rol === ROL.INSPECTOR && (
          <Suspense fallback={null}>
            <EnvioDeCierres usr={session.data.usr} />
          </Suspense>
        )}
      </AppShell.Main>
      {/* The document viewer draws itself here while open (lib/visor-lateral.ts). */}
      <AppShell.Aside id={VISOR_LATERAL_ID} aria-label="Vista previa" inert={!isVisorAbierto} />
      {isStaff && (
        <Suspense fallback={null}>
          <Paleta rol={session.data!.rol} onAyuda={atajos.open} />
        </Suspense>
      )}
      <AtajosSheet opened={isAtajosOpen} onClose={atajos.close} />
      <TotpDialog opened={isTotpOpen} onClose={() => setTotpOpen(false)} isRequired={totpSetup.isRequired} onEnabled={totpSetup.clear} />
    </AppShell>
  );
}
