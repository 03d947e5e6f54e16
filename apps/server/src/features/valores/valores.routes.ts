import type { FastifyInstance } from 'fastify';
import type { ValoresService } from './valores.service';

// TODO(stub): filled in by the feature's issue.
export function valoresRoutes(app: FastifyInstance, valores: ValoresService) {
  void app;
  void valores;
}
