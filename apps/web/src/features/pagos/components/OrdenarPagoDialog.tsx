import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  PAGO_BENEFICIARIO_LABELS,
  ordenarPagoSchema,
  todayIso,
  type CasoDetalle,
  type OrdenarPagoRequest,
  type PagoBeneficiario,
} from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { MoneyInput } from '../../../components/MoneyInput';
import { useOrdenarPago } from '../api/ordenar-pago';

type Values = { id_tercero: string; beneficiario: PagoBeneficiario; monto: string; cbu: string; fecha_solicitud: string };

/** 'Ordenar pago': the amount still to order by default, the payee and their stored CBU (check digits verified). */
export function OrdenarPagoDialog({ detalle, porOrdenar, onClose }: { detalle: CasoDetalle; porOrdenar: string; onClose: () => void }) {
  const { caso, terceros, letrado } = detalle;
  const ordenar = useOrdenarPago(caso.id);
  const storedCbu = (idTercero: string, beneficiario: PagoBeneficiario) =>
    (beneficiario === 'letrado' ? letrado?.cbu : terceros.find((tercero) => String(tercero.id) === idTercero)?.cbu) ?? '';
  const first = terceros[0] ? String(terceros[0].id) : '';
  const form = useForm<Values>({
    initialValues: { id_tercero: first, beneficiario: 'tercero', monto: porOrdenar, cbu: storedCbu(first, 'tercero'), fecha_solicitud: todayIso() },
    validate: zod4Resolver(ordenarPagoSchema),
  });
  const payee = (idTercero: string, beneficiario: PagoBeneficiario) => form.setValues({ id_tercero: idTercero, beneficiario, cbu: storedCbu(idTercero, beneficiario) });
  const submit = form.onSubmit((values) => ordenar.mutate(values as OrdenarPagoRequest, { onSuccess: onClose }));
  const beneficiarios = (['tercero', ...(letrado ? ['letrado' as const] : [])] as const).map((value) => ({ value, label: PAGO_BENEFICIARIO_LABELS[value] }));

  return (
    <Modal opened onClose={onClose} title="Ordenar pago" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Tercero"
            required
            allowDeselect={false}
            data={terceros.map((tercero) => ({ value: String(tercero.id), label: `${tercero.nombre ?? ''} ${tercero.apellido}`.trim() }))}
            {...form.getInputProps('id_tercero')}
            onChange={(value) => value && payee(value, form.values.beneficiario)}
          />
          <Select
            label="Beneficiario"
            required
            allowDeselect={false}
            data={beneficiarios}
            {...form.getInputProps('beneficiario')}
            onChange={(value) => value && payee(form.values.id_tercero, value as PagoBeneficiario)}
          />
          <MoneyInput label="Monto" required data-autofocus {...form.getInputProps('monto')} />
          <TextInput label="CBU del beneficiario" placeholder="22 dígitos" inputMode="numeric" maxLength={50} {...form.getInputProps('cbu')} />
          <DateField label="Fecha de solicitud" required {...form.getInputProps('fecha_solicitud')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={ordenar.isPending}>
              Ordenar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
