export { useTareasCaso } from './api/get-tareas';
