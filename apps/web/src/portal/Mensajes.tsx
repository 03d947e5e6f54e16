import { useId, useState, type FormEvent } from 'react';
import { PORTAL_MESSAGES, PORTAL_PAGINA } from '@siniestros/domain/portal';
import { portalApi, PortalError, type PortalEstado } from './portal.api';
import { fechaHora } from './fechas';

type Props = {
  mensajes: PortalEstado['mensajes'];
  oficina: string;
  onEnviado: () => Promise<void>;
  onSesionVencida: (error: unknown) => void;
};

const MAX_TEXTO = 2000;

/** The claimant's messages with the office, oldest first, and a box to write one. */
export function Mensajes({ mensajes, oficina, onEnviado, onSesionVencida }: Props) {
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const id = useId();

  async function enviar(event: FormEvent) {
    event.preventDefault();
    setAviso(null);
    if (texto.trim() === '') {
      setError(PORTAL_MESSAGES.mensajeVacio);
      return;
    }
    setEnviando(true);
    setError(null);
    try {
      await portalApi.mensaje(texto.trim());
      setTexto('');
      setAviso(PORTAL_MESSAGES.mensajeEnviado);
      await onEnviado();
    } catch (caught) {
      if (caught instanceof PortalError && caught.status === 401) return onSesionVencida(caught);
      setError(caught instanceof PortalError ? caught.message : PORTAL_PAGINA.errorServidor);
    } finally {
      setEnviando(false);
    }
  }

  return (
    <>
      {mensajes.length === 0 ? (
        <p>{PORTAL_PAGINA.sinMensajes}</p>
      ) : (
        <ol className="mensajes">
          {mensajes.map((mensaje) => (
            <li key={mensaje.id} className={`mensaje mensaje-${mensaje.autor}`}>
              <p className="mensaje-autor">
                {mensaje.autor === 'reclamante' ? PORTAL_PAGINA.autorReclamante : PORTAL_PAGINA.autorOficina(oficina)}
                {' · '}
                <time dateTime={mensaje.creado}>{fechaHora(mensaje.creado)}</time>
              </p>
              <p className="mensaje-texto">{mensaje.texto}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="tarjeta" onSubmit={enviar} noValidate>
        <label htmlFor={`${id}-texto`}>{PORTAL_PAGINA.mensajeEtiqueta}</label>
        <textarea
          id={`${id}-texto`}
          className="campo"
          rows={4}
          maxLength={MAX_TEXTO}
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="error" role="alert">
            {error}
          </p>
        )}
        <p role="status" className="ok">
          {aviso}
        </p>
        <button type="submit" className="boton boton-principal" disabled={enviando}>
          {PORTAL_PAGINA.enviar}
        </button>
      </form>
    </>
  );
}
