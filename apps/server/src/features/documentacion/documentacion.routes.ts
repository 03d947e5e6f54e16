import type { FastifyInstance } from 'fastify';
import type { DocumentacionService } from './documentacion.service';

// TODO(stub): filled in by the feature's issue.
export function documentacionRoutes(app: FastifyInstance, documentacion: DocumentacionService) {
  void app;
  void documentacion;
}
