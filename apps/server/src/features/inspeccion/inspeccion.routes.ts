import type { FastifyInstance } from 'fastify';
import type { InspeccionService } from './inspeccion.service';

// TODO(stub): filled in by the feature's issue.
export function inspeccionRoutes(app: FastifyInstance, inspeccion: InspeccionService) {
  void app;
  void inspeccion;
}
