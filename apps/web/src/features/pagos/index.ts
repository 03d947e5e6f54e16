export { PagosPanel } from './components/PagosPanel';
export { PagosTarjeta } from './components/PagosTarjeta';
export { usePagos } from './api/get-pagos';
