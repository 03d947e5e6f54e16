import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { NewTabHint } from './NewTab';
import { notifyError } from '../lib/notify';
import { CartaPedido, qrDataUrl, type CartaDatos } from './CartaPedido';

/**
 * A new link, shown once (the server keeps only its hash): copy it, open WhatsApp with the message,
 * or, given the letter's data, print the letter with its QR code. A request's result and a published
 * convenio's (when the third party had no live link) show it alike.
 */
export function EnlaceAcciones({ enlace, whatsapp, carta }: { enlace: string; whatsapp: string | null; carta?: CartaDatos }) {
  const [qr, setQr] = useState<string | null>(null);
  const [isPreparing, setPreparing] = useState(false);

  const imprimir = async () => {
    setPreparing(true);
    try {
      const url = qr ?? (await qrDataUrl(enlace));
      // The letter must be in the page (hidden on screen) before the print dialog reads it.
      flushSync(() => setQr(url));
      window.print();
    } catch {
      notifyError('No se pudo preparar la carta. Intente de nuevo.');
    } finally {
      setPreparing(false);
    }
  };

  return (
    <>
      <TextInput label="Enlace para el reclamante" readOnly value={enlace} onFocus={(event) => event.currentTarget.select()} />
      <Group gap="xs">
        <CopyButton value={enlace}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? 'Enlace copiado' : 'Copiar enlace'}
            </Button>
          )}
        </CopyButton>
        {whatsapp && (
          <Button component="a" href={whatsapp} target="_blank" rel="noopener noreferrer" variant="light" color="green">
            Enviar por WhatsApp
            <NewTabHint />
          </Button>
        )}
        {carta && (
          <Button variant="light" onClick={imprimir} loading={isPreparing}>
            Imprimir carta
          </Button>
        )}
      </Group>
      {carta && qr && <CartaPedido datos={carta} qr={qr} />}
    </>
  );
}
