import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import {
  CASO_MESSAGES,
  CONVENIO_DATOS_LABELS,
  CONVENIO_MESSAGES,
  CONVENIO_TEMPLATES,
  datosAdicionalesDe,
  errorDeCbu,
  normalizarCbu,
  type ConvenioDatoAdicional,
  type Tercero,
} from '@siniestros/domain';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify';
import { useDownloadConvenios } from '../api/download-convenios';
import { useSaveTerceroCbu } from '../api/save-tercero-cbu';

type Extra = Partial<Record<ConvenioDatoAdicional, string>>;

const PLACEHOLDERS: Record<ConvenioDatoAdicional | 'cbu', string> = {
  titular_nombre: 'Nombre Apellido',
  titular_documento: 'DNI 12.345.678',
  caracter: 'conductor autorizado',
  apoderado_nombre: 'Nombre Apellido',
  apoderado_documento: 'DNI 25.111.222',
  poder: 'escritura N°, fecha, escribano y registro',
  cbu: '22 dígitos',
};

const terceroLabel = (tercero: Tercero) => [`${tercero.nombre ?? ''} ${tercero.apellido}`.trim(), tercero.dominio].filter(Boolean).join(' — ');

/**
 * Spec §4 status 5 'Seleccionar Convenios': a checklist of the 9 templates, downloaded as one zip; with several
 * third parties the set is for the one chosen here.
 */
export function ConveniosDialog({ idCaso, terceros, onClose }: { idCaso: number; terceros: Tercero[]; onClose: () => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const [idTercero, setIdTercero] = useState<string | null>(terceros.length === 1 ? String(terceros[0]!.id) : null);
  const [extra, setExtra] = useState<Extra>({});
  const [cbus, setCbus] = useState<Record<string, string>>({});
  const [showErrors, setShowErrors] = useState(false);
  const download = useDownloadConvenios(idCaso);
  const saveCbu = useSaveTerceroCbu(idCaso);
  const needsTercero = terceros.length > 1 && idTercero === null;
  const tercero = terceros.find((candidate) => String(candidate.id) === idTercero);
  // The payee's account starts as the third party's stored CBU; what is typed here is sent instead.
  const cbu = idTercero === null ? '' : (cbus[idTercero] ?? tercero?.cbu ?? '');
  const adicionales = datosAdicionalesDe(selected);
  const errorOf = (campo: ConvenioDatoAdicional) => (showErrors && !extra[campo]?.trim() ? CONVENIO_MESSAGES.required(CONVENIO_DATOS_LABELS[campo]) : null);
  const cbuError = showErrors && normalizarCbu(cbu) === null ? (cbu.trim() ? errorDeCbu(cbu) : CONVENIO_MESSAGES.noCbu) : null;

  const submit = () => {
    if (selected.length === 0) return notifyError(CONVENIO_MESSAGES.noneSelected);
    if (needsTercero) return notifyError(CONVENIO_MESSAGES.chooseTercero);
    setShowErrors(true);
    if (adicionales.some((campo) => !extra[campo]?.trim()) || normalizarCbu(cbu) === null) return;
    const datos = Object.fromEntries(adicionales.map((campo) => [campo, extra[campo]!.trim()]));
    download.mutate(
      { convenioFile: selected, ...(idTercero ? { id_tercero: Number(idTercero) } : {}), ...datos, cbu },
      {
        onSuccess: () => {
          notifySuccess(CONVENIO_MESSAGES.downloaded);
          // A CBU typed here is the third party's from now on (the payment order starts from it, docs/decisions/082).
          const typed = normalizarCbu(cbu);
          if (tercero && typed && typed !== normalizarCbu(tercero.cbu ?? '')) {
            saveCbu.mutate({ tercero, cbu: typed });
          }
          onClose();
        },
        onError: (error) => notifyApiError(error, CASO_MESSAGES.loadError),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Seleccionar Convenios" centered>
      <Stack>
        {terceros.length > 1 && (
          <Select
            label="Tercero"
            placeholder="Seleccione el tercero"
            required
            data={terceros.map((tercero) => ({ value: String(tercero.id), label: terceroLabel(tercero) }))}
            value={idTercero}
            onChange={setIdTercero}
          />
        )}
        <Checkbox.Group label="Convenios" value={selected} onChange={setSelected}>
          <Stack gap="xs" mt="xs">
            {CONVENIO_TEMPLATES.map((template) => (
              <Checkbox key={template.id} value={template.nombre} label={template.nombre} />
            ))}
          </Stack>
        </Checkbox.Group>
        {adicionales.map((campo) => (
          <TextInput
            key={campo}
            label={CONVENIO_DATOS_LABELS[campo]}
            placeholder={PLACEHOLDERS[campo]}
            required
            maxLength={campo === 'poder' ? 300 : 150}
            value={extra[campo] ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setExtra((current) => ({ ...current, [campo]: value }));
            }}
            error={errorOf(campo)}
          />
        ))}
        {idTercero !== null && (
          <TextInput
            label={CONVENIO_DATOS_LABELS.cbu}
            placeholder={PLACEHOLDERS.cbu}
            required
            inputMode="numeric"
            maxLength={50}
            value={cbu}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setCbus((current) => ({ ...current, [idTercero]: value }));
            }}
            error={cbuError}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} disabled={selected.length === 0 || needsTercero} loading={download.isPending}>
            Descargar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
