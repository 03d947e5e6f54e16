import type { FastifyInstance } from 'fastify';
import type { MediacionService } from './mediacion.service';

// TODO(stub): filled in by the feature's issue.
export function mediacionRoutes(app: FastifyInstance, mediacion: MediacionService) {
  void app;
  void mediacion;
}
