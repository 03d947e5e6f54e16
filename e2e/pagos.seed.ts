import { COMPROBANTE_PAGO, todayIso, type PagosDelCaso } from '@siniestros/domain';
import { baseUrl } from './browser';
import { apiCall } from './seed';

/**
 * Pays `parte` of a case's agreed amount, or what is left of it, through the API (one order, a
 * receipt uploaded as 'Comprobante de pago', registered): paid in full, a case closes "con acuerdo"
 * (docs/decisions/082).
 */
export async function pagarAcordado(cookie: string, idCaso: number, cbu: string, parte?: string): Promise<void> {
  const monto = parte ?? (await apiCall<PagosDelCaso>(cookie, 'GET', `/casos/${idCaso}/pagos`)).por_ordenar;
  const { terceros } = await apiCall<{ terceros: { id: number }[] }>(cookie, 'GET', `/casos/${idCaso}`);
  const orden = await apiCall<{ data: { id: number } }>(cookie, 'POST', `/casos/${idCaso}/pagos`, {
    id_tercero: terceros[0]!.id,
    beneficiario: 'tercero',
    monto,
    cbu,
    fecha_solicitud: todayIso(),
  });
  const form = new FormData();
  form.append('tipo', COMPROBANTE_PAGO);
  form.append('uploadFiles', new Blob([Buffer.from('%PDF-1.4\n%e2e\n1 0 obj <<>> endobj\n%%EOF\n')], { type: 'application/pdf' }), 'transferencia.pdf');
  const upload = await fetch(`${baseUrl()}/api/documentacion/t/${idCaso}`, { method: 'POST', headers: { cookie }, body: form });
  if (!upload.ok) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { files } = (await upload.json()) as { files: string[] };
  await apiCall(cookie, 'PATCH', `/casos/${idCaso}/pagos/${orden.data.id}/pagado`, { fecha_pago: todayIso(), documento: files[0] });
}
