export { AuditoriaDialog } from './components/AuditoriaDialog';
