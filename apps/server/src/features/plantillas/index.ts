export { plantillasRoutes } from './plantillas.routes';
export { createPlantillasService, type PlantillasService } from './plantillas.service';
export { generatedDocumentsRoutes } from './plantillas.generated.routes';
export { createGeneratedDocumentsService, type GeneratedDocumentsService } from './plantillas.generated.service';
