/**
 * What jsdom lacks and Mantine's components use: media queries, element resizing and scrolling.
 * Component tests run the real components against these stand-ins (no mock of our code).
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { failOnUnexpectedConsoleErrors } from './src/lib/test-console-errors';

// waitFor and findBy* give up after 1 s by default: a busy 2-core machine renders slower than that
// (CasosScreen's waits failed in a fresh-clone run). A wait that passes returns as soon as it does.
configure({ asyncUtilTimeout: 10_000 });

// Hooks after a test run last-registered first: the components unmount, then their errors are read.
failOnUnexpectedConsoleErrors();
afterEach(cleanup);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStandIn;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// Autosize text areas re-measure when web fonts load.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
});
