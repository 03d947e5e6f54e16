export { HistorialDialog } from './components/HistorialDialog';
