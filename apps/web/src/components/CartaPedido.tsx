import { createPortal } from 'react-dom';
import classes from './CartaPedido.module.css';

export type CartaDatos = {
  oficina: string;
  reclamo: string;
  compania: string;
  tercero: string;
  items: readonly { nombre: string; explicacion: string }[];
  enlace: string;
  /** dd/mm/yyyy */
  vence: string;
};

/**
 * The printable letter of a request (issue 42 item 2): the office, the claim, what to send and the
 * link with its QR code. Rendered beside the app (a child of <body>) and shown only when printing.
 */
export function CartaPedido({ datos, qr }: { datos: CartaDatos; qr: string }) {
  return createPortal(
    <div className={classes.carta} data-carta-pedido="" data-testid="carta-pedido">
      <h1>{datos.oficina}</h1>
      <p>
        {datos.tercero}: su reclamo N° {datos.reclamo} ante {datos.compania}.
      </p>
      <p>Para seguir con el trámite necesitamos que nos envíe estos documentos:</p>
      <ul>
        {datos.items.map((item) => (
          <li key={item.nombre}>
            <strong>{item.nombre}</strong>
            {item.explicacion && `: ${item.explicacion}`}
          </li>
        ))}
      </ul>
      <h2>Cómo enviarlos</h2>
      <div className={classes.qr}>
        <img src={qr} alt="Código QR del enlace" />
        <div>
          <p>Escanee el código con la cámara de su celular, o escriba esta dirección en su navegador:</p>
          <p className={classes.enlace}>{datos.enlace}</p>
          <p>El enlace vence el {datos.vence}. Al abrirlo le pediremos su número de DNI. No comparta este enlace con otras personas.</p>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** The link's QR code as an SVG data URL; the library (about 10 KB gzip) loads only when a letter is printed. */
export async function qrDataUrl(enlace: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(enlace, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
