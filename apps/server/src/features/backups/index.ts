/** Online backups of the running office (docs/decisions/076). */
export { createBackupsService, type BackupsService } from './backups.service';
export { backupsRoutes } from './backups.routes';
