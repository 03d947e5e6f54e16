export { subidasRoutes } from './subidas.routes';
export { createSubidasService, SUBIDAS_PATH, type DestinoCheck, type SubidaTomada, type SubidasService } from './subidas.service';
export { openSubidasStore } from './subidas.store';
