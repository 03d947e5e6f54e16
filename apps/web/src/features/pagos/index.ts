export { PagosPanel } from './components/PagosPanel';
export { PagosTarjeta } from './components/PagosTarjeta';
