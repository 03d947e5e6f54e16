import { useState } from 'react';
import { Anchor, Button, Group, Table, TagsInput, Text } from '@mantine/core';
import { formatDateTime, informeDestinatariosSchema } from '@siniestros/domain';
import { Tarjeta } from '../../../components/Cifras';
import { EmptyTableRow, TableHeader } from '../../../components/ListTableParts';
import { ApiError } from '../../../lib/api';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { enviadoPdfUrl, useDestinatarios, useEnviados, useGuardarDestinatarios } from '../api/destinatarios';
import { mesLargo } from '../hooks/periodo';

/**
 * 'Destinatarios del envío mensual' (Admin only): the company's recipients of the previous month's
 * PDF, sent on the first working day of each month (decision 094). Checked here with the route's
 * own schema, so a mistyped address is said beside the field before the round trip.
 */
export function DestinatariosEditor({ idCompania, compania }: { idCompania: number; compania: string }) {
  const destinatarios = useDestinatarios(true);
  const guardar = useGuardarDestinatarios();
  const guardados = destinatarios.data?.find((fila) => fila.id_compania === idCompania)?.destinatarios;
  const [borrador, setBorrador] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valor = borrador ?? guardados ?? [];
  const onGuardar = () => {
    // None left: the company's e-mail stops (DELETE); otherwise the route's own schema checks the list.
    const parsed =
      valor.length === 0
        ? { success: true as const, data: { destinatarios: [] } }
        : informeDestinatariosSchema.safeParse({ destinatarios: valor });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(null);
    guardar.mutate(
      { idCompania, destinatarios: parsed.data.destinatarios },
      {
        onSuccess: ({ message }) => {
          setBorrador(null);
          notifySuccess(message);
        },
        onError: (failure) =>
          failure instanceof ApiError && failure.errors[0]
            ? setError(failure.errors[0].message)
            : notifyApiError(failure, 'No se pudieron guardar los destinatarios.'),
      },
    );
  };
  return (
    <Tarjeta id="informe-destinatarios" title={`Destinatarios del envío mensual: ${compania}`}>
      <Text size="sm" c="dimmed">
        El primer día hábil de cada mes se envía el informe del mes anterior en PDF a estas direcciones. Sin direcciones, no se envía.
      </Text>
      <TagsInput
        label="Correos"
        placeholder="Escriba un correo y presione Enter"
        value={valor}
        onChange={(next) => {
          setBorrador(next);
          setError(null);
        }}
        error={error}
        splitChars={[',', ' ', ';']}
        clearable
      />
      <Group>
        <Button onClick={onGuardar} loading={guardar.isPending} disabled={borrador === null}>
          Guardar destinatarios
        </Button>
      </Group>
    </Tarjeta>
  );
}

/** 'Informes enviados': each monthly e-mail sent, with the PDF it carried. */
export function EnviadosLista({ idCompania }: { idCompania: number | null }) {
  const enviados = useEnviados();
  const filas = (enviados.data ?? []).filter((fila) => idCompania === null || fila.id_compania === idCompania);
  return (
    <Tarjeta id="informe-enviados" title="Informes enviados por correo">
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-labelledby="informe-enviados">
          <TableHeader cells={['Compañía', 'Mes', 'Destinatarios', 'Enviado', 'Copia']} />
          <Table.Tbody>
            {enviados.isSuccess && filas.length === 0 && <EmptyTableRow colSpan={5}>Todavía no se envió ningún informe.</EmptyTableRow>}
            {filas.map((fila) => (
              <Table.Tr key={fila.id}>
                <Table.Td>{fila.compania}</Table.Td>
                <Table.Td>{mesLargo(fila.mes)}</Table.Td>
                <Table.Td>{fila.destinatarios.join(', ')}</Table.Td>
                <Table.Td>{formatDateTime(fila.enviado)}</Table.Td>
                <Table.Td>
                  <Anchor
                    href={enviadoPdfUrl(fila.id)}
                    download={fila.archivo}
                    aria-label={`PDF enviado: ${fila.compania}, ${mesLargo(fila.mes)}`}
                  >
                    PDF
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Tarjeta>
  );
}
