import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PORTAL_PAGINA } from '@siniestros/domain/portal';
import { PortalApp } from './PortalApp';
import './portal.css';

document.title = PORTAL_PAGINA.titulo;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
