import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// A file of the build, served from 'self' like ALTCHA's workers (the CSP's worker-src, docs/decisions/085).
GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Opens a PDF's bytes with pdf.js. Imported lazily by the document viewer, so the library is a
 * chunk of its own that only a screen opening a PDF loads.
 */
export function abrirPdf(bytes: ArrayBuffer) {
  // No scripting, no XFA forms: the viewer shows the pages and nothing else (pdf.js 5 no longer compiles with eval).
  return getDocument({ data: new Uint8Array(bytes), enableXfa: false });
}
