export { plantillasRoutes } from './plantillas.routes';
export { createPlantillasService, type PlantillasService } from './plantillas.service';
export { generatedDocumentsRoutes } from './plantillas.generated.routes';
export { createGeneratedDocumentsService, type GeneratedDocumentsService } from './plantillas.generated.service';
// The report's embedded fonts, for the portal's signature certificate (docs/decisions/084).
export { REPORT_FONT, reportFonts } from './plantillas.fonts';
// The report's margins and page headers ('Página n de m'), for the inspection's Informe fotográfico (docs/decisions/086).
export { pdfEnMemoria, REPORT_MARGIN, writeHeaders } from './plantillas.report';
