export { plantillasRoutes } from './plantillas.routes';
export { createPlantillasService, type PlantillasService } from './plantillas.service';
