import { useId, useState, type FormEvent, type RefObject } from 'react';
import { PORTAL_PAGINA } from '@siniestros/domain/portal';
import { CampoNumerico } from './CampoNumerico';
import { isEstado, portalApi, PortalError, type PortalEstado, type PortalInicio } from './portal.api';

type Props = {
  inicio: PortalInicio;
  titulo: RefObject<HTMLHeadingElement | null>;
  onListo: (estado: PortalEstado) => void;
  onSesionVencida: (error: unknown) => void;
};

/** Nothing personal shows before the claimant types their DNI, or its last digits (decision 084). */
export function DniPaso({ inicio, titulo, onListo, onSesionVencida }: Props) {
  const [dni, setDni] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const id = useId();

  async function enviar(event: FormEvent) {
    event.preventDefault();
    setEnviando(true);
    setError(null);
    try {
      const respuesta = await portalApi.dni(dni.replace(/\D/g, ''));
      if (!respuesta.dni_ok) throw new PortalError(422, PORTAL_PAGINA.errorServidor);
      const estado = await portalApi.estado();
      if (isEstado(estado)) onListo(estado);
    } catch (caught) {
      if (caught instanceof PortalError && caught.status === 401) return onSesionVencida(caught);
      setError(caught instanceof PortalError ? caught.message : PORTAL_PAGINA.errorServidor);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <>
      <header className="cabecera">
        <p className="oficina">{inicio.oficina}</p>
      </header>
      <main className="pagina">
        <h1 ref={titulo} tabIndex={-1}>
          {PORTAL_PAGINA.dniTitulo}
        </h1>
        <form className="tarjeta" onSubmit={enviar} noValidate>
          <CampoNumerico
            id={`${id}-dni`}
            etiqueta={PORTAL_PAGINA.dniEtiqueta(inicio.digitos_dni)}
            ayuda={PORTAL_PAGINA.dniAyuda}
            valor={dni}
            onCambio={setDni}
            maxLength={inicio.digitos_dni > 0 ? inicio.digitos_dni : 11}
            error={error}
          />
          <button type="submit" className="boton boton-principal" disabled={enviando}>
            {PORTAL_PAGINA.continuar}
          </button>
        </form>
      </main>
    </>
  );
}
