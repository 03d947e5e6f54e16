import { useEffect, useId, useState, type FormEvent } from 'react';
import { PORTAL_CONVENIO_PAGINA, PORTAL_PAGINA } from '@siniestros/domain/portal';
import { CampoNumerico } from './CampoNumerico';
import { convenioUrl, portalApi, PortalError, type PortalConvenioVista } from './portal.api';
import { fechaHora } from './fechas';

type Props = {
  convenio: PortalConvenioVista;
  recargar: () => Promise<void>;
  onSesionVencida: (error: unknown) => void;
};

const PDF = 'application/pdf';

/** 85 KB, 1,2 MB. */
export function tamano(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
}

/**
 * 'Convenio para firmar' (issue 42 item 7): the published files, what to do with them (the signed
 * copy goes to the item 'Convenio firmado' of the list below) and, where the office allows it,
 * the electronic signature; once signed, when.
 */
export function Convenio({ convenio, recargar, onSesionVencida }: Props) {
  const varios = convenio.archivos.length > 1;
  const [avisoFirma, setAvisoFirma] = useState<string | null>(null);
  return (
    <section aria-labelledby="convenio-titulo">
      <h2 id="convenio-titulo">{PORTAL_CONVENIO_PAGINA.titulo}</h2>
      {convenio.firmado ? (
        <div role="status">
          <p className="ok">✓ {PORTAL_CONVENIO_PAGINA.firmado(fechaHora(convenio.firmado))}</p>
          {avisoFirma && <p>{avisoFirma}</p>}
        </div>
      ) : (
        <p>{PORTAL_CONVENIO_PAGINA.instrucciones}</p>
      )}
      <ul className="archivos">
        {convenio.archivos.map((archivo) => {
          const isPdf = archivo.mime === PDF;
          const texto = PORTAL_CONVENIO_PAGINA.verArchivo(
            varios ? archivo.nombre : null,
            isPdf ? PORTAL_CONVENIO_PAGINA.formatoPdf : PORTAL_CONVENIO_PAGINA.formatoWord,
            tamano(archivo.bytes),
          );
          return (
            <li key={archivo.id}>
              {isPdf ? (
                <a className="boton" href={convenioUrl(archivo.id)} target="_blank" rel="noreferrer">
                  {texto}
                </a>
              ) : (
                <a className="boton" href={convenioUrl(archivo.id)} download={archivo.nombre}>
                  {texto}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {convenio.firma_electronica && !convenio.firmado && (
        <FirmaElectronica
          destino={convenio.destino}
          onFirmado={async (mensaje) => {
            setAvisoFirma(mensaje);
            await recargar();
          }}
          onSesionVencida={onSesionVencida}
        />
      )}
    </section>
  );
}

/** Seconds left of a wait the server asked for (Retry-After), counted down once a second. */
function useEspera(): [number, (segundos: number) => void] {
  const [hasta, setHasta] = useState(0);
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    if (hasta <= ahora) return;
    const timer = setTimeout(() => setAhora(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [hasta, ahora]);
  const restantes = Math.max(0, Math.ceil((hasta - ahora) / 1000));
  const esperar = (segundos: number) => {
    const now = Date.now();
    setAhora(now);
    setHasta(now + segundos * 1000);
  };
  return [restantes, esperar];
}

type Errores = { acepto?: string; dni?: string; codigo?: string; general?: string };

/**
 * 'Firmar sin imprimir' (Ley 25.506): the claimant states they read and accept the convenio, asks for
 * a one-time code (e-mailed), and signs with their whole DNI and the code. Each refusal shows next to
 * its field; a wait the server asks for (429) keeps the button off, counting down.
 */
function FirmaElectronica({
  destino,
  onFirmado,
  onSesionVencida,
}: {
  destino: string | null;
  onFirmado: (mensaje: string) => Promise<void>;
  onSesionVencida: (error: unknown) => void;
}) {
  const id = useId();
  const [acepto, setAcepto] = useState(false);
  const [dni, setDni] = useState('');
  const [codigo, setCodigo] = useState('');
  const [errores, setErrores] = useState<Errores>({});
  const [aviso, setAviso] = useState<string | null>(null);
  const [isCodigoPedido, setCodigoPedido] = useState(false);
  const [enviando, setEnviando] = useState<'codigo' | 'firma' | null>(null);
  const [esperaCodigo, esperarCodigo] = useEspera();
  const [esperaFirma, esperarFirma] = useEspera();

  /** A refusal the page cannot place by itself: the session's end, a wait, or a message next to a field. */
  function rechazo(caught: unknown, campo: keyof Errores, esperar: (segundos: number) => void) {
    if (caught instanceof PortalError && caught.status === 401) {
      onSesionVencida(caught);
      return;
    }
    if (!(caught instanceof PortalError)) return setErrores({ general: PORTAL_PAGINA.errorServidor });
    if (caught.esperarSegundos !== null) esperar(caught.esperarSegundos);
    const porCampo = caught.campos.find((nombre): nombre is 'acepto' | 'dni' | 'codigo' => ['acepto', 'dni', 'codigo'].includes(nombre));
    setErrores({ [porCampo ?? campo]: caught.message });
  }

  async function pedirCodigo() {
    setAviso(null);
    if (!acepto) return setErrores({ acepto: PORTAL_CONVENIO_PAGINA.aceptarRequerido });
    setErrores({});
    setEnviando('codigo');
    try {
      const respuesta = await portalApi.pedirCodigo();
      setAviso(respuesta.message);
      setCodigoPedido(true);
    } catch (caught) {
      // A code asked a moment ago (or too many today) may still be in the mailbox: the fields stay open for it.
      if (caught instanceof PortalError && caught.status === 429) setCodigoPedido(true);
      rechazo(caught, 'general', esperarCodigo);
    } finally {
      setEnviando(null);
    }
  }

  async function firmar(event: FormEvent) {
    event.preventDefault();
    setAviso(null);
    const soloNumeros = dni.replace(/\D/g, '');
    const codigoLimpio = codigo.replace(/\s/g, '');
    const faltan: Errores = {
      ...(acepto ? {} : { acepto: PORTAL_CONVENIO_PAGINA.aceptarRequerido }),
      ...(soloNumeros ? {} : { dni: PORTAL_CONVENIO_PAGINA.dniRequerido }),
      ...(/^\d{6}$/.test(codigoLimpio) ? {} : { codigo: PORTAL_CONVENIO_PAGINA.codigoSeisNumeros }),
    };
    setErrores(faltan);
    if (Object.keys(faltan).length > 0) return;
    setEnviando('firma');
    try {
      const respuesta = await portalApi.firmar({ dni: soloNumeros, codigo: codigoLimpio, acepto: true });
      await onFirmado(respuesta.message);
    } catch (caught) {
      // A refusal names its field (a wrong DNI 'dni'); one that does not is about the code, or about nothing on the form.
      rechazo(caught, caught instanceof PortalError && caught.status === 422 ? 'codigo' : 'general', esperarFirma);
    } finally {
      setEnviando(null);
    }
  }

  const describedBy = (campo: keyof Errores, ayuda?: string) =>
    [ayuda, errores[campo] ? `${id}-${campo}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (campo: keyof Errores) =>
    errores[campo] ? (
      <p id={`${id}-${campo}-error`} className="error" role="alert">
        {errores[campo]}
      </p>
    ) : null;
  const etiquetaCodigo =
    esperaCodigo > 0
      ? PORTAL_CONVENIO_PAGINA.esperar(esperaCodigo)
      : enviando === 'codigo'
        ? PORTAL_CONVENIO_PAGINA.enviandoCodigo
        : isCodigoPedido
          ? PORTAL_CONVENIO_PAGINA.enviarOtroCodigo
          : PORTAL_CONVENIO_PAGINA.enviarCodigo;

  return (
    <form className="tarjeta firma" onSubmit={firmar} noValidate aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`}>{PORTAL_CONVENIO_PAGINA.firmaTitulo}</h3>
      <p>{PORTAL_CONVENIO_PAGINA.firmaExplicacion}</p>
      <div className="casilla">
        <input
          id={`${id}-acepto`}
          type="checkbox"
          checked={acepto}
          onChange={(event) => setAcepto(event.target.checked)}
          aria-invalid={errores.acepto ? true : undefined}
          aria-describedby={describedBy('acepto')}
        />
        <label htmlFor={`${id}-acepto`}>{PORTAL_CONVENIO_PAGINA.acepto}</label>
      </div>
      {error('acepto')}
      {destino && <p className="ayuda">{PORTAL_CONVENIO_PAGINA.codigoA(destino)}</p>}
      <div className="acciones">
        <button
          type="button"
          className={isCodigoPedido ? 'boton' : 'boton boton-principal'}
          onClick={() => void pedirCodigo()}
          disabled={enviando !== null || esperaCodigo > 0}
        >
          {etiquetaCodigo}
        </button>
      </div>
      <p role="status" className="ok">
        {aviso}
      </p>
      {error('general')}
      {isCodigoPedido && (
        <>
          <CampoNumerico
            id={`${id}-dni`}
            etiqueta={PORTAL_CONVENIO_PAGINA.dniEtiqueta}
            ayuda={PORTAL_CONVENIO_PAGINA.dniAyuda}
            valor={dni}
            onCambio={setDni}
            maxLength={11}
            error={errores.dni}
          />
          <CampoNumerico
            id={`${id}-codigo`}
            etiqueta={PORTAL_CONVENIO_PAGINA.codigoEtiqueta}
            ayuda={PORTAL_CONVENIO_PAGINA.codigoAyuda}
            valor={codigo}
            onCambio={setCodigo}
            maxLength={7}
            error={errores.codigo}
            autoComplete="one-time-code"
          />
          <button type="submit" className="boton boton-principal" disabled={enviando !== null || esperaFirma > 0}>
            {esperaFirma > 0
              ? PORTAL_CONVENIO_PAGINA.esperarFirma(esperaFirma)
              : enviando === 'firma'
                ? PORTAL_CONVENIO_PAGINA.firmando
                : PORTAL_CONVENIO_PAGINA.firmar}
          </button>
        </>
      )}
    </form>
  );
}
