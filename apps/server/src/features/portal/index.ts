export { createPortalAdminService, type PortalAdminService } from './portal.admin.service';
export { portalAdminRoutes } from './portal.admin.routes';
export { createPortalStaffService, type PortalStaffService } from './portal.staff.service';
export { portalStaffRoutes } from './portal.staff.routes';
export { createPortalClaimantService } from './portal.claimant.service';
export { portalClaimantRoutes } from './portal.claimant.routes';
export { createPortalConvenioService, type PortalConvenioService } from './portal.convenio.service';
export { portalConvenioStaffRoutes } from './portal.convenio.routes';
