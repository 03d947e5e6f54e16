/**
 * The inspector's service worker (vite.config.ts, docs/decisions/088): registered once an
 * Inspector is signed in, after the page has loaded and its downloads have settled, so it does not
 * compete with the first screen (105).
 * It keeps only the build's files; a new build takes over by itself (skipWaiting, clientsClaim).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Refused (an old browser, a private window): the app works online as before.
    });
  };
  const afterLoad = () => void networkQuiet().then(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** No resource of the page finished for this long: the first screen's chunks and data are in. */
const QUIET_MS = 1_000;
/** The registration waits no longer than this for that quiet. */
const QUIET_WAIT_MAX_MS = 15_000;

/**
 * Resolves once the page's downloads have settled (docs/decisions/105): the precache's ~90 files
 * would otherwise share the slow network and HTTP/1.1's six connections with the first screen's
 * chunks and its agenda, which the load event does not wait for (they are imported after it).
 */
function networkQuiet(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined') return resolve();
    const done = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(cap);
      resolve();
    };
    let quiet = setTimeout(done, QUIET_MS);
    const cap = setTimeout(done, QUIET_WAIT_MAX_MS);
    const observer = new PerformanceObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, QUIET_MS);
    });
    observer.observe({ type: 'resource' });
  });
}
