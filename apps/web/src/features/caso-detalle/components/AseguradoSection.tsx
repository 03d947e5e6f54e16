import { Fieldset } from '@mantine/core';
import type { Lookup } from '@siniestros/domain';
import { AseguradoFields, bindForm } from '../../casos';
import type { CasoForm } from '../hooks/use-caso-form';

/** Spec §2 case detail: the insured party, with the creation form's fields. */
export function AseguradoSection({ form, tDoc }: { form: CasoForm; tDoc: Lookup[] }) {
  const tiposDoc = tDoc.map((item) => ({ value: String(item.id), label: item.nombre }));
  return (
    <Fieldset legend="Asegurado">
      <AseguradoFields bind={bindForm(form, 'asegurados', '')} tiposDoc={tiposDoc} narrow />
    </Fieldset>
  );
}
