// zod's messages in Spanish: imported here, the bundle would drop it from the domain's barrel (docs/decisions/027).
import '@siniestros/domain/zod-es';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { Providers } from './app/providers';
import { AppRoutes, isSignedInPath, preloadScreen } from './app/router';
import { appConfigQuery } from './features/auth/api/get-app-config';
import { pedirAgendaTemprana } from './features/inspeccion/api/agenda-temprana';
import { requestEarly } from './lib/api';
import { queryClient } from './lib/query-client';
import { sessionQuery } from './lib/session';

// Asked before the first render, while the screen's code downloads: who is signed in, the office's
// settings, and the shell and screen of the URL (docs/decisions/088); the inspector's agenda too.
// The requests leave in this order, the session's first: over HTTP/1.1's six connections a request
// waits behind every chunk asked before it, and the session check is what the screens wait for (105).
const { pathname } = window.location;
if (isSignedInPath(pathname)) {
  const session = requestEarly('/users/auth');
  requestEarly('/config');
  pedirAgendaTemprana(pathname, session);
}
void queryClient.prefetchQuery(sessionQuery);
void queryClient.prefetchQuery(appConfigQuery);
preloadScreen(pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
