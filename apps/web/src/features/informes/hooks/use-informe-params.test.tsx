import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useInformeParams } from './use-informe-params';

const enRouter = (url: string) =>
  function Router({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  };

describe('useInformeParams', () => {
  it('a company and then a period changed before the page renders again: the URL keeps both', () => {
    const { result } = renderHook(() => useInformeParams(), { wrapper: enRouter('/informes?desde=2026-09&hasta=2026-09') });
    const [, cambiar] = result.current;
    act(() => {
      cambiar({ compania: '7' });
      cambiar({ desde: '2026-11', hasta: '2026-11' });
    });
    expect(result.current[0]).toEqual({ compania: '7', desde: '2026-11', hasta: '2026-11' });
  });

  it('once the URL has moved, a change builds on what it shows', () => {
    const { result } = renderHook(() => useInformeParams(), { wrapper: enRouter('/informes?compania=3&desde=2026-09&hasta=2026-09') });
    act(() => result.current[1]({ compania: '' }));
    expect(result.current[0]).toEqual({ compania: '', desde: '2026-09', hasta: '2026-09' });
    act(() => result.current[1]({ desde: '2026-10', hasta: '2026-10' }));
    expect(result.current[0]).toEqual({ compania: '', desde: '2026-10', hasta: '2026-10' });
  });
});
