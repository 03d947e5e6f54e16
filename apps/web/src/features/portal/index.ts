export { PortalPanel } from './components/PortalPanel';
export { BandejaRecibidosScreen, BANDEJA_TITULO } from './components/BandejaRecibidosScreen';
export { DocumentacionRequeridaScreen, DOCUMENTACION_REQUERIDA_TITULO } from './components/DocumentacionRequeridaScreen';
