export { UsersScreen as Component } from '../../features/users/components/UsersScreen';
