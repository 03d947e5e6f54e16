import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CasoDocumentos } from './InspeccionCasoInfo';

/**
 * The inspector's list of the case's documents: a long name wraps at its '_' and '-', never inside
 * its extension ('Cert_Cobertura.pd' / 'f' was seen on a phone). The server is stood in for at `fetch`.
 */

const NAMES = ['Cert_Cobertura.pdf', 'denuncia-siniestro-2026.jpeg', 'SIN_EXTENSION'];

beforeEach(() => vi.stubGlobal('fetch', async () => Response.json(NAMES)));
afterEach(() => vi.unstubAllGlobals());

const linkNamed = (text: string) => screen.getAllByRole('link').find((link) => link.textContent === text)!;

describe('the documents an inspector sees', () => {
  it('keeps each extension on one line and offers breaks only after _ - and .', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MantineProvider>
          <CasoDocumentos idCaso={7} />
        </MantineProvider>
      </QueryClientProvider>,
    );
    await screen.findByText(/Cert_/);
    // By its text: jsdom's accessible names put a space at every <wbr> (browsers do not).
    const link = linkNamed('Cert_Cobertura.pdf');
    const extension = [...link.querySelectorAll<HTMLElement>('span')].find((span) => span.textContent === '.pdf');
    expect(extension?.style.whiteSpace).toBe('nowrap');
    // The link itself must not allow a break anywhere (that is what split '.pd' from 'f').
    expect(link.style.overflowWrap).not.toBe('anywhere');
    expect(link.innerHTML).toMatch(/Cert_<wbr>Cobertura/);
    const jpeg = linkNamed('denuncia-siniestro-2026.jpeg');
    expect(jpeg.innerHTML).toMatch(/denuncia-<wbr>siniestro-<wbr>2026/);
    expect(linkNamed('SIN_EXTENSION').querySelector('span span')).toBeNull();
  });
});
