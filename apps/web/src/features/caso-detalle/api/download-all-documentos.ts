import { API_BASE } from '../../../lib/api';

/**
 * GET /documentacion/{caseId}: every document in one zip. Followed as a plain link so the
 * browser streams it to disk instead of holding the whole zip in memory.
 */
export const allDocumentosUrl = (idCaso: number) => `${API_BASE}/documentacion/${idCaso}`;
