import type { FastifyInstance } from 'fastify';
import type { LesionadosService } from './lesionados.service';

// TODO(stub): filled in by the feature's issue.
export function lesionadosRoutes(app: FastifyInstance, lesionados: LesionadosService) {
  void app;
  void lesionados;
}
