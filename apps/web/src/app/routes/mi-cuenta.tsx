export { MiCuentaScreen as Component } from '../../features/account/components/MiCuentaScreen';
