export { useAppConfig } from './api/get-app-config';
export { useLogout } from './api/logout';
export { TotpDialog } from './components/TotpDialogLoader';
export { homeFor } from './home';
export { useTotpSetupRequired } from './hooks/use-totp-setup-required';
