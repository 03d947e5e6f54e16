import type { FastifyInstance } from 'fastify';
import type { LetradosService } from './letrados.service';

// TODO(stub): filled in by the feature's issue.
export function letradosRoutes(app: FastifyInstance, letrados: LetradosService) {
  void app;
  void letrados;
}
