import { API_BASE } from '../../../lib/api';

/** GET /documentacion/i/{caseId}: the PDF report, opened in a new tab (decision 000). */
export const informeUrl = (idCaso: number) => `${API_BASE}/documentacion/i/${idCaso}`;
