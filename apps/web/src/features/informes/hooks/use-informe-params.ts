import { useEffect, useRef } from 'react';
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
  const enUrl = params.toString();
  const actual = informeParamsDeUrl(params, todayIso());
  // The router shows a change in a transition, which a busy page renders late: a company picked and
  // then at once a period would each merge into the URL of the last render, and the period would
  // drop the company (seen in a browser test). Until the URL moves, a change builds on the last one.
  const escrito = useRef<{ sobre: string; params: InformeParams } | null>(null);
  useEffect(() => {
    escrito.current = null;
  }, [enUrl]);
  const cambiar = (next: Partial<InformeParams>) => {
    const base = escrito.current?.sobre === enUrl ? escrito.current.params : actual;
    const merged = { ...base, ...next };
    escrito.current = { sobre: enUrl, params: merged };
    setParams({ ...(merged.compania ? { compania: merged.compania } : {}), desde: merged.desde, hasta: merged.hasta }, { replace: true });
  };
  return [actual, cambiar];
}
