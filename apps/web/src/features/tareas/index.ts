export { useTareasCaso } from './api/get-tareas';
export { MoverTareasCheckbox } from './components/MoverTareasCheckbox';
