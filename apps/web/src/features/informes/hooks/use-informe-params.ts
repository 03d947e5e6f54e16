import { useSearchParams } from 'react-router';
import { todayIso } from '@siniestros/domain';
import { isMes, mesAnterior, type Mes } from './periodo';

export type InformeParams = { compania: string; desde: Mes; hasta: Mes };

/**
 * The company and period on screen, kept in the URL (`/informes?compania=3&desde=2026-10&hasta=2026-11`)
 * so a reload, the back button from a figure's list and a shared link show the same report. A URL
 * without a valid period opens the last whole month, all companies.
 */
export function informeParamsDeUrl(params: URLSearchParams, hoy: string): InformeParams {
  const compania = /^\d{1,10}$/.test(params.get('compania') ?? '') ? params.get('compania')! : '';
  const desde = params.get('desde');
  const hasta = params.get('hasta');
  if (isMes(desde) && isMes(hasta) && desde <= hasta) return { compania, desde, hasta };
  const mes = mesAnterior(hoy);
  return { compania, desde: mes, hasta: mes };
}

export function useInformeParams(): [InformeParams, (next: Partial<InformeParams>) => void] {
  const [params, setParams] = useSearchParams();
  const actual = informeParamsDeUrl(params, todayIso());
  const cambiar = (next: Partial<InformeParams>) => {
    const merged = { ...actual, ...next };
    setParams({ ...(merged.compania ? { compania: merged.compania } : {}), desde: merged.desde, hasta: merged.hasta }, { replace: true });
  };
  return [actual, cambiar];
}
