import { ROL, type Usuario } from '@siniestros/domain';
import { useUsers } from './users';

/** Who may be an analyst or the routing's fallback: active Admin and User users (docs/decisions/083). */
export const puedeSerAnalista = (user: Usuario) => user.activo && (user.rol === ROL.ADMIN || user.rol === ROL.USER);

/** The active Admin and User users as select options ('apellido nombre (username)'). */
export function useUsuariosAnalistas() {
  const users = useUsers();
  return (users.data ?? []).filter(puedeSerAnalista).map((user) => ({ value: String(user.id), label: `${user.apellido} ${user.nombre} (${user.username})` }));
}
