import { useState } from 'react';
import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { ALLOWED_EXTENSIONS, PAGO_COMPROBANTE_TIPOS, PAGO_MESSAGES, formatPesos, isoDate, todayIso, type Pago } from '@siniestros/domain';
import { DateField } from '../../../components/DateField';
import { useDocumentos } from '../../documentacion';
import { useRegistrarPago } from '../api/registrar-pago';

const ACCEPT = ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const isComprobante = (nombre: string) => PAGO_COMPROBANTE_TIPOS.some((tipo) => nombre.toLowerCase().startsWith(tipo.toLowerCase()));

/** 'Registrar pago': the transfer date and the receipt, a new file (stored as 'Comprobante de pago') or one already on the case. */
export function RegistrarPagoDialog({ idCaso, pago, onClose }: { idCaso: number; pago: Pago; onClose: () => void }) {
  const registrar = useRegistrarPago(idCaso);
  const documentos = useDocumentos(idCaso);
  const cargados = (documentos.data ?? []).filter(isComprobante);
  const [fecha, setFecha] = useState(todayIso());
  const [archivo, setArchivo] = useState<File | null>(null);
  const [documento, setDocumento] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const fechaError = showErrors && !isoDate.safeParse(fecha).success ? 'Indique la fecha de la transferencia' : null;
  const comprobanteError = showErrors && !archivo && !documento ? PAGO_MESSAGES.comprobante : null;

  const save = () => {
    setShowErrors(true);
    if (!isoDate.safeParse(fecha).success || (!archivo && !documento)) return;
    registrar.mutate({ idPago: pago.id, fecha_pago: fecha, archivo, documento, version: pago.version }, { onSuccess: onClose });
  };

  return (
    <Modal opened onClose={onClose} title="Registrar pago" centered>
      <Stack>
        <Text size="sm">
          {pago.beneficiario_nombre}: {formatPesos(pago.monto)}
        </Text>
        <DateField label="Fecha de la transferencia" required value={fecha} onChange={setFecha} error={fechaError} />
        <FileInput
          label="Comprobante de pago (archivo)"
          placeholder="Seleccionar archivo"
          accept={ACCEPT}
          clearable
          value={archivo}
          onChange={(file) => {
            setArchivo(file);
            if (file) setDocumento(null);
          }}
          error={comprobanteError}
        />
        {cargados.length > 0 && (
          <Select
            label="O un comprobante ya cargado"
            placeholder="Elegir documento"
            clearable
            data={cargados}
            value={documento}
            onChange={(value) => {
              setDocumento(value);
              if (value) setArchivo(null);
            }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={save} loading={registrar.isPending}>
            Registrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
