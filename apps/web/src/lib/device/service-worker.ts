/**
 * The inspector's service worker (vite.config.ts, docs/decisions/088): registered once an
 * Inspector is signed in, after the page has loaded so it does not compete with the first screen.
 * It keeps only the build's files; a new build takes over by itself (skipWaiting, clientsClaim).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Refused (an old browser, a private window): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
