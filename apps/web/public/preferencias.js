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

// A signed-in path's first screen (docs/decisions/105): the build names on this tag the page's first
// script, then the files asked once it has downloaded, while it runs. Not on the sign-in page ('/',
// '/desbloquear': isSignedInPath in src/app/router.tsx).
(function () {
  var names = document.currentScript && document.currentScript.getAttribute('data-primera-pantalla');
  var pathname = window.location.pathname;
  if (!names || !window.PerformanceObserver || pathname === '/' || pathname === '/desbloquear') return;
  var files = names.split(' ');
  var first = window.location.origin + files.shift();
  new PerformanceObserver(function (list, observer) {
    if (!list.getEntries().some(function (entry) { return entry.name === first; })) return;
    observer.disconnect();
    files.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = /\.css$/.test(href) ? 'stylesheet' : 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
  }).observe({ type: 'resource', buffered: true });
})();
