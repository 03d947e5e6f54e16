import { useCallback, useEffect, useRef, useState } from 'react';
import { PORTAL_MESSAGES, PORTAL_PAGINA } from '@siniestros/domain/portal';
import { isEstado, portalApi, PortalError, type PortalEstado, type PortalInicio } from './portal.api';
import { DniPaso } from './DniPaso';
import { Reclamo } from './Reclamo';

type Vista =
  | { tipo: 'cargando' }
  /** The link is not valid, the session ended, the claimant left; `reintentar` when there was no answer at all. */
  | { tipo: 'aviso'; mensaje: string; reintentar: boolean }
  | { tipo: 'dni'; inicio: PortalInicio }
  | { tipo: 'reclamo'; estado: PortalEstado };

const tokenDelEnlace = () => new URLSearchParams(window.location.hash.slice(1)).get('t');

/** The token leaves the address bar (and the history) once the server has seen it (decision 084). */
const quitarToken = () => window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);

/**
 * On load: the link's token (`#t=…`) is exchanged for a portal session; without one, a reload
 * goes on with the session's cookie. Started once per page (React's StrictMode runs effects
 * twice in development).
 */
let arranque: Promise<PortalInicio | PortalEstado> | null = null;
function arrancar(): Promise<PortalInicio | PortalEstado> {
  arranque ??= (async () => {
    const token = tokenDelEnlace();
    if (!token) return portalApi.estado();
    let inicio: PortalInicio;
    try {
      inicio = await portalApi.sesion(token);
    } catch (error) {
      // Without an answer the token stays, so a reload tries it again.
      if (!(error instanceof PortalError && error.status === 0)) quitarToken();
      throw error;
    }
    quitarToken();
    return inicio.dni_ok ? portalApi.estado() : inicio;
  })();
  return arranque;
}

function vistaDe(data: PortalInicio | PortalEstado): Vista {
  return isEstado(data) ? { tipo: 'reclamo', estado: data } : { tipo: 'dni', inicio: data };
}

function avisoDe(error: unknown): Vista {
  if (!(error instanceof PortalError)) return { tipo: 'aviso', mensaje: PORTAL_PAGINA.errorServidor, reintentar: true };
  if (error.status === 401) return { tipo: 'aviso', mensaje: PORTAL_MESSAGES.sesionVencida, reintentar: false };
  return { tipo: 'aviso', mensaje: error.message, reintentar: error.status === 0 || error.status >= 500 };
}

export function PortalApp() {
  const [vista, setVista] = useState<Vista>({ tipo: 'cargando' });
  const titulo = useRef<HTMLHeadingElement>(null);
  const primeraVista = useRef(true);

  const empezar = useCallback(() => {
    arrancar().then(
      (data) => setVista(vistaDe(data)),
      (error: unknown) => setVista(avisoDe(error)),
    );
  }, []);
  useEffect(empezar, [empezar]);

  // Another link opened in this same tab changes only the fragment: the page does not load again.
  useEffect(() => {
    const otroEnlace = () => {
      if (!tokenDelEnlace()) return;
      arranque = null;
      setVista({ tipo: 'cargando' });
      empezar();
    };
    window.addEventListener('hashchange', otroEnlace);
    return () => window.removeEventListener('hashchange', otroEnlace);
  }, [empezar]);

  // A new step of the page is announced from its title (the page itself does not reload).
  useEffect(() => {
    if (vista.tipo === 'cargando') return;
    if (primeraVista.current) {
      primeraVista.current = false;
      return;
    }
    titulo.current?.focus();
  }, [vista.tipo]);

  const sesionVencida = useCallback((error: unknown) => setVista(avisoDe(error)), []);

  /** The case again, after a file or a message; a failed re-read keeps what is on screen. */
  const recargar = useCallback(async () => {
    try {
      const data = await portalApi.estado();
      setVista(vistaDe(data));
    } catch (error) {
      if (error instanceof PortalError && error.status === 401) setVista(avisoDe(error));
    }
  }, []);

  const salir = useCallback(async () => {
    await portalApi.salir().catch(() => undefined);
    setVista({ tipo: 'aviso', mensaje: PORTAL_PAGINA.salio, reintentar: false });
  }, []);

  switch (vista.tipo) {
    case 'cargando':
      return (
        <main className="pagina">
          <p role="status" className="cargando">
            {PORTAL_PAGINA.cargando}
          </p>
        </main>
      );
    case 'aviso':
      return (
        <main className="pagina">
          <h1 ref={titulo} tabIndex={-1}>
            {PORTAL_PAGINA.titulo}
          </h1>
          <p className="aviso" role="alert">
            {vista.mensaje}
          </p>
          {vista.reintentar && (
            <button
              type="button"
              className="boton boton-principal"
              onClick={() => {
                arranque = null;
                setVista({ tipo: 'cargando' });
                empezar();
              }}
            >
              {PORTAL_PAGINA.reintentar}
            </button>
          )}
        </main>
      );
    case 'dni':
      return (
        <DniPaso
          inicio={vista.inicio}
          titulo={titulo}
          onListo={(estado) => setVista({ tipo: 'reclamo', estado })}
          onSesionVencida={sesionVencida}
        />
      );
    case 'reclamo':
      return <Reclamo estado={vista.estado} titulo={titulo} recargar={recargar} onSesionVencida={sesionVencida} onSalir={salir} />;
  }
}
