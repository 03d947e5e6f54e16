export { useUsers } from './api/users';
export { useUsuariosAnalistas } from './api/usuarios-analistas';
