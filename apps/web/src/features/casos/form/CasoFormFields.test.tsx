import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { CasoDetalle } from '@siniestros/domain';
import { detalle as fixture } from '../../caso-detalle/hooks/detalle.fixture';
import { useCasoForm, type CasoForm } from '../../caso-detalle/hooks/use-caso-form';
import { CasoDatosSection } from '../../caso-detalle/components/CasoDatosSection';
import { AseguradoSection as DetalleAsegurado } from '../../caso-detalle/components/AseguradoSection';
import { TercerosSection } from '../../caso-detalle/components/TercerosSection';
import { useAltaForm, emptyTercero, type AltaValues } from '../hooks/use-alta-form';
import { AseguradoSection, CasoSection, TerceroBlock } from '../components/AltaSections';
import type { UseFormReturnType } from '@mantine/form';

const lookups = [{ id: 1, nombre: 'DNI' }];
const detalle = {
  ...fixture,
  companias: [{ id: 2, nombre: 'La Segunda' }],
  productos: [{ id: 1, nombre: 'Auto' }],
  analistas: [{ id: 5, nombre: 'Ana', apellido: 'Lopez' }],
  tDoc: lookups,
} as CasoDetalle;
const options = [{ value: '2', label: 'La Segunda' }];
const tiposDoc = [{ value: '1', label: 'DNI' }];

/** The forms as the last render left them, for the assertions on their values. */
const rendered: { alta?: UseFormReturnType<AltaValues>; detalle?: CasoForm } = {};

function Alta() {
  const altaForm = useAltaForm('1');
  const { insertListItem } = altaForm;
  useEffect(() => insertListItem('terceros', emptyTercero('1')), [insertListItem]);
  useEffect(() => {
    rendered.alta = altaForm;
  });
  return (
    <form aria-label="alta">
      <CasoSection form={altaForm} companias={options} />
      <AseguradoSection form={altaForm} tiposDoc={tiposDoc} />
      {altaForm.values.terceros.length > 0 && <TerceroBlock form={altaForm} index={0} tiposDoc={tiposDoc} onRemove={() => undefined} />}
    </form>
  );
}

function Detalle() {
  const detalleForm = useCasoForm(detalle);
  useEffect(() => {
    rendered.detalle = detalleForm;
  });
  return (
    <form aria-label="detalle">
      <CasoDatosSection form={detalleForm} detalle={detalle} />
      <DetalleAsegurado form={detalleForm} tDoc={lookups} />
      <TercerosSection form={detalleForm} tDoc={lookups} />
    </form>
  );
}

const renderBoth = () =>
  render(
    <MantineProvider>
      <Alta />
      <Detalle />
    </MantineProvider>,
  );

/** The accessible names of the form's fields, in order (inputs, selects and text areas). */
function fieldNames(form: HTMLElement): string[] {
  return [...within(form).getAllByRole('textbox'), ...within(form).queryAllByRole('combobox')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((element) => ((element as HTMLInputElement).labels?.[0]?.textContent ?? element.getAttribute('aria-label') ?? '').replace(/\s*\*$/, ''));
}

describe('one case form for creation and detail', () => {
  it('shows the same fields in the same order; the detail adds only Producto, Analista and Via de Ingreso', () => {
    renderBoth();
    const alta = fieldNames(screen.getByRole('form', { name: 'alta' }));
    const enDetalle = fieldNames(screen.getByRole('form', { name: 'detalle' }));
    expect(alta).toContain('Nro. Siniestro');
    expect(alta).toContain('Suma asegurada');
    expect(enDetalle.filter((name) => !['Producto', 'Analista', 'Via de Ingreso'].includes(name))).toEqual(alta);
    expect(enDetalle).toEqual(expect.arrayContaining(['Producto', 'Analista', 'Via de Ingreso']));
  });

  it('filters what is typed the same way in both: digits in Nro. Siniestro and Año, a decimal in Suma asegurada (shown es-AR, kept as a plain decimal)', async () => {
    const user = userEvent.setup({ delay: null });
    renderBoth();
    for (const [name, form] of [
      ['alta', () => ({ caso: rendered.alta!.values.caso, asegurado: rendered.alta!.values.asegurado, tercero: rendered.alta!.values.terceros[0]! })],
      ['detalle', () => ({ caso: rendered.detalle!.values.caso, asegurado: rendered.detalle!.values.asegurados, tercero: rendered.detalle!.values.terceros[0]! })],
    ] as const) {
      const scope = within(screen.getByRole('form', { name }));
      const reclamo = scope.getByRole('textbox', { name: /Nro\. Siniestro/ });
      await user.clear(reclamo);
      await user.type(reclamo, '12a-3 4');
      const suma = scope.getByRole('textbox', { name: 'Suma asegurada' });
      await user.clear(suma);
      await user.type(suma, '$ 1500,75');
      expect(suma).toHaveProperty('value', '1.500,75');
      const anioTercero = within(scope.getByRole('group', { name: 'Tercero 1' })).getByRole('textbox', { name: 'Año' });
      await user.clear(anioTercero);
      await user.type(anioTercero, '20x19');
      expect(form().caso.reclamo_nro).toBe('1234');
      expect(form().asegurado.suma_asegurada).toBe('1500.75');
      expect(form().tercero.anio).toBe('2019');
    }
  });

  it('caps the lengths the database holds, in both', () => {
    renderBoth();
    for (const name of ['alta', 'detalle']) {
      const scope = within(screen.getByRole('form', { name }));
      expect(scope.getByRole('textbox', { name: /Gestor/ })).toHaveProperty('maxLength', 50);
      for (const dominio of scope.getAllByRole('textbox', { name: /Dominio/ })) expect(dominio).toHaveProperty('maxLength', 20);
    }
  });
});
