import type { FastifyInstance } from 'fastify';
import type { CasosService } from './casos.service';

// TODO(stub): filled in by the feature's issue.
export function casosRoutes(app: FastifyInstance, casos: CasosService) {
  void app;
  void casos;
}
