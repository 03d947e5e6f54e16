import type { RefObject } from 'react';
import { PORTAL_ETAPAS, PORTAL_PAGINA, type PortalEtapa } from '@siniestros/domain/portal';
import type { PortalEstado } from './portal.api';
import { Convenio } from './Convenio';
import { fechaCorta } from './fechas';
import { ItemDocumento } from './ItemDocumento';
import { Mensajes } from './Mensajes';

type Props = {
  estado: PortalEstado;
  titulo: RefObject<HTMLHeadingElement | null>;
  recargar: () => Promise<void>;
  onSesionVencida: (error: unknown) => void;
  onSalir: () => void;
};

const ETAPAS = Object.keys(PORTAL_ETAPAS) as PortalEtapa[];

/** The status line: the steps reached are marked, the current one says where the claim is in its own words. */
function Etapas({ etapa, texto }: { etapa: PortalEtapa; texto: string }) {
  const actual = ETAPAS.indexOf(etapa);
  return (
    <ol className="etapas">
      {ETAPAS.map((clave, index) => {
        const paso = index < actual ? 'hecha' : index === actual ? 'actual' : 'futura';
        return (
          <li key={clave} className={`etapa etapa-${paso}`} aria-current={paso === 'actual' ? 'step' : undefined}>
            <span className="etapa-marca" aria-hidden="true">
              {paso === 'hecha' ? '✓' : index + 1}
            </span>
            <span className="etapa-texto">
              {paso === 'actual' && texto ? texto : PORTAL_ETAPAS[clave]}
              {paso !== 'futura' && (
                <span className="sr-only"> ({paso === 'hecha' ? PORTAL_PAGINA.etapaHecha : PORTAL_PAGINA.etapaActual})</span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function Reclamo({ estado, titulo, recargar, onSesionVencida, onSalir }: Props) {
  return (
    <>
      <header className="cabecera">
        <p className="oficina">{estado.oficina}</p>
        <button type="button" className="boton boton-chico" onClick={onSalir}>
          {PORTAL_PAGINA.salir}
        </button>
      </header>
      <main className="pagina">
        <h1 ref={titulo} tabIndex={-1}>
          {PORTAL_PAGINA.reclamo(estado.reclamo.numero, estado.reclamo.compania)}
        </h1>
        <p className="ayuda">
          {PORTAL_PAGINA.atiende(estado.oficina)} {PORTAL_PAGINA.vence(fechaCorta(estado.expira))}
        </p>

        <section aria-labelledby="etapas-titulo">
          <h2 id="etapas-titulo">{PORTAL_PAGINA.etapasTitulo}</h2>
          <Etapas etapa={estado.etapa} texto={estado.etapa_texto} />
        </section>

        {estado.convenio && <Convenio convenio={estado.convenio} recargar={recargar} onSesionVencida={onSesionVencida} />}

        <section aria-labelledby="documentos-titulo">
          <h2 id="documentos-titulo">{PORTAL_PAGINA.documentosTitulo}</h2>
          {estado.items.length === 0 ? (
            <p>{PORTAL_PAGINA.sinDocumentos}</p>
          ) : (
            <ul className="items">
              {estado.items.map((item) => (
                <ItemDocumento key={item.id} item={item} onSubido={recargar} onSesionVencida={onSesionVencida} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="mensajes-titulo">
          <h2 id="mensajes-titulo">{PORTAL_PAGINA.mensajesTitulo}</h2>
          <Mensajes mensajes={estado.mensajes} oficina={estado.oficina} onEnviado={recargar} onSesionVencida={onSesionVencida} />
        </section>
      </main>
    </>
  );
}
