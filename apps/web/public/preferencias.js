// Run before the first paint (docs/decisions/101): the colour scheme and the row density this
// browser last had, so a dark page never shows white first. A classic script of the same origin
// (the CSP allows no inline script); its keys are ESQUEMA_KEY and DENSIDAD_KEY of
// src/lib/preferencias-local.ts, and 'auto' follows the system, as Mantine's provider does.
/* global document, window */
(function () {
  try {
    var root = document.documentElement;
    var esquema = localStorage.getItem('siniestros.esquema');
    if (esquema === 'auto') esquema = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    root.setAttribute('data-mantine-color-scheme', esquema === 'dark' ? 'dark' : 'light');
    if (localStorage.getItem('siniestros.densidad') === 'compacta') root.setAttribute('data-densidad', 'compacta');
  } catch {
    // No storage (a private window that refuses it): the light scheme, as before.
  }
})();
