import { useId, useRef, useState, type ChangeEvent } from 'react';
import { PORTAL_ITEM_ESTADOS_RECLAMANTE, PORTAL_PAGINA } from '@siniestros/domain/portal';
import { ejemploUrl, nuevaClave, PortalError, subirArchivo, type PortalItemVista } from './portal.api';
import { prepararArchivo, type ArchivoPreparado } from './imagen';

type Envio = {
  /** The upload key: the same for every try of this file. */
  clave: string;
  nombre: string;
  estado: 'preparando' | 'enviando' | 'enviado' | 'error';
  progreso: number;
  error?: string;
};

type Props = {
  item: PortalItemVista;
  onSubido: () => Promise<void>;
  onSesionVencida: (error: unknown) => void;
};

const ACEPTA = 'image/*,application/pdf';

/** One asked document: what it is, its state in the claimant's words, and sending files for it. */
export function ItemDocumento({ item, onSubido, onSesionVencida }: Props) {
  const [envios, setEnvios] = useState<Envio[]>([]);
  // The files themselves (and their smaller copies) wait here for a retry, by their key.
  const archivos = useRef(new Map<string, { archivo: File; preparado?: ArchivoPreparado }>());
  const id = useId();

  const cambiar = (clave: string, cambio: Partial<Envio>) =>
    setEnvios((actuales) => actuales.map((envio) => (envio.clave === clave ? { ...envio, ...cambio } : envio)));

  async function enviar(clave: string) {
    const pendiente = archivos.current.get(clave);
    if (!pendiente) return;
    cambiar(clave, { estado: 'preparando', progreso: 0, error: undefined });
    pendiente.preparado ??= await prepararArchivo(pendiente.archivo);
    const { blob, nombre } = pendiente.preparado;
    cambiar(clave, { estado: 'enviando' });
    try {
      await subirArchivo(item.id, blob, nombre, clave, (progreso) => cambiar(clave, { progreso }));
      archivos.current.delete(clave);
      cambiar(clave, { estado: 'enviado', progreso: 1 });
      await onSubido();
    } catch (error) {
      if (error instanceof PortalError && error.status === 401) return onSesionVencida(error);
      cambiar(clave, { estado: 'error', error: error instanceof PortalError ? error.message : PORTAL_PAGINA.errorServidor });
    }
  }

  function elegidos(event: ChangeEvent<HTMLInputElement>) {
    const nuevos = Array.from(event.target.files ?? []);
    // The same photo can be chosen again later.
    event.target.value = '';
    const agregados = nuevos.map((archivo) => {
      const clave = nuevaClave();
      archivos.current.set(clave, { archivo });
      return { clave, nombre: archivo.name, estado: 'preparando', progreso: 0 } satisfies Envio;
    });
    setEnvios((actuales) => [...actuales, ...agregados]);
    for (const envio of agregados) void enviar(envio.clave);
  }

  function quitar(clave: string) {
    archivos.current.delete(clave);
    setEnvios((actuales) => actuales.filter((envio) => envio.clave !== clave));
  }

  const puedeEnviar = item.estado !== 'aceptado';
  const tituloId = `${id}-titulo`;
  return (
    <li className={`tarjeta item item-${item.estado}`}>
      <h3 id={tituloId}>{item.nombre}</h3>
      <p className={`estado estado-${item.estado}`}>{PORTAL_ITEM_ESTADOS_RECLAMANTE[item.estado]}</p>
      {item.estado === 'rechazado' && item.motivo && (
        <p className="motivo">
          <strong>{PORTAL_PAGINA.motivo}</strong> {item.motivo}
        </p>
      )}
      {item.explicacion && <p>{item.explicacion}</p>}
      {item.archivos > 0 && <p className="ayuda">{PORTAL_PAGINA.archivosEnviados(item.archivos)}</p>}
      {item.tiene_ejemplo && (
        <p>
          <a href={ejemploUrl(item.id)} target="_blank" rel="noreferrer">
            {PORTAL_PAGINA.verEjemplo(item.nombre)}
          </a>
        </p>
      )}
      {puedeEnviar && (
        <>
          <p className="ayuda">{PORTAL_PAGINA.puedeVarios}</p>
          <div className="acciones">
            <label className="boton boton-principal">
              <input
                className="sr-only"
                type="file"
                accept={ACEPTA}
                capture="environment"
                onChange={elegidos}
                aria-describedby={tituloId}
              />
              {PORTAL_PAGINA.sacarFoto}
            </label>
            <label className="boton">
              <input className="sr-only" type="file" accept={ACEPTA} multiple onChange={elegidos} aria-describedby={tituloId} />
              {PORTAL_PAGINA.elegirArchivo}
            </label>
          </div>
        </>
      )}
      {envios.length > 0 && (
        <ul className="envios">
          {envios.map((envio) => (
            <li key={envio.clave} className={`envio envio-${envio.estado}`}>
              <span className="envio-nombre">{envio.nombre}</span>
              {envio.estado === 'enviando' && (
                <span className="envio-progreso">
                  <progress max={1} value={envio.progreso} aria-label={`${PORTAL_PAGINA.enviando} ${envio.nombre}`} />
                  <span aria-hidden="true">{PORTAL_PAGINA.porcentaje(Math.round(envio.progreso * 100))}</span>
                </span>
              )}
              <span role="status" className="envio-estado">
                {envio.estado === 'preparando' && PORTAL_PAGINA.preparando}
                {envio.estado === 'enviando' && PORTAL_PAGINA.enviando}
                {envio.estado === 'enviado' && `✓ ${PORTAL_PAGINA.enviado}`}
                {envio.estado === 'error' && `${PORTAL_PAGINA.noSeEnvio} ${envio.error ?? ''}`}
              </span>
              {envio.estado === 'error' && (
                <span className="acciones">
                  <button type="button" className="boton boton-principal" onClick={() => void enviar(envio.clave)}>
                    {PORTAL_PAGINA.reintentar}
                    <span className="sr-only"> {envio.nombre}</span>
                  </button>
                  <button type="button" className="boton" onClick={() => quitar(envio.clave)}>
                    {PORTAL_PAGINA.quitar}
                    <span className="sr-only"> {envio.nombre}</span>
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
