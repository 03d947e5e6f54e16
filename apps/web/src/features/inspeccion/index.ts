export { InspeccionPanel } from './components/InspeccionPanel';
