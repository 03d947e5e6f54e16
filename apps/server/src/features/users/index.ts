export { createLoginGuard } from './login-throttle';
export { createSessionsService, type CurrentUser, type SessionsService } from './sessions.service';
export { usersRoutes } from './users.routes';
export { createUsersService, hashPassword, type UsersService } from './users.service';
